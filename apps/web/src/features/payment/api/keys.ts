import type { PlanId } from '@dispatch/shared';

export const paymentKeys = {
  all: ['payments'] as const,
  // Keyed by the reader too, so a new sign-in never pays into the previous reader's intent.
  intent: (email: string, planId: PlanId) => [...paymentKeys.all, 'intent', email, planId] as const,
};
