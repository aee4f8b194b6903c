import {
  DAY_MS,
  DESK_SUMMARY_DAY_START_SLACK_MS,
  DESK_SUMMARY_MESSAGES,
  HOUR_MS,
  type DeskSummary,
  type DeskSummaryQuery,
} from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';
import { badRequest } from '../../plugins/errors.js';
import * as repository from '../articles/articles.repository.js';
import { viewsSince } from '../brief/hourly-views.service.js';

/** UTC's midnight of `now`'s day. */
const utcMidnight = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

/**
 * The Overview's panel (docs/product.md#overview-charts): the articles waiting and the longest wait, those made
 * public since the editor's midnight (`dayStart`, which must lie in the last 24 hours: a day that began earlier is
 * not today anywhere), and the views of the current hour and the 23 before it, from the hourly counts.
 */
export async function getDeskSummary(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  query: DeskSummaryQuery,
): Promise<DeskSummary> {
  const now = deps.clock();
  const dayStart = query.dayStart ? new Date(query.dayStart) : utcMidnight(now);
  const age = now.getTime() - dayStart.getTime();
  if (age < -DESK_SUMMARY_DAY_START_SLACK_MS || age > DAY_MS + DESK_SUMMARY_DAY_START_SLACK_MS)
    throw badRequest(DESK_SUMMARY_MESSAGES.dayStart, { dayStart: [DESK_SUMMARY_MESSAGES.dayStart] });
  const since = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS);
  const [counts, views] = await Promise.all([repository.deskCounts(deps.db, dayStart), viewsSince(deps.db, since)]);
  return {
    pending: counts.pending,
    oldestPendingSince: counts.oldestPendingSince?.toISOString() ?? null,
    publishedToday: counts.publishedToday,
    dayStart: dayStart.toISOString(),
    viewsLast24Hours: views,
    viewsSince: since.toISOString(),
    asOf: now.toISOString(),
  };
}
