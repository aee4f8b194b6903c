import { TEXT } from '@dispatch/shared';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when loadStripe is called, not as a side effect of importing it.
import { loadStripe } from '@stripe/stripe-js/pure';
import { use, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form-alert';
import { ErrorState, LoadingState } from '../../../components/states';
import { paymentErrorMessage, useConfirmStripePayment } from '../api/confirm-stripe-payment';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

const stripeLoads = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js load per key for the life of the page; a failed load answers null. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch(() => null);
    stripeLoads.set(publishableKey, load);
  }
  return load;
}

/** Stripe's fields live in its frame, out of reach of our CSS: they get the theme's colours as values. */
function cardStyle() {
  const token = (name: string) =>
    typeof document === 'undefined'
      ? ''
      : getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`).trim();
  return {
    base: {
      fontFamily: 'system-ui, sans-serif',
      fontSize: '16px',
      color: token('ink'),
      '::placeholder': { color: token('ink-soft') },
    },
    invalid: { color: token('danger') },
  };
}

interface StripeFormProps {
  clientSecret: string;
  /** 'setup' for a renewing plan's free days: the card is kept, nothing is charged. */
  kind?: 'payment' | 'setup';
  submitLabel?: string;
  onPaid: () => void;
}

function StripeCardFields({ clientSecret, kind, submitLabel = TEXT.payment.payNow, onPaid }: StripeFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const pay = useConfirmStripePayment(clientSecret, kind);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    pay.mutate(
      { stripe, card },
      {
        onSuccess: onPaid,
        onError: (error) => {
          toast.error(paymentErrorMessage(error));
        },
      },
    );
  };

  return (
    <HydratedForm noValidate onSubmit={onSubmit} aria-label={TEXT.paymentPage.cardDetails} className="space-y-5">
      <fieldset>
        <legend className="field-label">{TEXT.paymentPage.card}</legend>
        <div className="field-control py-3">
          <CardElement options={{ style: cardStyle() }} />
        </div>
        <p className="field-hint">{TEXT.paymentPage.secureNote}</p>
      </fieldset>
      {pay.isPending && <LoadingState label={TEXT.paymentPage.confirming} />}
      <FormAlert message={pay.isError ? paymentErrorMessage(pay.error) : null} />
      <SubmitButton pending={pay.isPending} waiting={!stripe} className="btn btn-accent w-full py-3 text-base">
        {submitLabel}
      </SubmitButton>
    </HydratedForm>
  );
}

/** The Stripe provider's form: Stripe Elements, loaded only on this page and only in this mode (docs/architecture/payments.md#providers). */
export function StripeCardForm({ publishableKey, ...form }: StripeFormProps & { publishableKey: string }) {
  const stripe = use(stripeFor(publishableKey));
  if (!stripe) return <ErrorState message={TEXT.paymentPage.stripeUnavailable} />;
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...form} />
    </Elements>
  );
}
