import { SUBSCRIPTION_TEXT, TEXT, type Plan } from '@dispatch/shared';
import { lazy, Suspense } from 'react';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentIntent } from '../../../api/payments';
import { CardForm } from './card-form';

// Its own chunk, fetched only when the server takes payments through Stripe: no Stripe code otherwise.
const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form')).StripeCardForm }));

interface CheckoutProps {
  plan: Plan;
  stripePublishableKey: string | null;
  onPaid: () => void;
}

/** Opens the payment for the plan, then shows the form of the provider the server chose for it. */
export function Checkout({ plan, stripePublishableKey, onPaid }: CheckoutProps) {
  const intent = usePaymentIntent(plan.id);

  if (intent.isPending) return <LoadingState label={TEXT.paymentPage.preparing} />;
  if (intent.isError) return <ErrorState message={errorMessage(intent.error)} onRetry={() => void intent.refetch()} />;
  const { provider, clientSecret, kind } = intent.data;
  // A renewing plan: nothing is due today during free days, and a second test card is worth knowing.
  const renewing = plan.renewsEvery !== null;
  const submitLabel = !renewing
    ? TEXT.payment.payNow
    : plan.freeDays > 0
      ? SUBSCRIPTION_TEXT.startFreeDays
      : SUBSCRIPTION_TEXT.subscribe;
  if (provider === 'test') {
    return (
      <CardForm
        clientSecret={clientSecret}
        onPaid={onPaid}
        submitLabel={submitLabel}
        extraNote={renewing && plan.freeDays > 0 ? SUBSCRIPTION_TEXT.testNoteRenewing : undefined}
      />
    );
  }
  if (!stripePublishableKey) return <ErrorState message={TEXT.paymentPage.stripeUnavailable} />;
  return (
    <Suspense fallback={<LoadingState label={TEXT.paymentPage.preparing} />}>
      <StripeCardForm
        publishableKey={stripePublishableKey}
        clientSecret={clientSecret}
        kind={kind}
        submitLabel={submitLabel}
        onPaid={onPaid}
      />
    </Suspense>
  );
}
