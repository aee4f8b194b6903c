import { MINUTE_MS, API_MESSAGES, renewalHeldUntil, type PremiumAccess } from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../plugins/errors.js';
import { familyAccessOf } from '../family/family-access.js';
import * as repository from './users.repository.js';

/*
 * Premium, decided in one place (docs/product.md#plans). A reader's access ends at users.premium_taken,
 * whatever gave it: a pass extends it from the later of now and the current expiry; an admin's complimentary
 * grant raises it. users.premium_articles is the allowance of the current run of access (null: every premium
 * article), counted from users.premium_articles_since in premium_article_opens. The shared access rules read
 * the allowance from the viewer (`premiumArticles`): a limited run reads no premium text through them, and the
 * article's answer opens each premium article here, one at a time.
 */

type AccessRow = Pick<repository.UserRow, 'premiumTaken' | 'premiumArticles' | 'premiumArticlesSince'>;
type AccessChange = Required<AccessRow>;

const isActive = (row: Pick<AccessRow, 'premiumTaken'>, now: Date) =>
  row.premiumTaken !== null && row.premiumTaken > now;

/** What a pass of `minutes` with `premiumArticles` (null: all) does to the reader's access. */
export function afterPass(
  row: AccessRow,
  pass: { durationMinutes: number; premiumArticles: number | null },
  now: Date,
): AccessChange {
  const active = isActive(row, now);
  const from = active ? row.premiumTaken! : now;
  const premiumTaken = new Date(from.getTime() + pass.durationMinutes * MINUTE_MS);
  // Lapsed or never had: a new run, with this pass's allowance.
  if (!active) return { premiumTaken, premiumArticles: pass.premiumArticles, premiumArticlesSince: now };
  // Active: full stays full, a full pass makes the run full, and two limited passes add up.
  const premiumArticles =
    row.premiumArticles === null || pass.premiumArticles === null ? null : row.premiumArticles + pass.premiumArticles;
  return { premiumTaken, premiumArticles, premiumArticlesSince: row.premiumArticlesSince ?? now };
}

/** An admin's complimentary access until `until` (never shortening what the reader holds): every premium article. */
export function afterGrant(row: AccessRow, until: Date, now: Date): AccessChange {
  const premiumTaken = row.premiumTaken && row.premiumTaken > until ? row.premiumTaken : until;
  const premiumArticlesSince = isActive(row, now) ? (row.premiumArticlesSince ?? now) : now;
  return { premiumTaken, premiumArticles: null, premiumArticlesSince };
}

/**
 * Applies a paid pass to the reader's row, locked for the transaction that records the payment: returns the
 * new end of access. Invalidate the user's cached viewers once it has committed.
 */
export async function applyPass(
  tx: DbOrTx,
  userId: string,
  pass: { durationMinutes: number; premiumArticles: number | null },
  now: Date,
): Promise<Date> {
  const row = await repository.lockForUpdate(tx, userId);
  if (!row) throw notFound(API_MESSAGES.userNotFound);
  const change = afterPass(row, pass, now);
  await repository.update(tx, userId, change);
  return change.premiumTaken!;
}

/**
 * A renewing subscription's period (or a failed renewal's grace) on the reader's row, locked for the transaction
 * that records it: access until `until` at least, to every premium article; never shortened (a pass that ends
 * later keeps its end). Invalidate the user's cached viewers once it has committed.
 */
export async function applyPeriod(tx: DbOrTx, userId: string, until: Date, now: Date): Promise<void> {
  await applyPeriods(tx, [{ userId, until }], now);
}

/** `applyPeriod` for many readers in one statement (the renewal job's batches): `afterGrant`'s rule, in SQL. */
export const applyPeriods = (tx: DbOrTx, periods: readonly { userId: string; until: Date }[], now: Date) =>
  periods.length === 0 ? Promise.resolve() : repository.grantUntil(tx, periods, now);

/**
 * A family member's access (docs/product.md#families): their own, or the owner's full access when it ends
 * later. The seat never adds to what the member holds: whichever ends later applies. An owner's renewal that holds
 * access is no date: it is carried beside this one (`renewalHold`).
 */
export function withFamilyAccess(
  own: Pick<AccessRow, 'premiumTaken' | 'premiumArticles'>,
  familyPremiumTaken: Date | null,
): Pick<AccessRow, 'premiumTaken' | 'premiumArticles'> {
  if (familyPremiumTaken && (own.premiumTaken === null || familyPremiumTaken > own.premiumTaken)) {
    return { premiumTaken: familyPremiumTaken, premiumArticles: null };
  }
  return { premiumTaken: own.premiumTaken, premiumArticles: own.premiumArticles };
}

type HoldFacts = Parameters<typeof renewalHeldUntil>[0];

/**
 * Until when an undecided renewal holds the reader's access (decision 055): their own subscription's, or their
 * family owner's when the owner's access opens every premium article, whichever holds later; undefined for none.
 */
export function renewalHold(
  own: HoldFacts | null | undefined,
  family: HoldFacts | null | undefined,
  graceDays: number,
): Date | undefined {
  const held = [own, family].flatMap((subscription) => {
    const until = subscription ? renewalHeldUntil(subscription, graceDays) : null;
    return until ? [until.getTime()] : [];
  });
  return held.length > 0 ? new Date(Math.max(...held)) : undefined;
}

/** Whether this viewer's access is active and limited to a number of premium articles. */
export const hasLimitedPass = (viewer: Pick<Viewer, 'role' | 'premiumTaken' | 'premiumArticles'>, now: Date) =>
  viewer.role !== 'admin' && viewer.premiumArticles !== null && isActive(viewer, now);

/**
 * A reader with a limited pass asks for a premium article in full: already opened in this run, it opens; else
 * it opens while the run has articles left, and counts. The reader's row is locked while counting and
 * recording, so parallel opens of different articles take turns and never exceed the allowance.
 */
export async function openPremiumArticle(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  viewer: Viewer,
  articleId: string,
): Promise<boolean> {
  const now = deps.clock();
  if (!hasLimitedPass(viewer, now)) return false;
  return deps.db.transaction(async (tx) => {
    const row = await repository.lockForUpdate(tx, viewer.id);
    if (!row || !isActive(row, now) || row.premiumArticles === null) return false;
    const since = row.premiumArticlesSince ?? now;
    if (await repository.hasOpenedSince(tx, viewer.id, articleId, since)) return true;
    if ((await repository.countOpenedSince(tx, viewer.id, since)) >= row.premiumArticles) return false;
    await repository.recordOpen(tx, viewer.id, articleId, now);
    return true;
  });
}

/** Whether a limited pass has opened this article in the current run (a view of it may be counted). */
export async function openedInRun(deps: Pick<AppDeps, 'db' | 'clock'>, viewer: Viewer, articleId: string) {
  const now = deps.clock();
  if (!hasLimitedPass(viewer, now)) return false;
  const row = await repository.findById(deps.db, viewer.id);
  if (!row || !isActive(row, now) || row.premiumArticles === null) return false;
  return repository.hasOpenedSince(deps.db, viewer.id, articleId, row.premiumArticlesSince ?? now);
}

/** The premium articles a limited pass has left in its run; 0 without one. */
export async function passArticlesLeft(deps: Pick<AppDeps, 'db' | 'clock'>, viewer: Viewer): Promise<number> {
  const now = deps.clock();
  if (!hasLimitedPass(viewer, now)) return 0;
  const row = await repository.findById(deps.db, viewer.id);
  const allowance = row && (await premiumArticlesOf(deps.db, row, now));
  return allowance ? Math.max(allowance.included - allowance.opened, 0) : 0;
}

/** An active limited run's allowance and how much of it is spent; null for full access or none. */
export async function premiumArticlesOf(
  db: DbOrTx,
  row: Pick<repository.UserRow, 'id'> & AccessRow,
  now: Date,
): Promise<PremiumAccess['premiumArticles']> {
  if (!isActive(row, now) || row.premiumArticles === null) return null;
  const opened = await repository.countOpenedSince(db, row.id, row.premiumArticlesSince ?? now);
  return { included: row.premiumArticles, opened };
}

/**
 * Where access comes from: a pass when the newest succeeded payment's period ends when access ends (or its
 * renewing subscription is past due: access then runs through the grace); otherwise an admin's grant when there
 * is access (current or past); none when there never was.
 */
export function accessSource(
  row: Pick<AccessRow, 'premiumTaken'>,
  pass: repository.LatestPass,
): Exclude<PremiumAccess['source'], 'family'> {
  if (!row.premiumTaken) return null;
  if (pass?.pastDue) return 'pass';
  return pass?.periodEnd && pass.periodEnd.getTime() === row.premiumTaken.getTime() ? 'pass' : 'complimentary';
}

/**
 * The reader's access as the role answer gives it: their own, or their family's when it ends later; and the
 * family owner's subscription that is not over, whose renewal may hold it (`renewalHold`).
 */
export async function effectiveAccess(
  db: DbOrTx,
  row: Pick<repository.UserRow, 'id'> & AccessRow,
  now: Date,
): Promise<{
  premiumTaken: Date | null;
  premiumArticles: PremiumAccess['premiumArticles'];
  familySubscription: HoldFacts | null;
}> {
  const family = await familyAccessOf(db, row.id);
  const familySubscription = family?.subscription ?? null;
  const access = withFamilyAccess(row, family?.premiumTaken ?? null);
  if (access.premiumArticles === null) {
    return { premiumTaken: access.premiumTaken, premiumArticles: null, familySubscription };
  }
  return {
    premiumTaken: access.premiumTaken,
    premiumArticles: await premiumArticlesOf(db, row, now),
    familySubscription,
  };
}

/** GET /api/users/access: the reader's access as /profile shows it. */
export async function getPremiumAccess(deps: Pick<AppDeps, 'db' | 'clock'>, email: string): Promise<PremiumAccess> {
  const found = await repository.findWithLatestPass(deps.db, email);
  if (!found) throw notFound(API_MESSAGES.userNotFound);
  const { user, pass } = found;
  const now = deps.clock();
  const family = await familyAccessOf(deps.db, user.id);
  if (family?.premiumTaken && withFamilyAccess(user, family.premiumTaken).premiumTaken === family.premiumTaken) {
    return {
      until: family.premiumTaken.toISOString(),
      active: isActive(family, now),
      source: 'family',
      plan: family.plan,
      premiumArticles: null,
    };
  }
  const source = accessSource(user, pass);
  return {
    until: user.premiumTaken?.toISOString() ?? null,
    active: isActive(user, now),
    source,
    plan: source === 'pass' && pass ? { id: pass.planId, name: pass.planName, features: pass.features } : null,
    premiumArticles: await premiumArticlesOf(deps.db, user, now),
  };
}
