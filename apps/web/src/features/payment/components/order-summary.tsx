import { DAY_MS, formatPrice, SUBSCRIPTION_TEXT, TEXT, type Plan } from '@dispatch/shared';
import { Link } from 'react-router';
import { useNow } from '../../../hooks/use-now';
import { paths } from '../../../lib/paths';

const firstChargeFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** A renewing plan's terms: when the first charge is, and that it renews until cancelled. */
function RenewalTerms({ plan }: { plan: Plan & { renewsEvery: 'month' | 'year' } }) {
  const now = useNow();
  const price = formatPrice(plan.price, plan.currency);
  const text =
    plan.freeDays > 0
      ? SUBSCRIPTION_TEXT.checkoutFree(
          plan.freeDays,
          price,
          firstChargeFormat.format(new Date(now.getTime() + plan.freeDays * DAY_MS)),
        )
      : SUBSCRIPTION_TEXT.checkoutRenews(plan.renewsEvery);
  return <p className="mt-4 text-sm text-ink-soft">{text}</p>;
}

/** What the reader is about to pay for, as the server has the plan (never from storage). */
export function OrderSummary({ plan }: { plan: Plan }) {
  const freeFirst = plan.renewsEvery !== null && plan.freeDays > 0;
  return (
    <aside aria-labelledby="order-summary" className="rounded-lg border border-rule bg-surface p-5 sm:p-6">
      <h2 id="order-summary" className="text-xl font-bold text-ink">
        {TEXT.paymentPage.summary}
      </h2>
      <dl className="mt-4 space-y-3 text-[0.9375rem]">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{TEXT.paymentPage.plan}</dt>
          <dd className="text-right font-medium text-ink">{plan.name}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{TEXT.paymentPage.duration}</dt>
          <dd className="text-right font-medium text-ink">{plan.label}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-rule pt-3">
          <dt className="font-semibold text-ink">{freeFirst ? SUBSCRIPTION_TEXT.dueToday : TEXT.paymentPage.total}</dt>
          <dd className="font-serif text-2xl font-bold text-ink lining-nums">
            {formatPrice(freeFirst ? 0 : plan.price, plan.currency)}
          </dd>
        </div>
      </dl>
      {plan.renewsEvery && <RenewalTerms plan={{ ...plan, renewsEvery: plan.renewsEvery }} />}
      <Link
        to={paths.subscription}
        className="mt-5 inline-block text-sm font-medium text-accent underline-offset-2 hover:underline"
      >
        {TEXT.paymentPage.changePlan}
      </Link>
    </aside>
  );
}
