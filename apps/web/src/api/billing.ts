import { BillingHistorySchema, PremiumAccessSchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

// A reader's premium: their payments and expiry, and what their access is now.

export const billingKeys = {
  all: ['billing'] as const,
  of: (email: string) => [...billingKeys.all, email] as const,
  /** Under the reader's key: a grant or a payment that refreshes the billing refreshes this too. */
  access: (email: string) => [...billingKeys.of(email), 'access'] as const,
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

/** What a reader's premium access is now: its plan, what it includes, how many premium articles are left. */
export function useAccess(email: string | undefined) {
  return useQuery({
    queryKey: billingKeys.access(email ?? ''),
    queryFn: ({ signal }) => apiRequest(apiPaths.userAccess, PremiumAccessSchema, { signal, query: { email } }),
    enabled: Boolean(email),
  });
}
