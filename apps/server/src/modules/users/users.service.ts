import {
  API_MESSAGES,
  ARTICLE_MESSAGES,
  PAYMENT_MESSAGES,
  type AuthorLinks,
  type RoleRecord,
  type User,
  type UserPage,
  type PremiumAccess,
  type UserStats,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { commit, type CommitDeps } from '../../db/commit.js';
import { badRequest, conflict, notFound } from '../../plugins/errors.js';
import { recordAction } from '../moderation/moderation.service.js';
import { toAdminUser, toRoleRecord, toUser } from './users.mapper.js';
import {
  accessSource,
  effectiveAccess,
  familyAccessOf,
  isActive,
  premiumArticlesOf,
  renewalHold,
  withFamilyAccess,
} from '../premium/premium-access.js';
import { grantComplimentary } from '../premium/premium-grants.js';
import { youngReaderControls } from '../family/family-access.js';
import * as repository from './users.repository.js';
import { toRowWindow, type PageQuery } from '../../db/paging.js';

export type { NewUser, UserRow } from './users.repository.js';
export { toUser } from './users.mapper.js';

/** Total is every account; premium reads every premium article now (`premiumNowSql`); normal is the rest. */
// Premium lapses with time, not with a write: the counts may be this old.
const STATS_TTL_MS = 10_000;

export function getUserStats({
  db,
  cache,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'cache' | 'clock' | 'config'>): Promise<UserStats> {
  return cache.remember('users', 'stats', STATS_TTL_MS, async () => {
    // One query, so total = normal + premium holds at every moment.
    const { total, premium } = await repository.countUsers(db, clock(), config.payments.graceDays);
    return { totalUsers: total, normalUsers: total - premium, premiumUsers: premium };
  });
}

export const findUserByEmail = (db: Db, email: string) => repository.findByEmail(db, email);
export const findUserByGoogleSubject = (db: Db, subject: string) => repository.findByGoogleSubject(db, subject);
/** Creates the account unless the e-mail is taken; `welcome` writes its welcome message in the same transaction. */
export async function createUserIfEmailFree(
  deps: CommitDeps,
  values: repository.NewUser,
  welcome?: (tx: DbOrTx, row: repository.UserRow) => Promise<void>,
) {
  return commit(deps, async (tx, after) => {
    const created = await repository.insertIfEmailFree(tx, values);
    if (created) after.stale('users');
    if (created && welcome) await welcome(tx, created);
    return created;
  });
}
/** The reader's renewing subscription that is not over, if any: the one query of it, the payments module's too. */
export const findLiveSubscription = (db: DbOrTx, userId: string) => repository.findLiveSubscription(db, userId);
/** Whether the reader ever had a renewing subscription here (`freeDaysFor`): the one query of it, checkout's too. */
export const hasHadSubscription = (db: DbOrTx, userId: string) => repository.hasHadSubscription(db, userId);
export const updateUserRow = (db: DbOrTx, id: string, values: Partial<repository.NewUser>) =>
  repository.update(db, id, values);

async function requireUser(db: Db, email: string) {
  const row = await repository.findByEmail(db, email);
  if (!row) throw notFound(API_MESSAGES.userNotFound);
  return row;
}

export async function getRoleRecord(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  email: string,
): Promise<RoleRecord> {
  const row = await requireUser(db, email);
  const [access, controls, subscription, subscribedBefore] = await Promise.all([
    effectiveAccess(db, row, clock()),
    youngReaderControls(db, row.id),
    repository.findLiveSubscription(db, row.id),
    repository.hasHadSubscription(db, row.id),
  ]);
  const renewing = renewalHold(subscription, access.familySubscription, config.payments.graceDays);
  return {
    ...toRoleRecord({ role: row.role, premiumUntil: access.premiumUntil }, access.premiumArticles),
    ...(controls && { youngReader: true as const, hiddenTags: [...controls.hiddenTags].sort() }),
    ...(subscription?.status === 'past_due' && { pastDue: true as const }),
    ...(renewing && { renewing: renewing.toISOString() }),
    ...(subscribedBefore && { freeDaysUsed: true as const }),
  };
}

/**
 * The signed-in viewer's own role record, as `getRoleRecord` reads it, from their cached session (decision
 * 019: every change to a role, premium, family or parental controls bumps it): only a pass with a number of
 * premium articles reads its count of opened ones, and every reader whether they have had a subscription.
 */
export async function viewerRoleRecord(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  viewer: Viewer,
): Promise<RoleRecord> {
  if (viewer.premiumArticles !== null) return getRoleRecord(deps, viewer.email);
  const subscribedBefore = await repository.hasHadSubscription(deps.db, viewer.id);
  return {
    ...toRoleRecord({ role: viewer.role, premiumUntil: viewer.premiumTaken }, null),
    ...(viewer.youngReader && { youngReader: true as const, hiddenTags: [...viewer.youngReader.hiddenTags].sort() }),
    ...(viewer.pastDue && { pastDue: true as const }),
    ...(viewer.renewing && { renewing: viewer.renewing.toISOString() }),
    ...(subscribedBefore && { freeDaysUsed: true as const }),
  };
}

/** A user as the API shows them, their premium their own or their family's, whichever ends later. */
export async function toUserWithAccess(db: DbOrTx, row: repository.UserRow, now: Date): Promise<User> {
  return { ...toUser(row), premiumTaken: (await effectiveAccess(db, row, now)).premiumUntil?.toISOString() ?? null };
}

export async function getProfile(db: Db, email: string): Promise<User> {
  return toUser(await requireUser(db, email));
}

/**
 * Name and photo, and the author page's bio and links when sent: the e-mail, role, premium and the page's address
 * belong to the server.
 */
export async function updateProfile(
  { db, images, cache, viewers }: Pick<AppDeps, 'db' | 'images' | 'cache' | 'viewers'>,
  email: string,
  input: { name: string; profile_pic: string; bio?: string; links?: AuthorLinks },
): Promise<User> {
  const row = await requireUser(db, email);
  if (!(await images.owns(input.profile_pic))) {
    throw badRequest(API_MESSAGES.imageNotOurs, { profile_pic: [API_MESSAGES.imageNotOurs] });
  }
  const updated = await commit({ db, cache, viewers }, async (tx, after) => {
    const changed = await repository.update(tx, row.id, {
      name: input.name,
      profilePic: input.profile_pic,
      ...(input.bio !== undefined && { bio: input.bio }),
      ...(input.links !== undefined && { links: input.links }),
    });
    // Article and author pages show their author's name, photo, bio and links; the viewer carries the name.
    after.stale('catalogue');
    after.viewerChanged(row.id);
    return changed;
  });
  return toUser(updated!);
}

export const lockUserForUpdate = (tx: DbOrTx, id: string) => repository.lockForUpdate(tx, id);

export async function listUsers(db: Db, query: PageQuery & { q?: string }): Promise<UserPage> {
  const { rows, total } = await repository.listPage(db, { search: query.q || undefined }, toRowWindow(query));
  return {
    users: rows.map(({ user, pass, family, subscription }) =>
      toAdminUser(user, accessSource(user, pass), pass, family, subscription),
    ),
    total,
  };
}

/** 'Make Admin': recorded with who and when, in one transaction with the change. */
export async function promoteToAdmin(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'viewers'>,
  admin: Viewer,
  userId: string,
) {
  return commit(deps, async (tx, after) => {
    const row = await repository.findById(tx, userId);
    if (!row) throw notFound(API_MESSAGES.userNotFound);
    if (row.role === 'admin') throw conflict(ARTICLE_MESSAGES.alreadyAdmin);
    const updated = await repository.update(tx, userId, { role: 'admin' });
    after.viewerChanged(userId);
    await recordAction(tx, { actorId: admin.id, action: 'promote', userId, at: deps.clock() });
    return toUser(updated!);
  });
}

/**
 * An admin's complimentary premium until a chosen date, recorded like other admin actions. It
 * never shortens what the reader has already paid for: the later of the two dates wins, and it opens
 * every premium article (`grantComplimentary`).
 */
export async function grantPremium(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'viewers'>,
  admin: Viewer,
  email: string,
  premiumTaken: Date,
): Promise<User> {
  const now = deps.clock();
  if (premiumTaken <= now)
    throw badRequest(PAYMENT_MESSAGES.grantInPast, { premiumTaken: [PAYMENT_MESSAGES.grantInPast] });
  return commit(deps, async (tx, after) => {
    const row = await repository.findByEmail(tx, email);
    if (!row) throw notFound(API_MESSAGES.userNotFound);
    const until = await grantComplimentary(tx, after, row.id, premiumTaken, now);
    await recordAction(tx, {
      actorId: admin.id,
      action: 'grant-premium',
      userId: row.id,
      detail: until.toISOString(),
      at: now,
    });
    return toUser((await repository.findById(tx, row.id))!);
  });
}

export const findUserById = (db: DbOrTx, id: string) => repository.findById(db, id);
/** The author an author page's address names, with what the page shows of them (never the e-mail). */
export const findAuthorBySlug = (db: DbOrTx, slug: string) => repository.findAuthorBySlug(db, slug);
export const countAdmins = (db: DbOrTx) => repository.countAdmins(db);
/** The last step of deleting an account: the row itself. */
export const removeUserRow = (tx: DbOrTx, id: string) => repository.remove(tx, id);

/** GET /api/users/access: the reader's access as /profile shows it. */
export async function getPremiumAccess(deps: Pick<AppDeps, 'db' | 'clock'>, email: string): Promise<PremiumAccess> {
  const found = await repository.findWithLatestPass(deps.db, email);
  if (!found) throw notFound(API_MESSAGES.userNotFound);
  const { user, pass } = found;
  const now = deps.clock();
  const family = await familyAccessOf(deps.db, user.id);
  if (family?.premiumUntil && withFamilyAccess(user, family.premiumUntil).premiumUntil === family.premiumUntil) {
    return {
      until: family.premiumUntil.toISOString(),
      active: isActive(family, now),
      source: 'family',
      plan: family.plan,
      premiumArticles: null,
    };
  }
  const source = accessSource(user, pass);
  return {
    until: user.premiumUntil?.toISOString() ?? null,
    active: isActive(user, now),
    source,
    plan: source === 'pass' && pass ? { id: pass.planId, name: pass.planName, features: pass.features } : null,
    premiumArticles: await premiumArticlesOf(deps.db, user, now),
  };
}
