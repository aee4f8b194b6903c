import { PremiumAccessSchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { billingKeys } from './get-billing-history';

/** Under the reader's billing key: a grant or a payment that refreshes the billing refreshes this too. */
export const accessKey = (email: string) => [...billingKeys.of(email), 'access'] as const;

/** What a reader's premium access is now: its plan, what it includes, how many premium articles are left. */
export function useAccess(email: string | undefined) {
  return useQuery({
    queryKey: accessKey(email ?? ''),
    queryFn: ({ signal }) => apiRequest(apiPaths.userAccess, PremiumAccessSchema, { signal, query: { email } }),
    enabled: Boolean(email),
  });
}
