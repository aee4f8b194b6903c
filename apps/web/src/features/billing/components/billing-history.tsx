import { BILLING_TEXT, formatPrice, isPremium, SUBSCRIPTION_TEXT, type BillingEntry } from '@dispatch/shared';
import { Link } from 'react-router';
import { table } from '../../../components/data-table';
import { ErrorState, LoadingState } from '../../../components/states';
import { dayFormat, formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useAccess, useBillingHistory } from '../../../api/billing';
import { PlanAccess } from './plan-access';
import { useNow } from '../../../hooks/use-now';

const T = BILLING_TEXT;

function statusClass(status: BillingEntry['status']) {
  const tone = {
    paid: 'border-emerald-300 bg-emerald-50 text-emerald-900',
    declined: 'border-red-300 bg-red-50 text-red-900',
    incomplete: 'border-stone-300 bg-stone-50 text-stone-800',
  }[status];
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`;
}

function PremiumStatus({ premiumTaken, renewable }: { premiumTaken: string | null; renewable: boolean }) {
  const active = isPremium(premiumTaken, useNow());
  const message = active
    ? T.activeUntil(formatDate(premiumTaken!))
    : premiumTaken
      ? T.endedOn(formatDate(premiumTaken))
      : T.never;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-rule bg-surface-muted px-4 py-3">
      <p className={active ? 'font-semibold text-ink' : 'text-ink'}>{message}</p>
      {renewable && (
        <Link to={paths.subscription} className="btn btn-accent">
          {active || premiumTaken ? T.renew : T.subscribe}
        </Link>
      )}
    </div>
  );
}

function Payments({ payments }: { payments: BillingEntry[] }) {
  if (payments.length === 0) return <p className="text-ink-soft">{T.none}</p>;
  return (
    <div className={table.wrapper}>
      <table className={table.table}>
        <thead className={table.head}>
          <tr>
            {Object.values(T.columns).map((column) => (
              <th key={column} scope="col" className={table.headCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={table.body}>
          {payments.map((payment) => (
            <tr key={payment._id} className={table.row}>
              <td data-label={T.columns.date} className={`${table.cell} tabular-nums`}>
                {formatDate(payment.createdAt)}
              </td>
              <td data-label={T.columns.plan} className={table.cell}>
                {payment.planName}
                {payment.kind !== 'payment' && (
                  <span className="text-ink-soft"> · {SUBSCRIPTION_TEXT.billingKinds[payment.kind]}</span>
                )}
              </td>
              <td data-label={T.columns.amount} className={`${table.cell} tabular-nums`}>
                {formatPrice(payment.amount, payment.currency)}
              </td>
              <td data-label={T.columns.status} className={table.cell}>
                <span className={statusClass(payment.status)}>
                  {payment.kind === 'free_days' ? SUBSCRIPTION_TEXT.freeStatus : T.statuses[payment.status]}
                </span>
              </td>
              <td data-label={T.columns.period} className={`${table.cell} tabular-nums`}>
                {payment.periodStart && payment.periodEnd
                  ? `${formatDate(payment.periodStart, dayFormat)} – ${formatDate(payment.periodEnd, dayFormat)}`
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A reader's premium status and payments: on /profile for themselves, in the dashboard for an admin. */
export function BillingHistory({ email, renewable }: { email: string; renewable: boolean }) {
  const history = useBillingHistory(email);
  const access = useAccess(email);
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorState onRetry={() => void history.refetch()} />;
  return (
    <div className="space-y-4">
      <PremiumStatus premiumTaken={history.data.premiumTaken} renewable={renewable} />
      {/* What the access is: a section of its own, so a failure here leaves the payments readable. */}
      {access.data && <PlanAccess access={access.data} />}
      <Payments payments={history.data.payments} />
    </div>
  );
}
