import { cardErrors, formatCardNumber, formatExpiry, TEXT, type Card } from '@dispatch/shared';
import { Controller, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { TextField } from './form-field';

/** The same checks the server makes (shared cardErrors), against the clock at the moment of checking. */
export const cardResolver: Resolver<Card> = (values) => {
  const problems = cardErrors(values, new Date());
  const errors: FieldErrors<Card> = {};
  for (const name of ['number', 'expiry', 'cvc'] as const) {
    const message = problems[name];
    if (message) errors[name] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

export const EMPTY_CARD: Card = { number: '', expiry: '', cvc: '' };

/**
 * The test provider's card fields (docs/architecture/payments.md#providers): number, expiry and CVC, formatted as
 * the reader types; for a react-hook-form form using `cardResolver`.
 */
export function CardFields({ control }: { control: Control<Card> }) {
  return (
    <>
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
    </>
  );
}
