import { DESK_TEXT, HOUR_MS, TEXT, type DeskSummary } from '@dispatch/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDeskSummary } from '../../../api/articles-admin';
import { ErrorState, Skeleton } from '../../../components/states';
import { paths } from '../../../lib/paths';

const numberFormat = new Intl.NumberFormat('en-US');

/** The editor's midnight, as the server is asked to count "today" from it. */
function startOfToday() {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

function Tile({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-rule bg-surface p-4 sm:p-5">
      <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
      <dd className="mt-1 font-serif text-3xl leading-tight font-bold text-ink tabular-nums sm:text-4xl">{value}</dd>
      {children && <dd className="mt-1 text-sm text-ink-soft">{children}</dd>}
    </div>
  );
}

function PendingHint({ summary }: { summary: DeskSummary }) {
  if (!summary.oldestPendingSince) return <>{DESK_TEXT.summaryNothingWaiting}</>;
  const wait = Date.parse(summary.asOf) - Date.parse(summary.oldestPendingSince);
  return (
    <>
      {/* Past a day, the wait is marked: the oldest submission is the next one to read. */}
      <span className={wait >= 24 * HOUR_MS ? 'font-semibold text-danger' : undefined}>
        {DESK_TEXT.summaryOldestWaiting(DESK_TEXT.waitLength(wait))}
      </span>
      {' · '}
      <Link to={`${paths.dashboardAllArticles}?status=pending`} className="font-semibold text-ink underline">
        {DESK_TEXT.summaryReview}
      </Link>
    </>
  );
}

/**
 * The Overview's panel under SPEC's charts (docs/product.md#overview-charts): articles waiting and the longest
 * wait, those made public since the editor's midnight, and the views of the last 24 hours.
 */
export function DeskSummaryPanel() {
  const [dayStart] = useState(startOfToday);
  const summary = useDeskSummary(dayStart);
  return (
    <section aria-labelledby="desk-summary-heading" aria-busy={summary.isPending} className="mt-8">
      <h2 id="desk-summary-heading" className="text-xl font-bold text-ink">
        {DESK_TEXT.summaryHeading}
      </h2>
      {summary.isError && !summary.data ? (
        <div className="mt-4">
          <ErrorState onRetry={() => void summary.refetch()} />
        </div>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {summary.data ? (
            <>
              <Tile label={DESK_TEXT.summaryPending} value={numberFormat.format(summary.data.pending)}>
                <PendingHint summary={summary.data} />
              </Tile>
              <Tile label={DESK_TEXT.summaryPublished} value={numberFormat.format(summary.data.publishedToday)}>
                {DESK_TEXT.summaryPublishedHint}
              </Tile>
              <Tile label={DESK_TEXT.summaryViews} value={numberFormat.format(summary.data.viewsLast24Hours)}>
                {DESK_TEXT.summaryViewsHint}
              </Tile>
            </>
          ) : (
            [DESK_TEXT.summaryPending, DESK_TEXT.summaryPublished, DESK_TEXT.summaryViews].map((label) => (
              <Tile key={label} label={label} value={<Skeleton className="mt-2 h-8 w-16" />}>
                <span className="sr-only">{TEXT.states.loading}</span>
              </Tile>
            ))
          )}
        </dl>
      )}
    </section>
  );
}
