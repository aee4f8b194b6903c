import { TEXT } from '@dispatch/shared';
import { lazy, Suspense } from 'react';
import { Skeleton, UnavailableNote } from '../../../components/states';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useUserStats } from '../../../api/stats';
import { numberFormat, StatFigureFrame } from './stat-figure-frame';

// The section sits below the fold: its count-up animation is not part of the home page's first load.
const CountingNumber = lazy(async () => ({ default: (await import('./stat-figures')).CountingNumber }));

function StatsSkeleton() {
  return (
    <div role="status" aria-label={TEXT.states.loading} className="grid gap-4 sm:grid-cols-3">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-32 bg-stone-700" />
      ))}
    </div>
  );
}

/**
 * The number: plain in the server's HTML and until the count-up has loaded, then counting. Only the
 * number changes, so the figure and its label stay where they are.
 */
function Figure({ label, value }: { label: string; value: number }) {
  const hydrated = useHydrated();
  const plain = numberFormat.format(value);
  return (
    <StatFigureFrame label={label}>
      {hydrated ? (
        <Suspense fallback={plain}>
          <CountingNumber value={value} />
        </Suspense>
      ) : (
        plain
      )}
    </StatFigureFrame>
  );
}

/** On the home page, which says once (with one retry) that its data did not come: the section only notes it. */
export function StatsSection() {
  const stats = useUserStats();

  if (stats.isPending) return <StatsSkeleton />;
  if (stats.isError) return <UnavailableNote />;

  return (
    <dl className="grid divide-y divide-stone-700 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
      <Figure label={TEXT.home.totalUsers} value={stats.data.totalUsers} />
      <Figure label={TEXT.home.normalUsers} value={stats.data.normalUsers} />
      <Figure label={TEXT.home.premiumUsers} value={stats.data.premiumUsers} />
    </dl>
  );
}
