import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.js';
import { commit } from '../../db/commit.js';
import { startPeriodic, type Periodic } from '../../plugins/periodic.js';
import { settleAll, type Settled } from './subscriptions.service.js';
import * as repository from './subscriptions.repository.js';

/*
 * The renewal job (docs/architecture/payments.md#renewals): every instance runs it on the server's clock. Each
 * batch is one transaction that claims due subscriptions with `for update skip locked`, settles them and moves
 * their next attempt on, so no two instances charge the same subscription and each period is charged once.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'cache' | 'viewers' | 'notifier'>;

/** Subscriptions settled per transaction. */
const BATCH = 200;

export type RenewalCounts = Record<Settled, number>;

/**
 * Settles every subscription due at `now` (the clock's, unless given), batch after batch, until none is left or
 * `stopping` aborts (the instance is shutting down: the batch in hand commits, the rest is another instance's).
 */
export async function renewDue(
  deps: Deps,
  now: Date = deps.clock(),
  batch = BATCH,
  stopping?: AbortSignal,
): Promise<RenewalCounts> {
  const counts: RenewalCounts = { renewed: 0, failed: 0, ended: 0, waiting: 0 };
  while (!stopping?.aborted) {
    const settled = await commit(deps, async (tx, after) => {
      return settleAll(deps, tx, after, await repository.claimDue(tx, now, batch), now);
    });
    for (const outcome of settled) counts[outcome] += 1;
    if (settled.length < batch) return counts;
  }
  return counts;
}

/** Looks for due renewals every `intervalMs` until `stop()`. */
export function startRenewals(deps: Deps, log: FastifyBaseLogger, intervalMs = 60_000): Periodic {
  return startPeriodic({
    everyMs: intervalMs,
    firstAfterMs: Math.min(5_000, intervalMs),
    log,
    failure: 'renewals failed',
    round: async (stopping) => {
      const counts = await renewDue(deps, deps.clock(), BATCH, stopping);
      if (counts.renewed + counts.failed + counts.ended > 0) log.info({ renewals: counts }, 'renewals settled');
    },
  });
}
