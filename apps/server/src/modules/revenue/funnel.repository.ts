import { lt, sql } from 'drizzle-orm';
import { FUNNEL_STAGES, type Funnel, type FunnelCounts, type FunnelStage } from '@dispatch/shared';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { articles, paymentIntents, paywallEvents, subscriptions, users } from '../../db/schema.js';

/** Each stage's number in `paywall_events.kind`: stored as a smallint, never renumbered. */
export const FUNNEL_KINDS: Record<FunnelStage, number> = { wall: 1, registered: 2, subscribed: 3, gift: 4, metered: 5 };

export interface FunnelEvent {
  articleId: string;
  userId: string;
  at: Date;
}

export async function recordEvent(db: DbOrTx, kind: FunnelStage, event: FunnelEvent) {
  await db.insert(paywallEvents).values({ ...event, kind: FUNNEL_KINDS[kind] });
}

/**
 * A wall hit, and with it the registration it led to: a reader whose account is less than `newWithinMs`
 * old and who has no registration counted yet is counted as registered at this article.
 */
export async function recordWall(db: DbOrTx, event: FunnelEvent, newWithinMs: number) {
  await recordEvent(db, 'wall', event);
  await db.execute(sql`
    insert into ${paywallEvents} (article_id, user_id, kind, at)
    select ${event.articleId}, ${event.userId}, ${FUNNEL_KINDS.registered}, ${event.at}
    from ${users}
    where ${users.id} = ${event.userId}
      and ${users.createdAt} > ${new Date(event.at.getTime() - newWithinMs)}
      and not exists (
        select 1 from ${paywallEvents}
        where ${paywallEvents.userId} = ${event.userId} and ${paywallEvents.kind} = ${FUNNEL_KINDS.registered}
      )`);
}

/** A subscription, counted for the article whose wall the reader hit last within the window (if any). */
export async function recordSubscribed(db: DbOrTx, userId: string, at: Date, withinMs: number) {
  await db.execute(sql`
    insert into ${paywallEvents} (article_id, user_id, kind, at)
    select ${paywallEvents.articleId}, ${userId}, ${FUNNEL_KINDS.subscribed}, ${at}
    from ${paywallEvents}
    where ${paywallEvents.userId} = ${userId} and ${paywallEvents.kind} = ${FUNNEL_KINDS.wall}
      and ${paywallEvents.at} > ${new Date(at.getTime() - withinMs)} and ${paywallEvents.at} <= ${at}
    order by ${paywallEvents.at} desc
    limit 1`);
}

// Readers, not requests: each stage counts the different people who reached it.
const COUNTS = sql.raw(
  FUNNEL_STAGES.map(
    (stage) => `count(distinct user_id) filter (where kind = ${FUNNEL_KINDS[stage]})::int as "${stage}"`,
  ).join(', '),
);

export async function siteCounts(db: DbOrTx, since: Date): Promise<FunnelCounts> {
  const [row] = await queryRows<FunnelCounts>(
    db,
    sql`select ${COUNTS} from ${paywallEvents} where ${paywallEvents.at} >= ${since}`,
  );
  return row!;
}

export function countsByDay(db: DbOrTx, since: Date) {
  return queryRows<FunnelCounts & { day: string }>(
    db,
    sql`select to_char(date_trunc('day', at at time zone 'UTC'), 'YYYY-MM-DD') as day, ${COUNTS}
        from ${paywallEvents} where ${paywallEvents.at} >= ${since}
        group by 1 order by 1`,
  );
}

/** The articles with the most wall hits in the window, each with every stage, and their titles. */
export function topArticles(db: DbOrTx, since: Date, limit: number) {
  return queryRows<FunnelCounts & { id: string; title: string }>(
    db,
    sql`select top.*, ${articles.title} as title from (
          select article_id as id, ${COUNTS}
          from ${paywallEvents} where ${paywallEvents.at} >= ${since}
          group by article_id
          order by "wall" desc, "subscribed" desc, article_id
          limit ${limit}
        ) top join ${articles} on ${articles.id} = top.id
        order by top."wall" desc, top."subscribed" desc, top.id`,
  );
}

/**
 * Paid purchases in the window per plan (and currency, should a plan's have changed), most bought first, named
 * as the newest of them bought it; revenue in the smallest unit.
 */
export function planPurchases(db: DbOrTx, since: Date) {
  return queryRows<{ planId: string; name: string; purchases: number; revenue: number; currency: string }>(
    db,
    sql`select ${paymentIntents.planId} as "planId",
          (array_agg(${paymentIntents.planSnapshot}->>'name' order by ${paymentIntents.succeededAt} desc, ${paymentIntents.id} desc))[1] as "name",
          count(*)::int as "purchases", sum(${paymentIntents.amount})::int as "revenue", ${paymentIntents.currency} as "currency"
        from ${paymentIntents}
        where ${paymentIntents.status} = 'succeeded' and ${paymentIntents.succeededAt} >= ${since}
          and ${paymentIntents.kind} <> 'free_days'
        group by ${paymentIntents.planId}, ${paymentIntents.currency}
        order by "purchases" desc, "revenue" desc, "planId", "currency"`,
  );
}

/** The housekeeping sweep's part: events older than the retention period. */
export async function removeEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const removed = await db
    .delete(paywallEvents)
    .where(lt(paywallEvents.at, before))
    .returning({ id: paywallEvents.id });
  return removed.length;
}

/** Renewing subscriptions in the window: started, renewed, renewals refused, ended by a cancellation or a failure. */
export async function subscriptionCounts(db: DbOrTx, since: Date): Promise<Funnel['subscriptions']> {
  const [row] = await queryRows<Funnel['subscriptions']>(
    db,
    sql`select
          (select count(*) from ${subscriptions} where ${subscriptions.createdAt} >= ${since})::int as started,
          (select count(*) from ${paymentIntents}
            where ${paymentIntents.kind} = 'renewal' and ${paymentIntents.status} = 'succeeded'
              and ${paymentIntents.succeededAt} >= ${since})::int as renewed,
          (select count(*) from ${paymentIntents}
            where ${paymentIntents.kind} = 'renewal' and ${paymentIntents.status} <> 'succeeded'
              and ${paymentIntents.createdAt} >= ${since})::int as refused,
          (select count(*) from ${subscriptions}
            where ${subscriptions.endedReason} = 'cancelled' and ${subscriptions.endedAt} >= ${since})::int as cancelled,
          (select count(*) from ${subscriptions}
            where ${subscriptions.endedReason} = 'payment_failed' and ${subscriptions.endedAt} >= ${since})::int as lapsed`,
  );
  return row!;
}
