import type { FastifyBaseLogger } from 'fastify';
import { isRefusedWhileDown } from './database-errors.js';

/*
 * The server's background work on every instance (the mail outbox, the daily brief, premium reminders,
 * renewals, housekeeping): a round every `everyMs`, one at a time. A failed round is logged, except while the
 * database is known to be down (its pool has said so once), and the next round tries again.
 *
 * A round is handed a signal that aborts when the job is stopped (SIGTERM): a round that works through many
 * items finishes the one in hand and takes no more, so an instance stops within its shutdown deadline and leaves
 * the rest to another instance or its next start (docs/decisions/058-a-stopping-instance-takes-no-new-work.md).
 */

export interface PeriodicOptions {
  everyMs: number;
  /** When the first round runs; at once when not given. */
  firstAfterMs?: number;
  round: (stopping: AbortSignal) => Promise<void>;
  log: FastifyBaseLogger;
  /** Logged with the error when a round fails. */
  failure: string;
}

export interface Periodic {
  /** Aborts a round under way's signal, starts no other; resolves once that round has ended. */
  stop(): Promise<void>;
}

export function startPeriodic(options: PeriodicOptions): Periodic {
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const run = () => {
    if (stopping.signal.aborted) return;
    running ??= options
      .round(stopping.signal)
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
      stopping.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
