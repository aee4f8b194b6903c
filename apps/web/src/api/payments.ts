import { PaymentIntentSchema, PaymentStatusSchema, type PaymentIntent, type PlanId } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { apiPaths } from '../lib/paths';

export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const paymentKeys = {
  all: ['payments'] as const,
  // Keyed by the reader too, so a new sign-in never pays into the previous reader's intent.
  intent: (email: string, planId: PlanId) => [...paymentKeys.all, 'intent', email, planId] as const,
};

/** Opens a payment for a plan; the server takes the amount from its own plan table (docs/architecture/payments.md#the-amount). */
export function createPaymentIntent(planId: string): Promise<PaymentIntent> {
  return apiRequest(apiPaths.createPaymentIntent, PaymentIntentSchema, { method: 'POST', body: { planId } });
}

/**
 * The payment page's intent, opened once per visit. A query rather than an effect: StrictMode's second
 * mount and any other component asking for it share the one request, nothing refetches it on focus,
 * and it is dropped as soon as the page is left, so the next visit opens a fresh one. No abort signal
 * is passed, so an unmount while the request is on its way cannot cancel it and start a second one.
 */
export function usePaymentIntent(planId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: paymentKeys.intent(user?.email ?? '', planId),
    queryFn: () => createPaymentIntent(planId),
    enabled: user !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function getPaymentStatus(clientSecret: string): Promise<PaymentStatus> {
  return apiRequest(apiPaths.paymentStatus, PaymentStatusSchema, { query: { clientSecret } });
}
