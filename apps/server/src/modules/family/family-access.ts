import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../db/commit.js';
import * as repository from './family.repository.js';

/*
 * What other modules do to a family when an owner's plan or account changes (docs/product.md#families): a payment
 * makes or widens the buyer's family, and an owner's deletion tells the members before the rows go with the
 * account. The access members read through the owner is premium's (modules/premium/premium-access.ts).
 */

/** After a pass of `seats` seats: the buyer's family exists with at least that many. In the payment's transaction. */
export async function applyFamilySeats(tx: DbOrTx, ownerId: string, seats: number | undefined, now: Date) {
  if (seats && seats > 1) await repository.ensureFamily(tx, ownerId, seats, now);
}

/**
 * Before the owner's account is deleted (in its transaction): members are told by the bell and e-mail, and
 * their viewers are marked changed; the rows go with the account.
 */
export async function endFamilyOf(
  deps: Pick<AppDeps, 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  owner: Viewer,
  now: Date,
) {
  const family = await repository.findByOwner(tx, owner.id);
  if (!family) return;
  const memberIds = await repository.memberIds(tx, family.id);
  await deps.notifier.familyEvent(tx, { kind: 'family-ended', memberIds, ownerName: owner.name, at: now });
  for (const id of memberIds) after.viewerChanged(id);
}

/**
 * The tags a young reader's family hides from them (docs/product.md#parental-controls), sorted: every list leaves
 * their articles out, and the catalogue's cache keeps those lists apart by this set. Undefined for anyone else.
 */
export const hiddenTagsOf = (viewer: Pick<Viewer, 'youngReader'> | null) => {
  const tags = viewer?.youngReader?.hiddenTags;
  return tags?.length ? [...tags].sort() : undefined;
};

/** The parental controls the family's owner set on this reader, if any (docs/product.md#parental-controls). */
export const youngReaderControls = (db: DbOrTx, userId: string) => repository.youngReaderControls(db, userId);
