import {
  DAY_MS,
  FAMILY_LIMITS,
  FAMILY_MESSAGES,
  type FamilyControls,
  type FamilyInvitation,
  type FamilyInvitationPreview,
  type FamilyInvited,
  type FamilyView,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit } from '../../db/commit.js';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.js';
import { fullAccessNow, premiumNow, type OwnAccess } from '../premium/premium-access.js';
import { accessChanged } from '../premium/premium-grants.js';
import { checkTagChoices } from '../tags/tags.service.js';
import * as repository from './family.repository.js';

/*
 * Families (docs/product.md#families, docs/decisions/044-families.md). The owner bought a plan of several seats;
 * members read premium exactly while the owner's full access lasts: the session query reads it beside the
 * member's row (modules/premium/premium-access.ts `withFamilyAccess`), so whatever changes the owner's access
 * or a membership invalidates the cached viewers of everyone it concerns. Seats are counted under a lock on
 * the family's row.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'cache' | 'viewers' | 'notifier' | 'mailTokens'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const controlsOf = (row: { youngReader: boolean; hiddenTags: string[] }): FamilyControls => ({
  youngReader: row.youngReader,
  hiddenTags: row.hiddenTags as FamilyControls['hiddenTags'],
});
/** The owner's access opens every premium article now: their family is active, and may take members. */
const hasFullAccess = (deps: Deps, owner: OwnAccess, now: Date) =>
  fullAccessNow(owner, deps.config.payments.graceDays, now);

async function invitationView(deps: Deps, row: repository.InvitationRow): Promise<FamilyInvitation> {
  const token = await deps.mailTokens.familyInvitation(row.id, row.expiresAt);
  return {
    id: row.id,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    link: `${deps.config.publicUrl}/family/join?token=${token}`,
  };
}

/** GET /api/family. */
export async function getFamily(deps: Deps, viewer: Viewer): Promise<FamilyView> {
  const now = deps.clock();
  const family = await repository.findByOwner(deps.db, viewer.id);
  if (family) {
    const owner = await repository.passOf(deps.db, viewer.id);
    const [members, invitations] = await Promise.all([
      repository.listMembers(deps.db, family.id),
      repository.listOpenInvitations(deps.db, family.id, now),
    ]);
    return {
      role: 'owner',
      seats: family.seats,
      until: iso(owner?.premiumUntil ?? null),
      active: owner ? hasFullAccess(deps, owner, now) : false,
      members: members.map(({ youngReader, hiddenTags, ...member }) => ({
        ...member,
        joinedAt: member.joinedAt.toISOString(),
        controls: controlsOf({ youngReader, hiddenTags }),
      })),
      invitations: await Promise.all(invitations.map((row) => invitationView(deps, row))),
    };
  }
  const membership = await repository.findMembership(deps.db, viewer.id);
  if (!membership) return { role: 'none' };
  const { owner, ownerSubscription } = membership;
  return {
    role: 'member',
    owner: { name: owner.name },
    planName: membership.planName,
    until: iso(owner.premiumUntil),
    active: hasFullAccess(deps, { ...owner, subscription: ownerSubscription }, now),
    joinedAt: membership.joinedAt.toISOString(),
    controls: controlsOf(membership),
  };
}

/** The viewer's own family, or why they cannot invite. */
async function ownFamily(db: DbOrTx, viewer: Viewer) {
  const family = await repository.findByOwner(db, viewer.id);
  if (family) return family;
  if (await repository.findMembership(db, viewer.id)) throw forbidden(FAMILY_MESSAGES.memberCannotInvite);
  throw forbidden(FAMILY_MESSAGES.notOwner);
}

/** Counts an invitation e-mail against the owner's and the address's limits; throws 429 past either. */
export type CountInvitationMail = () => Promise<void>;

/**
 * POST /api/family/invitations: an invitation by e-mail (the link is in the answer for a site without mail). Only
 * an owner's invitations are counted, and only when the site sends mail.
 */
export async function invite(
  deps: Deps,
  viewer: Viewer,
  email: string,
  countMail: CountInvitationMail,
): Promise<FamilyInvited> {
  const now = deps.clock();
  const address = email.trim().toLowerCase();
  const family = await ownFamily(deps.db, viewer);
  if (address === viewer.email) throw badRequest(FAMILY_MESSAGES.selfInvite, { email: [FAMILY_MESSAGES.selfInvite] });
  if (deps.config.mail) await countMail();
  const row = await deps.db.transaction(async (tx) => {
    await repository.lockFamily(tx, family.id);
    const owner = await repository.passOf(tx, viewer.id);
    if (!owner || !hasFullAccess(deps, owner, now)) throw conflict(FAMILY_MESSAGES.ownerInactive);
    const members = await repository.listMembers(tx, family.id);
    if (members.some((member) => member.email === address)) throw conflict(FAMILY_MESSAGES.alreadyMemberOfThis);
    if (members.length >= family.seats - 1) throw conflict(FAMILY_MESSAGES.noSeatsLeft);
    await repository.closeExpired(tx, family.id, now);
    if ((await repository.countOpenInvitations(tx, family.id, now)) >= FAMILY_LIMITS.openInvitationsMax) {
      throw conflict(FAMILY_MESSAGES.tooManyInvitations);
    }
    const created = await repository.insertInvitation(tx, {
      familyId: family.id,
      email: address,
      createdAt: now,
      expiresAt: new Date(now.getTime() + FAMILY_LIMITS.invitationDays * DAY_MS),
    });
    if (!created) throw conflict(FAMILY_MESSAGES.alreadyInvited);
    const view = await invitationView(deps, created);
    await deps.notifier.familyInvitation(
      tx,
      address,
      { ownerName: viewer.name, joinUrl: view.link, expiresAt: created.expiresAt },
      now,
    );
    return { ...view, mailed: Boolean(deps.config.mail) };
  });
  return row;
}

/** DELETE /api/family/invitations/:id: the link stops working. */
export async function revokeInvitation(deps: Deps, viewer: Viewer, invitationId: string): Promise<void> {
  const family = await ownFamily(deps.db, viewer);
  if (!(await repository.closeInvitation(deps.db, invitationId, family.id, deps.clock()))) {
    throw notFound(FAMILY_MESSAGES.invitationNotFound);
  }
}

/** DELETE /api/family/members/:userId: the member's access from the family ends at once; they are told. */
export async function removeMember(deps: Deps, viewer: Viewer, userId: string): Promise<void> {
  const family = await ownFamily(deps.db, viewer);
  const now = deps.clock();
  await commit(deps, async (tx, after) => {
    await repository.lockFamily(tx, family.id);
    if (!(await repository.removeMember(tx, family.id, userId))) throw notFound(FAMILY_MESSAGES.notMember);
    await accessChanged(tx, after, [userId]);
    await deps.notifier.familyEvent(tx, {
      kind: 'family-removed',
      memberIds: [userId],
      ownerName: viewer.name,
      at: now,
    });
  });
}

/**
 * PUT /api/family/members/:userId/controls: the owner marks a member a young reader, and which tags they do not
 * see (docs/product.md#parental-controls). Seen on the member's next request: their cached viewer is dropped.
 */
export async function setControls(
  deps: Deps,
  viewer: Viewer,
  userId: string,
  input: FamilyControls,
): Promise<FamilyView> {
  if (!input.youngReader && input.hiddenTags.length > 0) {
    throw badRequest(FAMILY_MESSAGES.hiddenTagsNeedYoungReader, {
      hiddenTags: [FAMILY_MESSAGES.hiddenTagsNeedYoungReader],
    });
  }
  const family = await repository.findByOwner(deps.db, viewer.id);
  if (!family) throw forbidden(FAMILY_MESSAGES.ownerSetsControls);
  const hiddenTags = [...new Set(input.hiddenTags)];
  await checkTagChoices(deps, hiddenTags, 'hiddenTags', async () => {
    const membership = await repository.findMembership(deps.db, userId);
    return membership?.familyId === family.id ? membership.hiddenTags : [];
  });
  await commit(deps, async (tx, after) => {
    // Again with the tags as they are now, held until the save commits: a rename meanwhile is not missed.
    await checkTagChoices(
      deps,
      hiddenTags,
      'hiddenTags',
      async () => {
        const membership = await repository.findMembership(tx, userId);
        return membership?.familyId === family.id ? membership.hiddenTags : [];
      },
      tx,
    );
    if (!(await repository.setControls(tx, family.id, userId, { youngReader: input.youngReader, hiddenTags }))) {
      throw notFound(FAMILY_MESSAGES.notMember);
    }
    after.viewerChanged(userId);
  });
  return getFamily(deps, viewer);
}

/** POST /api/family/leave: a member leaves; their access from the family ends at once. A young reader cannot. */
export async function leave(deps: Deps, viewer: Viewer): Promise<void> {
  const membership = await repository.findMembership(deps.db, viewer.id);
  if (!membership) throw notFound(FAMILY_MESSAGES.noFamily);
  if (membership.youngReader) throw forbidden(FAMILY_MESSAGES.youngReaderLeave);
  await commit(deps, async (tx, after) => {
    await repository.removeMember(tx, membership.familyId, viewer.id);
    await accessChanged(tx, after, [viewer.id]);
  });
}

async function invitationOf(deps: Deps, token: string) {
  const id = await deps.mailTokens.readFamilyInvitation(token);
  const found = id && (await repository.findInvitation(deps.db, id));
  if (!found) throw badRequest(FAMILY_MESSAGES.invitationInvalid);
  return found;
}

function checkOpen(invitation: repository.InvitationRow, now: Date) {
  if (invitation.closedAt) throw conflict(FAMILY_MESSAGES.invitationClosed);
  if (invitation.expiresAt <= now) throw badRequest(FAMILY_MESSAGES.invitationExpired);
}

/**
 * An invitation is the address's it was sent to: a forwarded or leaked link is no seat for another account. When the
 * site sends mail the account must also have proven the address (decision 057): registering takes any address
 * unverified, so a leaked link would otherwise let a stranger register the invited one and take its seat.
 */
async function checkAddressee(deps: Deps, db: DbOrTx, invitation: repository.InvitationRow, viewer: Viewer) {
  if (invitation.email !== viewer.email.toLowerCase()) {
    throw forbidden(FAMILY_MESSAGES.invitationForAnotherAddress(invitation.email));
  }
  if (deps.config.mail && !(await repository.hasVerifiedAddress(db, viewer.id))) {
    throw forbidden(FAMILY_MESSAGES.invitationNeedsVerifiedAddress);
  }
}

/** POST /api/family/invitations/preview: who invites, and whether the reader's own premium is affected. */
export async function previewInvitation(deps: Deps, viewer: Viewer, token: string): Promise<FamilyInvitationPreview> {
  const now = deps.clock();
  const { invitation, family, owner } = await invitationOf(deps, token);
  if (owner.id === viewer.id) throw badRequest(FAMILY_MESSAGES.ownInvitation);
  const shown = { owner: { name: owner.name }, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
  // The link opened again after accepting it (a reload, the e-mail once more): not an error, the reader is in.
  if (invitation.closedAt && (await repository.findMembership(deps.db, viewer.id))?.familyId === family.id) {
    return { ...shown, ownPremiumUntil: null, joined: true };
  }
  checkOpen(invitation, now);
  await checkAddressee(deps, deps.db, invitation, viewer);
  const self = await repository.passOf(deps.db, viewer.id);
  const ownActive = self && premiumNow(self, deps.config.payments.graceDays, now) ? self.premiumUntil : null;
  return { ...shown, ownPremiumUntil: iso(ownActive), joined: false };
}

/**
 * POST /api/family/invitations/accept: under the family's lock, a seat is taken if one is free, the owner's
 * access is on, the link is unused, it was sent to the reader's address and the reader is in no family yet.
 */
export async function acceptInvitation(deps: Deps, viewer: Viewer, token: string): Promise<FamilyView> {
  const now = deps.clock();
  const { invitation, family, owner } = await invitationOf(deps, token);
  if (owner.id === viewer.id) throw badRequest(FAMILY_MESSAGES.ownInvitation);
  await commit(deps, async (tx, after) => {
    const locked = await repository.lockFamily(tx, family.id);
    if (!locked) throw badRequest(FAMILY_MESSAGES.invitationInvalid);
    const current = (await repository.findInvitation(tx, invitation.id))?.invitation;
    if (!current) throw badRequest(FAMILY_MESSAGES.invitationInvalid);
    checkOpen(current, now);
    await checkAddressee(deps, tx, current, viewer);
    if (await repository.findMembership(tx, viewer.id)) throw conflict(FAMILY_MESSAGES.alreadyInAFamily);
    const ownerRow = await repository.passOf(tx, owner.id);
    if (!ownerRow || !hasFullAccess(deps, ownerRow, now)) throw conflict(FAMILY_MESSAGES.ownerInactive);
    if ((await repository.countMembers(tx, family.id)) >= locked.seats - 1) throw conflict(FAMILY_MESSAGES.noSeatsLeft);
    await repository.closeInvitation(tx, invitation.id, family.id, now);
    if (!(await repository.insertMember(tx, viewer.id, family.id, now))) {
      throw conflict(FAMILY_MESSAGES.alreadyInAFamily);
    }
    await accessChanged(tx, after, [viewer.id]);
  });
  return getFamily(deps, viewer);
}
