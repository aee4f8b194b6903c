import { BRIEF_LIMITS, DAY_MS } from '@dispatch/shared';
import type { DbOrTx } from '../../db/client.js';
import * as repository from './hourly-views.repository.js';

/*
 * Views per article per hour, counted with each view (articles.repository's incrementViews): the brief's
 * "most read" section sums them over a window. Kept BRIEF_LIMITS.hourlyViewsRetentionDays.
 */

/** For the sender: the ids of the approved articles read most since `since`, at most `limit`. */
export const mostReadSince = (db: DbOrTx, since: Date, limit: number) => repository.mostReadSince(db, since, limit);

/** For the Overview's panel: every view counted in the hours from `since` on. */
export const viewsSince = (db: DbOrTx, since: Date) => repository.totalSince(db, since);

/** Housekeeping: hours older than the retention. */
export const removeOldHourlyViews = (db: DbOrTx, now: Date) =>
  repository.removeBefore(db, new Date(now.getTime() - BRIEF_LIMITS.hourlyViewsRetentionDays * DAY_MS));
