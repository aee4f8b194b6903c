import { PAYMENT_MESSAGES, TEXT } from '@dispatch/shared';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPaymentStatus, type PaymentStatus } from '../../../api/payments';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { premiumGranted } from './premium-granted';

/** A payment that did not go through, with a message fit to show (the card network's, or ours). */
export class PaymentFailedError extends Error {
  override name = 'PaymentFailedError';
}

export function paymentErrorMessage(error: unknown): string {
  return error instanceof PaymentFailedError ? error.message : errorMessage(error);
}

const POLL_INTERVAL_MS = 1500;
const POLL_TIMEOUT_MS = 60_000;

/**
 * Stripe tells the browser a payment succeeded before its webhook reaches our server, and only the
 * webhook grants premium (docs/architecture/payments.md#providers): ask our server until it says succeeded, or give up with a
 * message that the payment is still on its way.
 */
export async function waitForPayment(
  clientSecret: string,
  { intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS } = {},
): Promise<PaymentStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const status = await getPaymentStatus(clientSecret);
      if (status.status === 'succeeded') return status;
    } catch (error) {
      // A lost connection is worth another try; an answer like 404 will not change.
      if (error instanceof ApiError && error.isClientError) throw error;
    }
    if (Date.now() + intervalMs > deadline) throw new PaymentFailedError(TEXT.paymentPage.confirmTimeout);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface StripePaymentInput {
  stripe: Stripe;
  card: StripeCardElement;
}

/**
 * Pays through Stripe.js, then waits for our server; invalidates the role lookup like the test provider. A renewing
 * plan's free days charge nothing: the card is only set up for later (`kind: 'setup'`, a SetupIntent's secret).
 */
export function useConfirmStripePayment(clientSecret: string, kind: 'payment' | 'setup' = 'payment') {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ stripe, card }: StripePaymentInput) => {
      const { error } =
        kind === 'setup'
          ? await stripe.confirmCardSetup(clientSecret, { payment_method: { card } })
          : await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (error) throw new PaymentFailedError(error.message ?? PAYMENT_MESSAGES.cardDeclined);
      return waitForPayment(clientSecret);
    },
    onSuccess: (status) => premiumGranted(queryClient, user?.email ?? '', status.premiumTaken),
  });
}
