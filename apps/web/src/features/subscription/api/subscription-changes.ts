import { MySubscriptionSchema, SubscriptionPortalSchema, type Card, type MySubscription } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '../../../api/billing';
import { subscriptionKeys } from '../../../api/subscriptions';
import { viewerKeys } from '../../../hooks/use-viewer';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { apiPaths } from '../../../lib/paths';

/**
 * A change to the reader's subscription answers the subscription as it is now; premium, the bill and the
 * past-due banner (the role) may have changed with it, so they are read again.
 */
function useSubscriptionChange<T>(send: (input: T) => Promise<MySubscription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(subscriptionKeys.mine(), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        queryClient.invalidateQueries({ queryKey: viewerKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
  });
}

export const useCancelSubscription = () =>
  useSubscriptionChange(() => apiRequest(apiPaths.subscriptionCancel, MySubscriptionSchema, { method: 'POST' }));

export const useResumeSubscription = () =>
  useSubscriptionChange(() => apiRequest(apiPaths.subscriptionResume, MySubscriptionSchema, { method: 'POST' }));

export const useReplaceCard = () =>
  useSubscriptionChange((card: Card) =>
    apiRequest(apiPaths.subscriptionCard, MySubscriptionSchema, { method: 'POST', body: { card } }),
  );

/** Stripe only: the customer portal's link for changing the card; the browser goes there, and comes back to /profile. */
export const useOpenPortal = () =>
  useMutation({
    mutationFn: () => apiRequest(apiPaths.subscriptionPortal, SubscriptionPortalSchema, { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
