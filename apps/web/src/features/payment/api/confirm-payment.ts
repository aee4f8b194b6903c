import { PaymentResultSchema, type Card, type PaymentResult } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { apiPaths } from '../../../lib/paths';
import { premiumGranted } from './premium-granted';

export interface ConfirmPaymentInput {
  clientSecret: string;
  card: Card;
}

/** The built-in test provider's card payment: 200 when it succeeded, 402 with the card's message. */
export function confirmPayment(input: ConfirmPaymentInput): Promise<PaymentResult> {
  return apiRequest(apiPaths.confirmPayment, PaymentResultSchema, { method: 'POST', body: input });
}

/** Pays with the card; invalidates the role lookup, which now says premium. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: (result) => premiumGranted(queryClient, user?.email ?? '', result.premiumTaken),
  });
}
