import type { FastifyBaseLogger } from 'fastify';
import { isRefusedWhileDown } from './database-errors.js';

/*
 * The server's background work on every instance (the mail outbox, the daily brief, premium reminders,
 * housekeeping): a round every `everyMs`, one at a time. A failed round is logged, except while the database is
 * known to be down (its pool has said so once), and the next round tries again.
 */

export interface PeriodicOptions {
  everyMs: number;
  /** When the first round runs; at once when not given. */
  firstAfterMs?: number;
  round: () => Promise<void>;
  log: FastifyBaseLogger;
  /** Logged with the error when a round fails. */
  failure: string;
}

export interface Periodic {
  /** No round starts after this; resolves once a round under way has finished. */
  stop(): Promise<void>;
}

export function startPeriodic(options: PeriodicOptions): Periodic {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running ??= options
      .round()
      .catch((error: unknown) => {
        if (!isRefusedWhileDown(error)) options.log.error({ err: error }, options.failure);
      })
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(run, options.firstAfterMs);
  first?.unref();
  if (!first) run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
