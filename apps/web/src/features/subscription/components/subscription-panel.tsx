import { formatPrice, SUBSCRIPTION_TEXT, TEXT, type Card, type Subscription } from '@dispatch/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useMySubscription } from '../../../api/subscriptions';
import { CardFields, cardResolver, EMPTY_CARD } from '../../../components/card-fields';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-alert';
import { HydratedForm } from '../../../components/hydrated-form';
import { ErrorState, LoadingState } from '../../../components/states';
import { SubmitButton } from '../../../components/submit-button';
import { errorMessage } from '../../../lib/api-client';
import { dayFormat, formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useConfig } from '../../../lib/site-config';
import {
  useCancelSubscription,
  useOpenPortal,
  useReplaceCard,
  useResumeSubscription,
} from '../api/subscription-changes';

const T = SUBSCRIPTION_TEXT;
const day = (iso: string) => formatDate(iso, dayFormat);
const priceOf = (subscription: Subscription) => formatPrice(subscription.price, subscription.currency);

type Shown = keyof typeof T.statuses;
const shownStatus = (subscription: Subscription): Shown =>
  subscription.cancelAtPeriodEnd && subscription.status !== 'ended' ? 'cancelled' : subscription.status;

const BADGE: Record<Shown, string> = {
  trialing: 'border-sky-300 bg-sky-50 text-sky-900',
  active: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  past_due: 'border-red-300 bg-red-50 text-red-900',
  cancelled: 'border-amber-300 bg-amber-50 text-amber-900',
  ended: 'border-stone-300 bg-stone-50 text-stone-800',
};

/** What the subscription's state means for the reader, in one sentence. */
function StateLine({ subscription }: { subscription: Subscription }) {
  const price = priceOf(subscription);
  switch (shownStatus(subscription)) {
    case 'trialing':
      return <p>{T.freeUntil(day(subscription.periodEnd), price)}</p>;
    case 'active':
      return <p>{T.renewsOn(day(subscription.periodEnd), price)}</p>;
    case 'cancelled':
      return <p>{T.endsOn(day(subscription.periodEnd))}</p>;
    case 'past_due':
      return (
        <p role="alert" className="font-semibold text-danger">
          {T.pastDue(price, day(subscription.graceEndsAt!))}
        </p>
      );
    case 'ended':
      return (
        <p>
          {T.endedOn(day(subscription.endedAt ?? subscription.periodEnd))}{' '}
          {subscription.endedReason && T.endedReasons[subscription.endedReason]}
        </p>
      );
  }
}

/** Another card on file; for a subscription past due, charged at once. */
function CardChange({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const { control, handleSubmit } = useForm<Card>({
    resolver: cardResolver,
    mode: 'onTouched',
    defaultValues: EMPTY_CARD,
  });
  const replace = useReplaceCard();
  const pastDue = subscription.status === 'past_due';
  const onSubmit = handleSubmit((card) =>
    replace.mutate(card, {
      onSuccess: () => {
        toast.success(pastDue ? T.paid : T.cardSaved);
        onClose();
      },
    }),
  );
  return (
    <HydratedForm
      noValidate
      onSubmit={onSubmit}
      aria-label={T.newCard}
      className="space-y-4 rounded-md border border-rule p-4"
    >
      <p className="font-semibold text-ink">{T.newCard}</p>
      <p className="text-sm text-ink-soft">{TEXT.paymentPage.testNote}</p>
      <CardFields control={control} />
      <FormAlert message={replace.isError ? errorMessage(replace.error) : null} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={replace.isPending} className="btn btn-accent">
          {pastDue ? T.payWithCard : T.saveCard}
        </SubmitButton>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {T.closeCard}
        </button>
      </div>
    </HydratedForm>
  );
}

function Actions({ subscription }: { subscription: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const [changingCard, setChangingCard] = useState(subscription.status === 'past_due');
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const payments = useConfig().data?.payments;
  const testPayments = payments === 'test';
  const portal = useOpenPortal();
  const pastDue = subscription.status === 'past_due';

  return (
    <div className="space-y-4">
      {subscription.cardLast4 && <p className="text-sm text-ink-soft">{T.card(subscription.cardLast4)}</p>}
      {testPayments && changingCard && (
        <CardChange subscription={subscription} onClose={() => setChangingCard(false)} />
      )}
      <div className="flex flex-wrap gap-3">
        {testPayments && !changingCard && (
          <button type="button" className="btn btn-outline" onClick={() => setChangingCard(true)}>
            {T.changeCard}
          </button>
        )}
        {payments === 'stripe' && (
          <button
            type="button"
            aria-busy={portal.isPending || undefined}
            className={pastDue ? 'btn btn-accent' : 'btn btn-outline'}
            onClick={() => {
              if (!portal.isPending) portal.mutate();
            }}
          >
            {T.changeCardAtStripe}
          </button>
        )}
        {subscription.cancelAtPeriodEnd ? (
          <button
            type="button"
            aria-disabled={resume.isPending || undefined}
            aria-busy={resume.isPending || undefined}
            className="btn btn-primary"
            onClick={() => {
              if (!resume.isPending) resume.mutate(undefined, { onSuccess: () => toast.success(T.resumed) });
            }}
          >
            {T.resume}
          </button>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(true)}>
            {T.cancel}
          </button>
        )}
      </div>
      <FormAlert
        message={
          cancel.isError
            ? errorMessage(cancel.error)
            : resume.isError
              ? errorMessage(resume.error)
              : portal.isError
                ? errorMessage(portal.error)
                : null
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.cancelTitle}
        description={pastDue ? T.cancelPastDueBody : T.cancelBody(day(subscription.periodEnd))}
        confirmLabel={T.cancel}
        tone="danger"
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => toast.success(T.cancelled) })}
      />
    </div>
  );
}

/**
 * The reader's renewing subscription on /profile (docs/product.md#renewing-subscriptions): its state, the next
 * charge, the card on file, cancel and resume. Nothing when they never had one.
 */
export function SubscriptionPanel() {
  const mine = useMySubscription();
  if (mine.isPending) return <LoadingState />;
  if (mine.isError) return <ErrorState onRetry={() => void mine.refetch()} />;
  const subscription = mine.data.subscription;
  if (!subscription) return null;
  const shown = shownStatus(subscription);
  return (
    <section
      id="subscription"
      aria-labelledby="subscription-heading"
      className="space-y-4 rounded-md border border-rule p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="subscription-heading" className="text-xl font-bold text-ink">
          {T.heading}
        </h3>
        <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${BADGE[shown]}`}>
          {T.statuses[shown]}
        </span>
      </div>
      <p className="font-semibold text-ink">
        {subscription.planName} · {priceOf(subscription)} {T.every[subscription.renewsEvery]}
      </p>
      <StateLine subscription={subscription} />
      {subscription.status === 'ended' ? (
        <Link to={paths.subscription} className="btn btn-accent">
          {T.choosePlan}
        </Link>
      ) : (
        <Actions key={`${subscription._id}:${subscription.status}`} subscription={subscription} />
      )}
    </section>
  );
}
