import { BRIEF_BENEFITS, BRIEF_LIMITS, DAY_MS, HOUR_MS, excerpt, type BriefArticle } from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { getPremiumAccess } from '../users/users.service.js';
import * as repository from './brief-send.repository.js';
import type { BriefContent } from './render.js';
import { mostReadSince } from './hourly-views.service.js';

/*
 * What goes in one reader's brief: the approved articles of their window that match what they follow, newest
 * first, and (for a pass that names the benefit) the day's most read. Every article is its excerpt only, premium
 * or not, so the e-mail never carries premium text; the premium ones are marked.
 */

export interface Follows {
  tags: string[];
  publisherIds: string[];
  /** A young reader's hidden tags: never in their brief (docs/product.md#parental-controls). */
  hiddenTags?: string[];
}

/** Not hidden from this reader by their family: what a young reader's brief may hold. */
export const notHidden = (article: Pick<repository.BriefArticleRow, 'tags'>, hiddenTags: readonly string[] = []) =>
  !article.tags.some((tag) => hiddenTags.includes(tag));

export const followsMatch = (article: repository.BriefArticleRow, follows: Follows) =>
  (follows.tags.length === 0 || article.tags.some((tag) => follows.tags.includes(tag))) &&
  (follows.publisherIds.length === 0 || follows.publisherIds.includes(article.publisherId)) &&
  notHidden(article, follows.hiddenTags);

export function toBriefArticle(row: repository.BriefArticleRow, publicUrl: string): BriefArticle {
  return {
    _id: row.id,
    title: row.title,
    image: absoluteUrl(row.image, publicUrl),
    publisher: row.publisher,
    excerpt: excerpt(row.excerpt),
    isPremium: row.isPremium,
    url: `${publicUrl}/articles/${row.id}`,
  };
}

const absoluteUrl = (image: string, publicUrl: string) =>
  /^https?:\/\//i.test(image) ? image : `${publicUrl}${image.startsWith('/') ? '' : '/'}${image}`;

/**
 * Where a reader's window starts: just after their last brief (or their confirmation), but never further back than
 * BRIEF_LIMITS.windowDaysMax, so a reader back after months gets the recent news and a send reads a bounded pool.
 */
export function windowStart(since: Date | null, until: Date) {
  const earliest = until.getTime() - BRIEF_LIMITS.windowDaysMax * DAY_MS;
  if (since === null) return new Date(until.getTime() - DAY_MS);
  return since.getTime() < earliest ? new Date(earliest) : since;
}

/** From the window's approved articles (newest first), the ones this reader follows, at most articlesMax. */
export function pickArticles(pool: repository.BriefArticleRow[], follows: Follows, since: Date | null, until: Date) {
  return pool
    .filter(
      (row) => (since === null || row.approvedAt > since) && row.approvedAt <= until && followsMatch(row, follows),
    )
    .slice(0, BRIEF_LIMITS.articlesMax);
}

/** Whether the reader's current access (their own pass, or their family's) comes from a plan naming the highlights. */
export async function hasHighlights(deps: Pick<AppDeps, 'db' | 'clock'>, email: string | undefined) {
  if (!email) return false;
  try {
    const access = await getPremiumAccess(deps, email);
    return access.active && (access.plan?.features.includes(BRIEF_BENEFITS.highlights) ?? false);
  } catch {
    // The account went away since the subscription was read: no plan, no highlights.
    return false;
  }
}

/** The most-read approved articles of the last 24 hours. */
export async function loadHighlights(db: DbOrTx, now: Date) {
  const top = await mostReadSince(db, new Date(now.getTime() - 24 * HOUR_MS), BRIEF_LIMITS.highlightsMax * 2);
  const rows = await repository.approvedByIds(db, top);
  return rows.slice(0, BRIEF_LIMITS.highlightsMax);
}

/** Each row as a brief shows it, made once per row however many briefs carry it (a send reuses one pool). */
export function briefArticles(publicUrl: string) {
  const made = new WeakMap<repository.BriefArticleRow, BriefArticle>();
  return (row: repository.BriefArticleRow) => {
    let article = made.get(row);
    if (!article) made.set(row, (article = toBriefArticle(row, publicUrl)));
    return article;
  };
}

/** The brief's content, or null when no article matches: nothing is sent. */
export function composeBrief(
  articles: repository.BriefArticleRow[],
  highlights: repository.BriefArticleRow[],
  toArticle: (row: repository.BriefArticleRow) => BriefArticle,
): BriefContent | null {
  if (articles.length === 0) return null;
  return {
    subject: articles[0]!.title,
    articles: articles.map(toArticle),
    highlights: highlights.map(toArticle),
  };
}

/** One subscription's brief for the window (since, until], read straight from the database. */
export async function composeFor(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  subscription: Follows & { email?: string },
  window: { since: Date | null; until: Date },
): Promise<BriefContent | null> {
  const since = windowStart(window.since, window.until);
  const pool = await repository.approvedBetween(deps.db, since, window.until);
  const articles = pickArticles(pool, subscription, since, window.until);
  const highlights = (await hasHighlights(deps, subscription.email)) ? await loadHighlights(deps.db, deps.clock()) : [];
  const shownHighlights = highlights.filter((article) => notHidden(article, subscription.hiddenTags));
  return composeBrief(articles, shownHighlights, briefArticles(deps.config.publicUrl));
}
