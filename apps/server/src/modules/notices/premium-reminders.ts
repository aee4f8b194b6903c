import { DAY_MS, formatPrice, MINUTE_MS, SUBSCRIPTION_LIMITS, toMajorUnits } from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.js';
import type { Notifier } from '../../app-types.js';
import { startPeriodic } from '../../plugins/periodic.js';
import { premiumNowSql } from '../premium/premium-now.js';

// A site that was down for a while does not mail lapses older than this.
const LAPSE_NOTICE_WINDOW_MS = 7 * DAY_MS;
// Stages of one premium period: 3 days before its end, 1 day before, ended.
const STAGE = { threeDays: 1, oneDay: 2, ended: 3 } as const;
// A pass shorter than the first reminder (the 1-minute trial) gets none: its duration as it was bought.
const SHORTEST_REMINDED_MINUTES = (3 * DAY_MS) / MINUTE_MS;

interface DueReminder {
  user_id: string;
  premium_until: Date;
  stage: number;
}

/**
 * Writes the reminder e-mails due at `now`: for each premium period ending within 3 days (or ended within
 * a week) whose current stage — or a later one — has no record yet. The record's primary key makes each
 * stage of each period go out once, whichever instance gets there, and a clock that jumps forward past
 * two stages sends only the later one. A reader who is still premium when their own access ends (through their
 * family's owner) is not reminded.
 */
export async function remindPremiumEnds(
  db: Db,
  notifier: Notifier,
  now: Date,
  stopping?: AbortSignal,
  graceDays: number = SUBSCRIPTION_LIMITS.graceDaysDefault,
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const stage = sql`case when u.premium_until <= ${at} then ${STAGE.ended}::int
    when u.premium_until <= ${at} + interval '1 day' then ${STAGE.oneDay}::int else ${STAGE.threeDays}::int end`;
  const due = await queryRows<DueReminder>(
    db,
    sql`select u.id as user_id, u.premium_until, ${stage} as stage
        from users u
        where u.premium_until > ${at} - ${LAPSE_NOTICE_WINDOW_MS} * interval '1 millisecond'
          and u.premium_until <= ${at} + interval '3 days'
          and not exists (select 1 from premium_reminders r
            where r.user_id = u.id and r.premium_until = u.premium_until and r.stage >= ${stage})
          and not exists (select 1 from payment_intents p
            where p.user_id = u.id and p.period_end = u.premium_until
              and (p.plan_snapshot->>'durationMinutes')::int < ${SHORTEST_REMINDED_MINUTES}::int)
          and not exists (select 1 from subscriptions s
            where s.user_id = u.id and s.status <> 'ended' and not s.cancel_at_period_end)
          and not ${premiumNowSql(sql`u`, sql`u.premium_until`, graceDays)}`,
  );
  let written = 0;
  for (const reminder of due) {
    // Shutting down: the reminders not written yet are the next round's, on this instance or another.
    if (stopping?.aborted) break;
    const endsAt = new Date(reminder.premium_until);
    const stageNow = Number(reminder.stage);
    const claimed = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ stage: number }>(
        tx,
        sql`insert into premium_reminders (user_id, premium_until, stage)
            values (${reminder.user_id}, ${endsAt.toISOString()}::timestamptz, ${stageNow}::int)
            on conflict do nothing returning stage`,
      );
      if (!row) return false;
      await notifier.subscriptionEvent(
        tx,
        stageNow === STAGE.ended
          ? { kind: 'premium-lapsed', userId: reminder.user_id, endedAt: endsAt, at: now }
          : {
              kind: 'premium-ending',
              userId: reminder.user_id,
              endsAt,
              inDays: stageNow === STAGE.oneDay ? 1 : 3,
              at: now,
            },
      );
      return true;
    });
    if (claimed) written += 1;
  }
  return written;
}

interface DueRenewal {
  id: string;
  user_id: string;
  period_end: Date;
  plan_name: string;
  amount: number;
  currency: string;
}

/**
 * A yearly subscription's "renews on {date} for {price}" e-mail, SUBSCRIPTION_LIMITS.yearlyReminderDays before the
 * charge: once per period (`reminded_for` is claimed in the e-mail's transaction), never for a cancelled one.
 */
export async function remindYearlyRenewals(
  db: Db,
  notifier: Notifier,
  now: Date,
  stopping?: AbortSignal,
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = await queryRows<DueRenewal>(
    db,
    sql`select s.id, s.user_id, s.period_end, s.plan_snapshot->>'name' as plan_name,
          (s.plan_snapshot->>'amount')::int as amount, s.plan_snapshot->>'currency' as currency
        from subscriptions s
        where s.status in ('trialing', 'active') and not s.cancel_at_period_end and s.user_id is not null
          and s.plan_snapshot->>'renewsEvery' = 'year'
          and s.period_end > ${at}
          and s.period_end <= ${at} + ${SUBSCRIPTION_LIMITS.yearlyReminderDays} * interval '1 day'
          and s.reminded_for is distinct from s.period_end`,
  );
  let written = 0;
  for (const renewal of due) {
    if (stopping?.aborted) break;
    const renewsOn = new Date(renewal.period_end);
    const claimed = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`update subscriptions set reminded_for = period_end
            where id = ${renewal.id} and period_end = ${renewsOn.toISOString()}::timestamptz
              and reminded_for is distinct from period_end
            returning id`,
      );
      if (!row) return false;
      await notifier.subscriptionEvent(tx, {
        kind: 'renewal-reminder',
        userId: renewal.user_id,
        planName: renewal.plan_name,
        amount: formatPrice(toMajorUnits(Number(renewal.amount)), renewal.currency),
        renewsOn,
        at: now,
      });
      return true;
    });
    if (claimed) written += 1;
  }
  return written;
}

/** Looks for due reminders every `intervalMs` until `stop()`. */
export function startPremiumReminders(
  deps: { db: Db; notifier: Notifier; clock: () => Date; graceDays: number },
  log: FastifyBaseLogger,
  intervalMs = 60_000,
) {
  return startPeriodic({
    everyMs: intervalMs,
    log,
    failure: 'premium reminders: the check failed',
    async round(stopping) {
      const now = deps.clock();
      const written =
        (await remindPremiumEnds(deps.db, deps.notifier, now, stopping, deps.graceDays)) +
        (await remindYearlyRenewals(deps.db, deps.notifier, now, stopping));
      if (written > 0) log.info({ written }, 'premium reminders written to the outbox');
    },
  });
}
