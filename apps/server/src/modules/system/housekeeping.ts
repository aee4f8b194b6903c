import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.js';
import { queryRows } from '../../db/client.js';
import { LOCKS } from '../../db/locks.js';
import { removeExpiredSessions } from '../auth/auth.service.js';
import { removeOldHourlyViews } from '../brief/hourly-views.service.js';
import { removeFinishedMail } from '../notices/notices.service.js';
import { removeOldReaderDays } from '../reading/reading.service.js';
import { removeOldEvents } from '../revenue/funnel.service.js';
import { findUnreferencedImages, removeImages } from '../uploads/uploads.service.js';
import { startPeriodic, type Periodic } from '../../plugins/periodic.js';

type Deps = Pick<AppDeps, 'db' | 'images' | 'clock'>;

export type SweepResult =
  | { swept: false }
  | {
      swept: true;
      sessions: number;
      images: number;
      funnelEvents: number;
      mails: number;
      hourlyViews: number;
      readerDays: number;
    };

/**
 * Removes expired sessions, uploads no row has referenced for a day, paywall funnel events past their
 * retention, outbox e-mails sent a month ago (given up on, three months), the brief's hourly view counts past
 * their retention and who read what on days trending's count no longer asks about. Instances share the database
 * and the uploads: whichever takes the lock sweeps, the others skip this round.
 */
export async function sweep({ db, images, clock }: Deps): Promise<SweepResult> {
  const now = clock();
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCKS.sweep}) as taken`,
    );
    if (!lock?.taken) return { swept: false };
    const sessions = await removeExpiredSessions(tx, now);
    const unreferenced = await findUnreferencedImages(tx, images, now);
    await removeImages(images, unreferenced);
    const funnelEvents = await removeOldEvents(tx, now);
    const mails = await removeFinishedMail(tx, now);
    const hourlyViews = await removeOldHourlyViews(tx, now);
    const readerDays = await removeOldReaderDays(tx, now);
    return { swept: true, sessions, images: unreferenced.length, funnelEvents, mails, hourlyViews, readerDays };
  });
}

// Not at once: a site restarting in a loop should not sweep on every start.
const FIRST_SWEEP_AFTER_MS = 60_000;

/** Sweeps every `intervalMs` (never when 0) until `stop()`, which waits for a sweep under way. */
export function startHousekeeping(deps: Deps, intervalMs: number, log: FastifyBaseLogger): Periodic {
  if (intervalMs <= 0) return { stop: async () => undefined };
  return startPeriodic({
    everyMs: intervalMs,
    firstAfterMs: Math.min(FIRST_SWEEP_AFTER_MS, intervalMs),
    log,
    failure: 'housekeeping: the sweep failed',
    async round() {
      const result = await sweep(deps);
      if (
        result.swept &&
        result.sessions + result.images + result.funnelEvents + result.mails + result.hourlyViews + result.readerDays >
          0
      )
        log.info(result, 'housekeeping: removed');
    },
  });
}
