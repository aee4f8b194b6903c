import { API_MESSAGES } from '@dispatch/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../db/commit.js';
import { notFound } from '../../plugins/errors.js';
import { afterPass } from './premium-access.js';
import * as repository from './premium.repository.js';

/*
 * The writers of premium access, one per kind of grant, each in the caller's transaction (`commit`), placing the
 * marks its change needs: the readers' cached viewers, their family members' (whose access follows an owner's),
 * and the admin's tables of users. Callers place none of them.
 */

/**
 * Someone's access may have changed without a grant (a subscription ended, cancelled or resumed: whether its
 * renewal holds access; a reader joined or left a family, or was removed from it): marks the same viewers and
 * tables a grant does.
 */
export async function accessChanged(tx: DbOrTx, after: AfterCommit, userIds: readonly string[]) {
  for (const id of userIds) after.viewerChanged(id);
  for (const id of await repository.memberIdsOfOwners(tx, userIds)) after.viewerChanged(id);
  after.stale('users');
}

/**
 * A paid pass on the reader's row, locked for the transaction that records the payment: extends access from the
 * later of now and its current end (`afterPass`). Returns the new end of access.
 */
export async function grantPass(
  tx: DbOrTx,
  after: AfterCommit,
  userId: string,
  pass: { durationMinutes: number; premiumArticles: number | null },
  now: Date,
): Promise<Date> {
  const row = await repository.lockAccess(tx, userId);
  if (!row) throw notFound(API_MESSAGES.userNotFound);
  const change = afterPass(row, pass, now);
  await repository.setAccess(tx, userId, change);
  await accessChanged(tx, after, [userId]);
  return change.premiumUntil!;
}

/**
 * Renewing periods (or failed renewals' grace) for many readers in one statement (the renewal job's batches):
 * access until each `until` at least, to every premium article, never shortened (a pass that ends later keeps its
 * end); a run that had lapsed starts again now.
 */
export async function grantRenewingPeriods(
  tx: DbOrTx,
  after: AfterCommit,
  periods: readonly { userId: string; until: Date }[],
  now: Date,
) {
  if (periods.length === 0) return;
  await repository.grantUntil(tx, periods, now);
  await accessChanged(
    tx,
    after,
    periods.map(({ userId }) => userId),
  );
}

/** `grantRenewingPeriods` for one reader. */
export const grantRenewingPeriod = (tx: DbOrTx, after: AfterCommit, userId: string, until: Date, now: Date) =>
  grantRenewingPeriods(tx, after, [{ userId, until }], now);

/**
 * An admin's complimentary access until `until`, by the periods' rule: never shortening what the reader holds,
 * every premium article. Returns the end of access it left.
 */
export async function grantComplimentary(
  tx: DbOrTx,
  after: AfterCommit,
  userId: string,
  until: Date,
  now: Date,
): Promise<Date> {
  await grantRenewingPeriod(tx, after, userId, until, now);
  const row = await repository.findAccess(tx, userId);
  if (!row) throw notFound(API_MESSAGES.userNotFound);
  return row.premiumUntil!;
}
