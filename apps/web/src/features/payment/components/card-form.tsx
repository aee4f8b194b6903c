import { TEXT, type Card } from '@dispatch/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form-alert';
import { CardFields, cardResolver, EMPTY_CARD } from '../../../components/card-fields';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmPayment } from '../api/confirm-payment';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

/**
 * The built-in test provider's card form (docs/architecture/payments.md#providers): formatted as the reader types, each field checked
 * when it is left and again on submit; a declined card is a toast with the server's message (docs/product.md#texts),
 * also said beside Pay Now until the next try.
 */
export function CardForm({
  clientSecret,
  onPaid,
  submitLabel = TEXT.payment.payNow,
  extraNote,
}: {
  clientSecret: string;
  onPaid: () => void;
  /** A renewing plan's: "Start my free days" or "Subscribe"; a pass keeps SPEC's "Pay Now". */
  submitLabel?: string;
  extraNote?: string;
}) {
  const { control, handleSubmit } = useForm<Card>({
    resolver: cardResolver,
    mode: 'onTouched',
    defaultValues: EMPTY_CARD,
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
        {extraNote && <p className="mt-1 text-ink-soft">{extraNote}</p>}
      </div>
      <CardFields control={control} />
      <FormAlert message={confirm.isError ? errorMessage(confirm.error) : null} />
      <SubmitButton pending={confirm.isPending} className="btn btn-accent w-full py-3 text-base">
        {submitLabel}
      </SubmitButton>
    </HydratedForm>
  );
}
