import { FUNNEL_WINDOWS, PLAN_TEXT, REVENUE_TEXT, SUBSCRIPTION_TEXT } from '@dispatch/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/states';
import { useFunnel } from '../../../api/funnel';
import { FunnelTable, PlanPurchasesTable } from '../../../features/funnel/components/funnel-table';
import { DashboardHeading } from './dashboard-heading';

const F = REVENUE_TEXT.funnel;
const S = SUBSCRIPTION_TEXT.funnel;

// Recharts arrives with the chart, never with the rest of the site.
const FunnelChart = lazy(async () => ({
  default: (await import('../../../features/funnel/components/funnel-chart')).FunnelChart,
}));

const DEFAULT_DAYS = 30;

/** /dashboard/funnel: the paywall funnel (docs/product.md#reader-revenue); the period is kept in the URL. */
export function FunnelRoute() {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('days'));
  const days = FUNNEL_WINDOWS.find((window) => window === asked) ?? DEFAULT_DAYS;
  const funnel = useFunnel(days);
  return (
    <section aria-labelledby="funnel-heading">
      <DashboardHeading id="funnel-heading" title={F.heading} intro={F.intro} />
      <label className="mb-6 flex items-center gap-3 text-sm font-semibold text-ink">
        {F.window}
        <select
          value={days}
          onChange={(event) => setSearch({ days: event.target.value }, { replace: true })}
          className="rounded-md border border-rule bg-surface px-3 py-2 text-sm text-ink"
        >
          {FUNNEL_WINDOWS.map((window) => (
            <option key={window} value={window}>
              {F.lastDays(window)}
            </option>
          ))}
        </select>
      </label>
      {funnel.isPending ? (
        <LoadingState />
      ) : funnel.isError ? (
        <ErrorState onRetry={() => void funnel.refetch()} />
      ) : (
        <div className="space-y-8">
          {funnel.data.site.wall + funnel.data.site.gift + funnel.data.site.metered === 0 && (
            <p className="rounded-lg border border-rule bg-surface p-5 text-ink-soft">{F.noEvents}</p>
          )}
          <Suspense fallback={<LoadingState />}>
            <FunnelChart funnel={funnel.data} />
          </Suspense>
          <section aria-labelledby="funnel-articles">
            <h2 id="funnel-articles" className="mb-4 text-xl font-bold text-ink">
              {F.topArticles}
            </h2>
            <FunnelTable funnel={funnel.data} />
          </section>
          <section aria-labelledby="funnel-subscriptions">
            <h2 id="funnel-subscriptions" className="mb-4 text-xl font-bold text-ink">
              {S.heading}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {(['started', 'renewed', 'refused', 'cancelled', 'lapsed'] as const).map((key) => (
                <div key={key} className="rounded-lg border border-rule bg-surface p-4">
                  <dt className="text-sm text-ink-soft">{S[key]}</dt>
                  <dd className="mt-1 font-serif text-2xl font-bold text-ink tabular-nums">
                    {funnel.data.subscriptions[key]}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="funnel-plans">
            <h2 id="funnel-plans" className="mb-4 text-xl font-bold text-ink">
              {PLAN_TEXT.purchasesPerPlan}
            </h2>
            <PlanPurchasesTable plans={funnel.data.plans} />
          </section>
        </div>
      )}
    </section>
  );
}
