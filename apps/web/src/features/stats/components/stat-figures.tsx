import { TEXT, TIMINGS, type UserStats } from '@dispatch/shared';
import { useId } from 'react';
import { useCountUp } from 'react-countup';

const numberFormat = new Intl.NumberFormat('en-US');

function StatFigure({ label, value }: { label: string; value: number }) {
  const figureId = useId();
  // Counts when the figure scrolls into view, so a reader who scrolls down still sees it count.
  useCountUp({
    ref: figureId,
    start: 0,
    end: value,
    duration: TIMINGS.statsCountUpSeconds,
    separator: ',',
    enableScrollSpy: true,
    scrollSpyOnce: true,
  });
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <dt className="order-2 text-sm font-semibold tracking-[0.12em] text-stone-300 uppercase">{label}</dt>
      <dd className="order-1 font-serif text-5xl font-bold text-white lining-nums tabular-nums sm:text-6xl">
        <span id={figureId} aria-hidden="true">
          0
        </span>
        <span className="sr-only">{numberFormat.format(value)}</span>
      </dd>
    </div>
  );
}

/** The three counting figures; react-countup comes with them, after the first paint (stats-section.tsx). */
export function StatFigures({ stats }: { stats: UserStats }) {
  return (
    <dl className="grid divide-y divide-stone-700 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
      <StatFigure label={TEXT.home.totalUsers} value={stats.totalUsers} />
      <StatFigure label={TEXT.home.normalUsers} value={stats.normalUsers} />
      <StatFigure label={TEXT.home.premiumUsers} value={stats.premiumUsers} />
    </dl>
  );
}
