import { cardErrors, formatCardNumber, formatExpiry, TEXT, type Card } from '@dispatch/shared';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmPayment } from '../api/confirm-payment';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

/** The same checks the server makes (shared cardErrors), against the clock at the moment of checking. */
const cardResolver: Resolver<Card> = (values) => {
  const problems = cardErrors(values, new Date());
  const errors: FieldErrors<Card> = {};
  for (const name of ['number', 'expiry', 'cvc'] as const) {
    const message = problems[name];
    if (message) errors[name] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/**
 * The built-in test provider's card form (docs/architecture/payments.md#providers): formatted as the reader types, each field checked
 * when it is left and again on submit; a declined card is a toast with the server's message (docs/product.md#texts),
 * also said beside Pay Now until the next try.
 */
export function CardForm({ clientSecret, onPaid }: { clientSecret: string; onPaid: () => void }) {
  const { control, handleSubmit } = useForm<Card>({
    resolver: cardResolver,
    mode: 'onTouched',
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const confirm = useConfirmPayment();

  const onSubmit = handleSubmit((card) =>
    confirm.mutate(
      { clientSecret, card },
      {
        onSuccess: onPaid,
        onError: (error) => {
          toast.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <HydratedForm noValidate onSubmit={onSubmit} aria-label={TEXT.paymentPage.cardDetails} className="space-y-5">
      <div role="note" className="rounded-md border border-accent-line/50 bg-accent-wash px-4 py-3 text-sm">
        <p className="font-semibold text-ink">{TEXT.paymentPage.testNoteTitle}</p>
        <p className="mt-1 text-ink-soft">{TEXT.paymentPage.testNote}</p>
      </div>
      <Controller
        control={control}
        name="number"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
            label={TEXT.paymentPage.cardNumber}
            error={fieldState.error?.message}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
          />
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={control}
          name="expiry"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(formatExpiry(event.target.value))}
              label={TEXT.paymentPage.expiry}
              error={fieldState.error?.message}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
            />
          )}
        />
        <Controller
          control={control}
          name="cvc"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
              label={TEXT.paymentPage.cvc}
              error={fieldState.error?.message}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
            />
          )}
        />
      </div>
      <FormAlert message={confirm.isError ? errorMessage(confirm.error) : null} />
      <SubmitButton pending={confirm.isPending} className="btn btn-accent w-full py-3 text-base">
        {TEXT.payment.payNow}
      </SubmitButton>
    </HydratedForm>
  );
}
