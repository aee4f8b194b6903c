import {
  ARTICLE_MESSAGES,
  canReadArticle,
  DAY_MS,
  FAMILY_MESSAGES,
  GIFT_MESSAGES,
  LIMITS,
  type ArticleDetail,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import { badRequest, forbidden } from '../../plugins/errors.js';
import { articleAnswers, articleNotFound, asAccessViewer, refuseHidden } from '../articles/article-answers.js';
import * as repository from '../articles/articles.repository.js';
import { openedInRun, openPremiumArticle, passArticlesLeft } from '../premium/premium-opens.js';
import { unlockedAlready, unlockPremium } from '../revenue/revenue.service.js';

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

/** Housekeeping: who read what on days no view asks about any more (LIMITS.readerDaysKept). */
export function removeOldReaderDays(db: AppDeps['db'], now: Date) {
  const firstKept = new Date(now.getTime() - (LIMITS.readerDaysKept - 1) * DAY_MS).toISOString().slice(0, 10);
  return repository.removeReaderDaysBefore(db, firstKept);
}
