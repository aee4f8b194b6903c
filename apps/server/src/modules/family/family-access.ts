import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../db/commit.js';
import * as repository from './family.repository.js';

/*
 * What other modules do to a family when an owner's access or account changes (docs/product.md#families):
 * a payment makes or widens the buyer's family, a change to the owner's access reaches the members' cached
 * viewers, and an owner's deletion tells the members before the rows go with the account.
 */

/** After a pass of `seats` seats: the buyer's family exists with at least that many. In the payment's transaction. */
export async function applyFamilySeats(tx: DbOrTx, ownerId: string, seats: number | undefined, now: Date) {
  if (seats && seats > 1) await repository.ensureFamily(tx, ownerId, seats, now);
}

/** The members whose access follows this owner's: their viewers, marked changed in the transaction that changed it. */
export async function membersChanged(tx: DbOrTx, after: AfterCommit, ownerId: string) {
  const family = await repository.findByOwner(tx, ownerId);
  if (!family) return;
  for (const id of await repository.memberIds(tx, family.id)) after.viewerChanged(id);
}

/** The same for many owners at once. */
export async function membersOfOwnersChanged(tx: DbOrTx, after: AfterCommit, ownerIds: readonly string[]) {
  for (const id of await repository.memberIdsOfOwners(tx, ownerIds)) after.viewerChanged(id);
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

/** The access a member holds through their family (the owner's full access and plan); undefined outside one. */
export const familyAccessOf = (db: DbOrTx, userId: string) => repository.familyAccessOf(db, userId);
