import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import { queryRows, type DbOrTx } from '../../db/client.js';

/*
 * TO BE REPLACED AT MERGE: minimal stand-ins for what the subscriptions work (branch i27-subs) exports from
 * ./subscriptions.service.ts (`unsubscribeLinks`, `suppress`, `nextBriefAt`) and ./hourly-views.ts
 * (`mostReadSince`), with the same names and signatures, so that the sender only changes its imports. Nothing
 * here is meant to outlive the merge: the unsubscribe links below are not answered by any route on this branch.
 */

const HOUR_MS = 3_600_000;

/** The reader's unsubscribe page and the RFC 8058 one-click address for one subscription (and send). */
export async function unsubscribeLinks(
  deps: Pick<AppDeps, 'config' | 'secret'>,
  subscriptionId: string,
  sendId?: string,
): Promise<{ pageUrl: string; oneClickUrl: string }> {
  const payload = sendId ? `${subscriptionId}.${sendId}` : subscriptionId;
  const signature = createHmac('sha256', deps.secret).update(`brief-unsubscribe:${payload}`).digest('base64url');
  const token = `${payload}.${signature}`;
  const base = deps.config.publicUrl;
  return {
    pageUrl: `${base}/brief/unsubscribe?token=${encodeURIComponent(token)}`,
    oneClickUrl: `${base}/api/brief/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
  };
}

/** A receiving server refused the address for good: the brief stops until the reader subscribes again. */
export async function suppress(db: DbOrTx, subscriptionId: string, reason: string, now: Date): Promise<void> {
  await db.execute(
    sql`update brief_subscriptions
        set status = 'suppressed', suppressed_at = ${now}, suppressed_reason = ${reason.slice(0, 500)}, updated_at = ${now}
        where id = ${subscriptionId} and status = 'active'`,
  );
}

// Building a formatter costs far more than using one: one per zone, kept.
const clocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(date: Date, timeZone: string) {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: string) => Number(parts.find((one) => one.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const reads = (date: Date, timeZone: string, hour: number) => {
  const local = wallClock(date, timeZone);
  return local.minute === 0 && local.hour === hour;
};

/** The first whole hour after `after` at which the clock in `timeZone` reads `hour`:00. */
export function nextBriefAt(hour: number, timeZone: string, after: Date): Date {
  // The zone's offset now gives the answer, unless a clock change falls in between: then the slow search below.
  const local = wallClock(after, timeZone);
  const offset =
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute) -
    Math.floor(after.getTime() / 60_000) * 60_000;
  for (const days of [0, 1]) {
    const guess = new Date(Date.UTC(local.year, local.month - 1, local.day + days, hour) - offset);
    if (guess > after && reads(guess, timeZone, hour)) return guess;
  }
  const start = Math.floor(after.getTime() / HOUR_MS) * HOUR_MS;
  // Zones are offset by whole, half or quarter hours: every quarter hour for two days (a skipped hour moves a day).
  for (let at = start + 15 * 60_000; at <= start + 49 * HOUR_MS; at += 15 * 60_000) {
    const candidate = new Date(at);
    if (candidate > after && reads(candidate, timeZone, hour)) return candidate;
  }
  return new Date(start + 24 * HOUR_MS);
}

/** The articles read most since `since`, by the hourly counts, most first. */
export async function mostReadSince(
  db: DbOrTx,
  since: Date,
  limit: number,
): Promise<{ articleId: string; views: number }[]> {
  const rows = await queryRows<{ article_id: string; views: number }>(
    db,
    sql`select article_id, sum(views)::int as views from article_views_hourly
        where hour >= ${since} group by article_id order by views desc, article_id limit ${limit}`,
  );
  return rows.map((row) => ({ articleId: row.article_id, views: row.views }));
}
