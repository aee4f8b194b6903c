import { DAY_MS, REVENUE, toMajorUnits, type Funnel, type FunnelCounts } from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';
import type { Db, DbOrTx } from '../../db/client.js';
import * as repository from './funnel.repository.js';

// A reader whose account is younger than this when they first hit a wall registered because of it.
const REGISTERED_WITHIN_MS = DAY_MS;
const TOP_ARTICLES = 20;

/** What happened at a premium article's wall for one reader (docs/product.md#reader-revenue). */
export function recordPaywall(
  db: DbOrTx,
  outcome: 'wall' | 'gift' | 'metered',
  event: repository.FunnelEvent,
): Promise<void> {
  return outcome === 'wall'
    ? repository.recordWall(db, event, REGISTERED_WITHIN_MS)
    : repository.recordEvent(db, outcome, event);
}

/** A payment succeeded: it counts for the article whose wall the reader hit last in the 7 days before. */
export const recordSubscription = (tx: DbOrTx, userId: string, at: Date) =>
  repository.recordSubscribed(tx, userId, at, REVENUE.subscribedWithinDays * DAY_MS);

// Counting a period's readers reads all its events (about 0.6 s at a million on the bench machine): an
// answer may be a minute old, so a dashboard left open or reloaded costs one count a minute.
const FUNNEL_TTL_MS = 60_000;

/** The dashboard's funnel over the last `days` days: the site, each day (UTC), the top articles, the plans bought. */
export function getFunnel({ db, clock, cache }: Pick<AppDeps, 'db' | 'clock' | 'cache'>, days: number) {
  return cache.remember('users', `funnel:${days}`, FUNNEL_TTL_MS, () => countFunnel(db, clock(), days));
}

async function countFunnel(db: Db, now: Date, days: number): Promise<Funnel> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const [site, byDay, articles, plans, subscriptions] = await Promise.all([
    repository.siteCounts(db, since),
    repository.countsByDay(db, since),
    repository.topArticles(db, since, TOP_ARTICLES),
    repository.planPurchases(db, since),
    repository.subscriptionCounts(db, since),
  ]);
  const known = new Map(byDay.map((row) => [row.day, row]));
  const empty: FunnelCounts = { wall: 0, registered: 0, subscribed: 0, gift: 0, metered: 0 };
  // Every day of the window appears, with zeros where nothing happened.
  const everyDay = Array.from({ length: days }, (_, index) => {
    const day = new Date(since.getTime() + (index + 1) * DAY_MS).toISOString().slice(0, 10);
    return { ...empty, ...known.get(day), day };
  });
  return {
    days,
    site,
    byDay: everyDay,
    articles: articles.map(({ id, title, ...counts }) => ({ _id: id, title, ...counts })),
    subscriptions,
    plans: plans.map((plan) => ({ ...plan, revenue: toMajorUnits(plan.revenue) })),
  };
}

/** Housekeeping: funnel events past the retention period. */
export const removeOldEvents = (db: DbOrTx, now: Date) =>
  repository.removeEventsBefore(db, new Date(now.getTime() - REVENUE.funnelRetentionDays * DAY_MS));
