import {
  DAY_MS,
  GIFT_MESSAGES,
  hasPremiumAccess,
  monthOf,
  REVENUE,
  type CreatedGiftLink,
  type GiftLink,
  type GiftLinkList,
  type GiftRefusal,
  type Meter,
} from '@dispatch/shared';
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps, Viewer } from '../../app-types.js';
import { commit, type CommitDeps } from '../../db/commit.js';
import { conflict, forbidden, notFound } from '../../plugins/errors.js';
import { lockUserForUpdate } from '../users/users.service.js';
import * as repository from './revenue.repository.js';
import { recordPaywall } from './funnel.service.js';
import { meteredThisMonth, rememberWall, wallIsNew } from './reader-memo.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const LIST_LIMIT = 100;

/** What a gift link or the meter did for a reader who would otherwise get a premium article's teaser. */
export type PremiumUnlock =
  | { open: true; meter?: Meter; gift?: { expiresAt: string }; newlyCounted: 'meter' | 'gift' | null }
  | { open: false; meter?: Meter; giftRefused?: GiftRefusal; freeReadsLeft?: number };

/** What unlocking needs: a new free read bumps the reader's cached viewer. */
type UnlockDeps = Deps & CommitDeps;

/**
 * A signed-in reader without premium asked for a premium article: a valid gift link for it opens it;
 * else the meter does while this month's free reads last (docs/product.md#reader-revenue). The funnel
 * counts what happened: a wall hit, a new gift open or a new metered read.
 *
 * `sameSite: false` (a page opened from another site) spends no free read and records no wall
 * hit: another site must not spend what is the reader's. A refused gift link spends none either: the reader
 * followed a link, not chose a free read. Either way the teaser offers the free reads left, spent on request.
 * The same wall hit again within the hour is not recorded again (modules/revenue/reader-memo.ts).
 */
export async function unlockPremium(
  deps: UnlockDeps,
  reader: Viewer,
  articleId: string,
  giftToken: string | undefined,
  { sameSite }: { sameSite: boolean },
): Promise<PremiumUnlock> {
  const unlock = await decideUnlock(deps, reader, articleId, giftToken, sameSite);
  const event = { articleId, userId: reader.id, at: deps.clock() };
  if (!unlock.open) {
    if (sameSite && wallIsNew(deps.db, reader.id, articleId, event.at)) {
      await recordPaywall(deps.db, 'wall', event);
      rememberWall(deps.db, reader.id, articleId, event.at);
    }
  } else if (unlock.newlyCounted)
    await recordPaywall(deps.db, unlock.newlyCounted === 'gift' ? 'gift' : 'metered', event);
  return unlock;
}

async function decideUnlock(
  deps: UnlockDeps,
  reader: Viewer,
  articleId: string,
  giftToken: string | undefined,
  sameSite: boolean,
): Promise<PremiumUnlock> {
  let giftRefused: GiftRefusal | undefined;
  if (giftToken !== undefined) {
    const gift = await redeemGift(deps, reader.id, articleId, giftToken);
    if (gift.open) return { open: true, gift: { expiresAt: gift.expiresAt }, newlyCounted: gift.newly ? 'gift' : null };
    giftRefused = gift.refused;
  }
  const allowed = deps.config.revenue.freePremiumReads;
  if (allowed === 0) return { open: false, giftRefused };
  const key = { userId: reader.id, month: monthOf(deps.clock()), articleId };
  if (!sameSite || giftRefused) {
    const seen = await meterState(deps, reader, key);
    if (seen.hasArticle) return { open: true, meter: { used: seen.used, allowed }, newlyCounted: null };
    if (seen.used < allowed) return { open: false, giftRefused, freeReadsLeft: allowed - seen.used };
    return { open: false, meter: { used: seen.used, allowed }, giftRefused };
  }
  const read = await claimMeteredRead(deps, reader, key, allowed);
  const meter = { used: read.used, allowed };
  return read.granted
    ? { open: true, meter, newlyCounted: read.counted ? 'meter' : null }
    : { open: false, meter, giftRefused };
}

/**
 * This month's free reads of a reader, and whether this article is one of them: remembered with their cached
 * viewer (decision 048). A reader's reads only grow within a month, so what it says of an article already read
 * or an allowance used up stays true; a new read is counted in the database, under the reader's lock.
 */
async function meterState(deps: Deps, reader: Viewer, key: repository.MeterKey) {
  const articleIds = await meteredThisMonth(reader, key.month, () => repository.meteredArticles(deps.db, key));
  return { used: articleIds.size, hasArticle: articleIds.has(key.articleId) };
}

/**
 * One free read of this article this month, if any are left. Re-opening a counted article is free. The
 * reader's row is locked while counting and inserting, so parallel opens of different articles take turns
 * and cannot exceed the allowance; the common answers (already counted, none left) need no lock.
 */
async function claimMeteredRead(deps: UnlockDeps, reader: Viewer, key: repository.MeterKey, allowed: number) {
  const seen = await meterState(deps, reader, key);
  if (seen.hasArticle) return { granted: true, used: seen.used, counted: false };
  if (seen.used >= allowed) return { granted: false, used: seen.used, counted: false };
  return commit(deps, async (tx, after) => {
    // Every instance's memo of this reader's meter goes with their cached viewer.
    after.viewerChanged(key.userId);
    await lockUserForUpdate(tx, key.userId);
    const articleIds = await repository.meteredArticles(tx, key);
    const used = articleIds.length;
    if (articleIds.includes(key.articleId)) return { granted: true, used, counted: false };
    if (used >= allowed) return { granted: false, used, counted: false };
    await repository.insertMeteredRead(tx, key, deps.clock());
    return { granted: true, used: used + 1, counted: true };
  });
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Why a gift link does not open this article now; undefined when it does. */
function giftRefusal(
  gift: NonNullable<Awaited<ReturnType<typeof repository.findGiftByHash>>>,
  articleId: string,
  now: Date,
): GiftRefusal | undefined {
  // A link for another article is as good as none: it must not say that it exists.
  if (gift.articleId !== articleId) return 'unknown';
  if (gift.revokedAt) return 'revoked';
  if (gift.expiresAt.getTime() <= now.getTime()) return 'expired';
  return undefined;
}

/**
 * Whether the meter or a gift link opens this premium article to this reader now, without spending a free
 * read or recording an open: its page has been opened already (docs/product.md#views). A gift link opens
 * with its token, the meter with a read of this article counted this month.
 */
export async function unlockedAlready(
  deps: Deps,
  reader: Viewer,
  articleId: string,
  giftToken: string | undefined,
): Promise<boolean> {
  const now = deps.clock();
  if (giftToken !== undefined) {
    const gift = await repository.findGiftByHash(deps.db, hashToken(giftToken));
    if (gift && giftRefusal(gift, articleId, now) === undefined) return true;
  }
  if (deps.config.revenue.freePremiumReads === 0) return false;
  return (await meterState(deps, reader, { userId: reader.id, month: monthOf(now), articleId })).hasArticle;
}

async function redeemGift(
  deps: Deps,
  readerId: string,
  articleId: string,
  token: string,
): Promise<{ open: true; expiresAt: string; newly: boolean } | { open: false; refused: GiftRefusal }> {
  const gift = await repository.findGiftByHash(deps.db, hashToken(token));
  if (!gift) return { open: false, refused: 'unknown' };
  const now = deps.clock();
  const refused = giftRefusal(gift, articleId, now);
  if (refused) return { open: false, refused };
  const newly = await repository.recordGiftOpen(deps.db, gift.id, readerId, now);
  return { open: true, expiresAt: gift.expiresAt.toISOString(), newly };
}

/** The first instant of the calendar month (UTC) `at` falls in. */
const monthStart = (at: Date) => new Date(`${monthOf(at)}T00:00:00.000Z`);

/** The sender's monthly allowance; null for admins, who have none. */
const allowanceOf = (deps: Deps, viewer: Viewer) =>
  viewer.role === 'admin' ? null : deps.config.revenue.giftLinksPerMonth;

/**
 * A gift link for an approved premium article (the caller has checked that): premium subscribers, at most
 * GIFT_LINKS_PER_MONTH a calendar month, admins without limit. The count and the insert happen under the
 * sender's row lock, so parallel requests cannot exceed the quota. The token is returned this once.
 */
export async function createGiftLink(
  deps: Deps,
  viewer: Viewer,
  article: { id: string; title: string },
): Promise<CreatedGiftLink> {
  const now = deps.clock();
  if (!hasPremiumAccess(viewer, now)) throw forbidden(GIFT_MESSAGES.onlySubscribers);
  const allowed = allowanceOf(deps, viewer);
  const token = randomBytes(REVENUE.giftTokenBytes).toString('base64url');
  const expiresAt = new Date(now.getTime() + REVENUE.giftLinkDays * DAY_MS);
  const id = await deps.db.transaction(async (tx) => {
    await lockUserForUpdate(tx, viewer.id);
    if (allowed !== null && (await repository.countGiftLinksSince(tx, viewer.id, monthStart(now))) >= allowed) {
      throw forbidden(GIFT_MESSAGES.quotaReached(allowed));
    }
    return repository.insertGiftLink(tx, {
      tokenHash: hashToken(token),
      articleId: article.id,
      senderId: viewer.id,
      createdAt: now,
      expiresAt,
    });
  });
  const link: GiftLink = {
    _id: id,
    articleId: article.id,
    articleTitle: article.title,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    revokedAt: null,
    opens: 0,
  };
  return { link, token };
}

/** The caller's own gift links (of one article, or all), newest first, with this month's quota. */
export async function listGiftLinks(deps: Deps, viewer: Viewer, articleId?: string): Promise<GiftLinkList> {
  const now = deps.clock();
  const [rows, usedThisMonth] = await Promise.all([
    repository.listGiftLinks(deps.db, { senderId: viewer.id, articleId }, LIST_LIMIT),
    repository.countGiftLinksSince(deps.db, viewer.id, monthStart(now)),
  ]);
  return {
    links: rows.map((row) => ({
      _id: row.id,
      articleId: row.articleId,
      articleTitle: row.articleTitle,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      opens: row.opens,
    })),
    usedThisMonth,
    allowedPerMonth: allowanceOf(deps, viewer),
  };
}

/** Its sender (or an admin) withdraws a link: from then on it opens nothing. */
export async function revokeGiftLink(deps: Deps, viewer: Viewer, id: string): Promise<{ revoked: true }> {
  const gift = await repository.findGiftById(deps.db, id);
  if (!gift || (gift.senderId !== viewer.id && viewer.role !== 'admin')) throw notFound(GIFT_MESSAGES.notFound);
  if (!(await repository.revokeGift(deps.db, id, deps.clock()))) throw conflict(GIFT_MESSAGES.alreadyRevoked);
  return { revoked: true };
}
