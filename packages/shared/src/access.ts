import { LIMITS, type ArticleStatus, type Role } from './constants.js';
import type { FreeArticleReaders } from './site-settings.js';

/** True only when premiumTaken is a date later than now (docs/product.md#rules). */
export function isPremium(premiumTaken: string | Date | null | undefined, now: Date): boolean {
  if (!premiumTaken) return false;
  const expiry = premiumTaken instanceof Date ? premiumTaken : new Date(premiumTaken);
  return !Number.isNaN(expiry.getTime()) && expiry.getTime() > now.getTime();
}

export interface Viewer {
  email: string;
  role: Role;
  premiumTaken: string | Date | null;
  /** Absent or null: access opens every premium article; a number: the current plan includes that many. */
  premiumArticles?: number | null;
  /**
   * A renewing subscription in good standing (`holdsAccess`), the reader's or their family owner's: access outlasts
   * premiumTaken, the period's end, until the renewal is decided, and at the latest until this date, the period's
   * end plus the grace days (`renewalHeldUntil`, docs/product.md#renewing-subscriptions).
   */
  renewing?: string | Date | null;
}

/**
 * Premium now: unexpired access, or a renewal not yet decided. At a period's end the renewal is charged, refused
 * into the grace period or ended a little later, by whichever instance settles it; the reader reads on meanwhile,
 * but not past the hold's end if nothing ever settles it.
 */
export function hasPremiumNow(viewer: Pick<Viewer, 'premiumTaken' | 'renewing'>, now: Date): boolean {
  return isPremium(viewer.premiumTaken, now) || isPremium(viewer.renewing, now);
}

/**
 * Every premium text: admins, and readers whose unexpired access includes every premium article
 * (docs/product.md#premium-access). A plan that includes a number of articles opens each one on the server.
 */
export function hasPremiumAccess(
  viewer: Pick<Viewer, 'role' | 'premiumTaken' | 'premiumArticles' | 'renewing'> | null,
  now: Date,
): boolean {
  return viewer !== null && (viewer.role === 'admin' || (hasPremiumNow(viewer, now) && viewer.premiumArticles == null));
}

/**
 * The premium list and its page: admins and any unexpired access, a pass with a number of premium articles
 * included (its cards are teasers like everyone's, and it opens articles from them one at a time).
 */
export function canListPremium(viewer: Pick<Viewer, 'role' | 'premiumTaken' | 'renewing'> | null, now: Date): boolean {
  return viewer !== null && (viewer.role === 'admin' || hasPremiumNow(viewer, now));
}

/**
 * What a page, or an API route, requires of its viewer (docs/product.md#who-may-call-what): a session, the
 * premium list (`canListPremium`), or an admin. A page's routes declare it once; the API, the server's
 * render and the browser all answer it with `answerAccess`.
 */
export type AccessRule = 'signed-in' | 'premium-list' | 'admin';

/**
 * Where a viewer stands against every rule a page's routes declare: 'sign-in' without a session,
 * 'forbidden' for anyone but an admin on an admin's page, 'subscribe' for a reader who may not list premium
 * articles on theirs.
 */
export type AccessAnswer = 'open' | 'sign-in' | 'forbidden' | 'subscribe';

export function answerAccess(
  rules: readonly (AccessRule | undefined)[],
  viewer: Pick<Viewer, 'role' | 'premiumTaken' | 'renewing'> | null,
  now: Date,
): AccessAnswer {
  if (rules.every((rule) => rule === undefined)) return 'open';
  if (!viewer) return 'sign-in';
  if (rules.includes('admin') && viewer.role !== 'admin') return 'forbidden';
  if (rules.includes('premium-list') && !canListPremium(viewer, now)) return 'subscribe';
  return 'open';
}

export interface ArticleAccessFacts {
  status: ArticleStatus;
  isPremium: boolean;
  author_email: string;
}

export type ReadDecision = 'full' | 'teaser' | 'none';

/**
 * May this viewer read this article?
 * 'full': the whole text; 'teaser': only the excerpt, with a call to subscribe; 'none': not found for them.
 */
export function canReadArticle(article: ArticleAccessFacts, viewer: Viewer | null, now: Date): ReadDecision {
  const isAdmin = viewer?.role === 'admin';
  const isAuthor = viewer !== null && viewer.email === article.author_email;
  if (article.status !== 'approved') return isAdmin || isAuthor ? 'full' : 'none';
  if (!article.isPremium) return 'full';
  if (isAuthor || hasPremiumAccess(viewer, now)) return 'full';
  return 'teaser';
}

/**
 * Whether a visitor without a session may open an article as it is (docs/product.md#who-reads-what): the site opens
 * free articles to anyone and an editor has not kept this one for signed-in readers. Then `canReadArticle` decides
 * with no viewer (a free article in full, a premium one's teaser); otherwise they sign in first, as SPEC says.
 */
export function visitorMayOpen(article: { signedInOnly: boolean }, freeArticleReaders: FreeArticleReaders): boolean {
  return freeArticleReaders === 'anyone' && !article.signedInOnly;
}

/** Whether a card's Details control is open for this viewer (docs/product.md#only-premium-cards-are-locked). */
export function canOpenDetails(article: { isPremium: boolean }, viewer: Viewer | null, now: Date): boolean {
  if (!article.isPremium) return true;
  // A plan with a number of premium articles may open any of them; the server decides which open in full.
  return viewer !== null && (hasPremiumAccess(viewer, now) || hasPremiumNow(viewer, now));
}

export function excerpt(text: string, length: number = LIMITS.excerptLength): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : chars.slice(0, length).join('');
}

/** The card preview: the first 100 characters plus an ellipsis (docs/product.md#screens). */
export function preview(text: string): string {
  return `${excerpt(text)}...`;
}
