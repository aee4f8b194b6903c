/** Where money is taken. The server decides the amount; a provider only carries it out. */
export interface PaymentProvider {
  name: 'test' | 'stripe';
  /** Opens a payment for `amount` (smallest currency unit); answers the secret the browser confirms with. */
  createIntent(request: {
    intentId: string;
    amount: number;
    currency: string;
    userId: string;
    planId: string;
  }): Promise<{ clientSecret: string; providerRef: string | null }>;
}
