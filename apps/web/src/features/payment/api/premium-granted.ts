import type { QueryClient } from '@tanstack/react-query';
import { viewerKeys } from '../../../hooks/use-viewer';

/**
 * After a payment succeeded: the role lookup takes the new expiry the server answered at once, so the
 * navbar link and the premium guard see it before the lookup is asked again, then it is refetched.
 */
export async function premiumGranted(queryClient: QueryClient, email: string, premiumTaken: string | null) {
  if (premiumTaken) {
    queryClient.setQueryData(viewerKeys.role(email), (role) => (role ? { ...role, premiumTaken } : role));
  }
  await queryClient.invalidateQueries({ queryKey: viewerKeys.all });
}
