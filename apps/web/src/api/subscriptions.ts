import { MySubscriptionSchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

/** docs/product.md#renewing-subscriptions: the reader's renewing subscription, the current one or the last. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

export function useMySubscription() {
  return useQuery({
    queryKey: subscriptionKeys.mine(),
    queryFn: ({ signal }) => apiRequest(apiPaths.subscription, MySubscriptionSchema, { signal }),
  });
}
