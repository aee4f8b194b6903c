import { hasPremiumNow, MINUTE_MS, renewalHeldUntil, type PremiumAccess } from '@dispatch/shared';
import type { DbOrTx } from '../../db/client.js';
import * as repository from './premium.repository.js';

/*
 * Premium, decided in one place (docs/product.md#plans, docs/decisions/061-one-home-for-premium-access.md). A
 * reader's own access ends at users.premium_until, whatever gave it: a pass extends it from the later of now and
 * the current expiry; a renewing period and an admin's complimentary grant raise it (premium-grants.ts).
 * users.premium_articles is the allowance of the current run of access (null: every premium article), counted
 * from users.premium_articles_since in premium_article_opens (premium-opens.ts). A family member reads through
 * the owner's full access, and a renewal not decided yet holds access past its period (`renewalHold`). Queries
 * over many readers say the same with `premiumNowSql` (premium-now.ts).
 */

type AccessRow = Pick<repository.AccessRow, 'premiumUntil' | 'premiumArticles' | 'premiumArticlesSince'>;
type AccessChange = Required<AccessRow>;
type HoldFacts = Parameters<typeof renewalHeldUntil>[0];

export const isActive = (row: Pick<AccessRow, 'premiumUntil'>, now: Date) =>
  row.premiumUntil !== null && row.premiumUntil > now;

/** What a pass of `minutes` with `premiumArticles` (null: all) does to the reader's access. */
export function afterPass(
  row: AccessRow,
  pass: { durationMinutes: number; premiumArticles: number | null },
  now: Date,
): AccessChange {
  const active = isActive(row, now);
  const from = active ? row.premiumUntil! : now;
  const premiumUntil = new Date(from.getTime() + pass.durationMinutes * MINUTE_MS);
  // Lapsed or never had: a new run, with this pass's allowance.
  if (!active) return { premiumUntil, premiumArticles: pass.premiumArticles, premiumArticlesSince: now };
  // Active: full stays full, a full pass makes the run full, and two limited passes add up.
  const premiumArticles =
    row.premiumArticles === null || pass.premiumArticles === null ? null : row.premiumArticles + pass.premiumArticles;
  return { premiumUntil, premiumArticles, premiumArticlesSince: row.premiumArticlesSince ?? now };
}

/** The access a member holds through their family (the owner's full access and plan); undefined outside one. */
export const familyAccessOf = (db: DbOrTx, userId: string) => repository.familyAccessOf(db, userId);

/**
 * A family member's access (docs/product.md#families): their own, or the owner's full access when it ends
 * later. The seat never adds to what the member holds: whichever ends later applies. An owner's renewal that holds
 * access is no date: it is carried beside this one (`renewalHold`).
 */
export function withFamilyAccess(
  own: Pick<AccessRow, 'premiumUntil' | 'premiumArticles'>,
  familyPremiumUntil: Date | null,
): Pick<AccessRow, 'premiumUntil' | 'premiumArticles'> {
  if (familyPremiumUntil && (own.premiumUntil === null || familyPremiumUntil > own.premiumUntil)) {
    return { premiumUntil: familyPremiumUntil, premiumArticles: null };
  }
  return { premiumUntil: own.premiumUntil, premiumArticles: own.premiumArticles };
}

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

/** An active limited run's allowance and how much of it is spent; null for full access or none. */
export async function premiumArticlesOf(
  db: DbOrTx,
  row: Pick<repository.AccessRow, 'id'> & AccessRow,
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
  row: Pick<AccessRow, 'premiumUntil'>,
  pass: { periodEnd: Date | null; pastDue: boolean } | null,
): Exclude<PremiumAccess['source'], 'family'> {
  if (!row.premiumUntil) return null;
  if (pass?.pastDue) return 'pass';
  return pass?.periodEnd && pass.periodEnd.getTime() === row.premiumUntil.getTime() ? 'pass' : 'complimentary';
}

/**
 * The reader's access as the role answer gives it: their own, or their family's when it ends later; and the
 * family owner's subscription that is not over, whose renewal may hold it (`renewalHold`).
 */
export async function effectiveAccess(
  db: DbOrTx,
  row: Pick<repository.AccessRow, 'id'> & AccessRow,
  now: Date,
): Promise<{
  premiumUntil: Date | null;
  premiumArticles: PremiumAccess['premiumArticles'];
  familySubscription: HoldFacts | null;
}> {
  const family = await familyAccessOf(db, row.id);
  const familySubscription = family?.subscription ?? null;
  const access = withFamilyAccess(row, family?.premiumUntil ?? null);
  if (access.premiumArticles === null) {
    return { premiumUntil: access.premiumUntil, premiumArticles: null, familySubscription };
  }
  return {
    premiumUntil: access.premiumUntil,
    premiumArticles: await premiumArticlesOf(db, row, now),
    familySubscription,
  };
}

/** An account's own access and its subscription that is not over, as a family's owner holds it. */
export interface OwnAccess {
  premiumUntil: Date | null;
  premiumArticles: number | null;
  subscription: HoldFacts | null;
}

/** Premium now (`hasPremiumNow`), a renewal not yet decided holding it. */
export const premiumNow = (own: OwnAccess, graceDays: number, now: Date) =>
  hasPremiumNow(
    { premiumTaken: own.premiumUntil, renewing: own.subscription && renewalHeldUntil(own.subscription, graceDays) },
    now,
  );

/** Premium now, opening every premium article: what a family's owner needs for the family to be active. */
export const fullAccessNow = (own: OwnAccess, graceDays: number, now: Date) =>
  own.premiumArticles === null && premiumNow(own, graceDays, now);
