import { TEXT } from '@dispatch/shared';
import { lazy, Suspense } from 'react';
import { ErrorState, Skeleton } from '../../../components/states';
import { useUserStats } from '../api/get-user-stats';

// The section sits below the fold: its count-up animation is not part of the home page's first load.
const StatFigures = lazy(async () => ({ default: (await import('./stat-figures')).StatFigures }));

function StatsSkeleton() {
  return (
    <div role="status" aria-label={TEXT.states.loading} className="grid gap-4 sm:grid-cols-3">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-32 bg-stone-700" />
      ))}
    </div>
  );
}

export function StatsSection() {
  const stats = useUserStats();

  if (stats.isPending) return <StatsSkeleton />;
  if (stats.isError) return <ErrorState onRetry={() => void stats.refetch()} />;

  return (
    <Suspense fallback={<StatsSkeleton />}>
      <StatFigures stats={stats.data} />
    </Suspense>
  );
}
