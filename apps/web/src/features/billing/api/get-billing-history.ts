import { BillingHistorySchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const billingKeys = {
  all: ['billing'] as const,
  of: (email: string) => [...billingKeys.all, email] as const,
};

/** A reader's premium expiry and payments: the signed-in reader's own, or (for an admin) another's. */
export function useBillingHistory(email: string | undefined) {
  return useQuery({
    queryKey: billingKeys.of(email ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.billingHistory, BillingHistorySchema, { signal, query: email ? { email } : undefined }),
    enabled: Boolean(email),
  });
}
