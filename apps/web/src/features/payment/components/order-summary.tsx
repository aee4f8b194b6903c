import { formatPrice, TEXT, type Plan } from '@dispatch/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** What the reader is about to pay for, as the server has the plan (never from storage). */
export function OrderSummary({ plan }: { plan: Plan }) {
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
          <dt className="font-semibold text-ink">{TEXT.paymentPage.total}</dt>
          <dd className="font-serif text-2xl font-bold text-ink lining-nums">
            {formatPrice(plan.price, plan.currency)}
          </dd>
        </div>
      </dl>
      <Link
        to={paths.subscription}
        className="mt-5 inline-block text-sm font-medium text-accent underline-offset-2 hover:underline"
      >
        {TEXT.paymentPage.changePlan}
      </Link>
    </aside>
  );
}
