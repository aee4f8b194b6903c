import { createHmac } from 'node:crypto';
import {
  ARTICLE_MESSAGES,
  canReadArticle,
  DAY_MS,
  FAMILY_MESSAGES,
  GIFT_MESSAGES,
  LIMITS,
  visitorMayOpen,
  type ArticleDetail,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import { badRequest, forbidden, isUuid, unauthorized } from '../../plugins/errors.js';
import {
  articleAnswers,
  articleNotFound,
  asAccessViewer,
  refuseHidden,
  withByline,
} from '../articles/article-answers.js';
import * as repository from '../articles/articles.repository.js';
import { openedInRun, openPremiumArticle, passArticlesLeft } from '../premium/premium-opens.js';
import { unlockedAlready, unlockPremium } from '../revenue/revenue.service.js';
import { getSiteSettings } from '../settings/settings.service.js';

/*
 * Reading an article (docs/architecture/server.md#articles): who may read what, and what opens a premium article to a
 * reader without premium: their pass, the meter's free reads or a gift link (docs/product.md#reader-revenue).
 */

export async function getArticle(deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>, viewer: Viewer, id: string) {
  const answers = await articleAnswers(deps, id);
  if (!answers) throw articleNotFound();
  const decision = canReadArticle(answers.facts, asAccessViewer(viewer), deps.clock());
  if (decision === 'none') throw articleNotFound();
  refuseHidden(viewer, answers.full.article);
  return decision === 'full' ? answers.full : answers.teaser;
}

/**
 * GET /articles/:id: what this reader may read; a premium article's teaser may still open in full through
 * a pass that includes a number of premium articles (docs/product.md#plans), a gift link for it or a free
 * metered read (docs/product.md#reader-revenue). The cached answers are shared, so what depends on the reader
 * is added to a copy.
 */
export async function openArticle(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'config' | 'viewers'>,
  viewer: Viewer,
  id: string,
  giftToken: string | undefined,
  arrival: { sameSite: boolean },
): Promise<ArticleDetail> {
  const [detail, settings] = await Promise.all([
    openArticleFor(deps, viewer, id, giftToken, arrival),
    getSiteSettings(deps),
  ]);
  return withByline(detail, viewer, settings.bylineShowsEmail);
}

async function openArticleFor(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'config' | 'viewers'>,
  viewer: Viewer,
  id: string,
  giftToken: string | undefined,
  arrival: { sameSite: boolean },
): Promise<ArticleDetail> {
  const answers = await articleAnswers(deps, id);
  if (!answers) throw articleNotFound();
  const decision = canReadArticle(answers.facts, asAccessViewer(viewer), deps.clock());
  if (decision === 'none') throw articleNotFound();
  refuseHidden(viewer, answers.full.article);
  if (decision === 'full') return answers.full;
  // A page another site sent the reader to spends none of their pass's articles (decision 040): only one
  // already opened in this run opens; the teaser offers the pass instead, spent by a click.
  const passOpens = arrival.sameSite ? openPremiumArticle(deps, viewer, id) : openedInRun(deps, viewer, id);
  if (await passOpens) return answers.full;
  const unlock = await unlockPremium(deps, viewer, id, giftToken, arrival);
  if (unlock.open) return { ...answers.full, meter: unlock.meter, gift: unlock.gift };
  const passLeft = arrival.sameSite ? 0 : await passArticlesLeft(deps, viewer);
  return {
    ...answers.teaser,
    meter: unlock.meter,
    giftRefused: unlock.giftRefused,
    ...(passLeft > 0
      ? { passOffer: { left: passLeft } }
      : unlock.freeReadsLeft !== undefined && { freeReadOffer: { left: unlock.freeReadsLeft } }),
  };
}

/** A gift link's article: approved and premium, and readable in full by its sender, who is no young reader. */
export async function giftableArticle(deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>, viewer: Viewer, id: string) {
  if (viewer.youngReader) throw forbidden(FAMILY_MESSAGES.youngReaderGiftLinks);
  const answers = await articleAnswers(deps, id);
  if (!answers) throw articleNotFound();
  const decision = canReadArticle(answers.facts, asAccessViewer(viewer), deps.clock());
  if (decision === 'none') throw articleNotFound();
  refuseHidden(viewer, answers.full.article);
  if (answers.facts.status !== 'approved' || !answers.facts.isPremium) {
    throw badRequest(GIFT_MESSAGES.onlyPremiumArticles);
  }
  return { id, title: answers.full.article.title };
}

/**
 * One view, counted atomically, for an article this viewer may read, by access of their own, an article their
 * limited pass opened, or through the meter or a gift link (`giftToken`); its author's own reading is no view.
 */
export async function recordView(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'config' | 'viewers'>,
  viewer: Viewer,
  id: string,
  giftToken?: string,
) {
  const detail = await getArticle(deps, viewer, id);
  if (
    !detail.access &&
    !(await openedInRun(deps, viewer, id)) &&
    !(await unlockedAlready(deps, viewer, id, giftToken))
  ) {
    throw forbidden(ARTICLE_MESSAGES.premiumToRead);
  }
  if (detail.article.author_email === viewer.email) return { views: detail.article.views };
  const views = await repository.incrementViews(deps.db, id, deps.clock(), viewer.id);
  if (views === undefined) throw articleNotFound();
  return { views };
}

type VisitorDeps = Pick<AppDeps, 'db' | 'clock' | 'cache' | 'config'>;

/** A visitor without a session who may not open the article: SPEC's answer, the one every visitor got before. */
const signInToRead = () => unauthorized(ARTICLE_MESSAGES.loginToRead);

/**
 * GET /articles/:id for a visitor without a session, once the site opens free articles to anyone
 * (docs/product.md#who-reads-what): a free article in full, a premium one's teaser, and an article an editor kept for
 * signed-in readers SPEC's 401, as before. Nothing is spent or unlocked: gift links and free reads need a reader.
 */
export async function openArticleToVisitor(deps: VisitorDeps, id: string): Promise<ArticleDetail> {
  const [answers, settings] = await Promise.all([articleAnswers(deps, id), getSiteSettings(deps)]);
  if (answers && !visitorMayOpen(answers.facts, settings.freeArticleReaders)) throw signInToRead();
  if (!answers) throw settings.freeArticleReaders === 'anyone' ? articleNotFound() : signInToRead();
  const decision = canReadArticle(answers.facts, null, deps.clock());
  if (decision === 'none') throw articleNotFound();
  return withByline(decision === 'full' ? answers.full : answers.teaser, null, settings.bylineShowsEmail);
}

/**
 * Whether a visitor's browser opening the article page `id` is rendered it rather than sent to /login first: the
 * site opens free articles to anyone and this one is not kept for signed-in readers. An address that names no
 * article renders its 404.
 */
export async function articlePageOpenToVisitors(deps: VisitorDeps, id: string): Promise<boolean> {
  if ((await getSiteSettings(deps)).freeArticleReaders !== 'anyone') return false;
  const answers = isUuid(id) ? await articleAnswers(deps, id.toLowerCase()) : null;
  return !answers || !answers.facts.signedInOnly;
}

/**
 * Who a visitor is for the view counts: their address's bucket (the per-address limits' own), keyed with the server's
 * secret and the day, so the table that remembers who read what for two days holds no address, and one day's
 * visitor is not the next day's.
 */
function visitorReader(secret: string, address: string, day: string): string {
  return `visitor:${createHmac('sha256', secret).update(`view ${day} ${address}`).digest('base64url').slice(0, 22)}`;
}

/**
 * A visitor's view of an article they may read in full (`openArticleToVisitor`): one view per address and article a
 * day, which counts for trending and the hourly counts too (docs/decisions/066-free-articles-for-visitors.md).
 * `address`: the client's address bucket, as the per-address limits count it.
 */
export async function recordVisitorView(
  deps: VisitorDeps & Pick<AppDeps, 'secret'>,
  id: string,
  address: string,
): Promise<{ views: number }> {
  const detail = await openArticleToVisitor(deps, id);
  if (!detail.access) throw forbidden(ARTICLE_MESSAGES.premiumToRead);
  const at = deps.clock();
  const reader = visitorReader(deps.secret, address, at.toISOString().slice(0, 10));
  const views = await repository.incrementViews(deps.db, id, at, reader, { once: true });
  if (views === undefined) throw articleNotFound();
  return { views };
}

/** Housekeeping: who read what on days no view asks about any more (LIMITS.readerDaysKept). */
export function removeOldReaderDays(db: AppDeps['db'], now: Date) {
  const firstKept = new Date(now.getTime() - (LIMITS.readerDaysKept - 1) * DAY_MS).toISOString().slice(0, 10);
  return repository.removeReaderDaysBefore(db, firstKept);
}
