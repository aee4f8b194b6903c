import { TEXT } from '@dispatch/shared';
import { lazy, Suspense } from 'react';
import { ErrorState, LoadingState } from '../../../components/states';
import { useCharts } from '../../../api/articles-admin';
import { DashboardHeading } from './dashboard-heading';
import { DeskSummaryPanel } from '../../../features/dashboard/components/desk-summary-panel';
import { SetupChecklist } from '../../../features/settings/components/setup-checklist';

// Recharts is large: it arrives with the charts, never with the rest of the site (docs/conventions.md#web-conventions).
const OverviewCharts = lazy(async () => ({
  default: (await import('../../../features/dashboard/components/overview-charts')).OverviewCharts,
}));

/** /dashboard: the overview's charts. */
export function OverviewRoute() {
  const charts = useCharts();
  return (
    <section aria-labelledby="overview-heading">
      <DashboardHeading id="overview-heading" title={TEXT.dashboard.overview} intro={TEXT.dashboard.overviewIntro} />
      <SetupChecklist />
      {charts.isPending ? (
        <LoadingState />
      ) : charts.isError ? (
        <ErrorState onRetry={() => void charts.refetch()} />
      ) : (
        <Suspense fallback={<LoadingState />}>
          <OverviewCharts charts={charts.data} />
        </Suspense>
      )}
      <DeskSummaryPanel />
    </section>
  );
}
