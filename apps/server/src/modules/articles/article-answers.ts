import { ARTICLE_MESSAGES, FAMILY_MESSAGES } from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import { forbidden, notFound } from '../../plugins/errors.js';
import { hiddenTagsOf } from '../family/family-access.js';
import { toArticle, toArticleTeaser } from './articles.mapper.js';
import * as repository from './articles.repository.js';

/*
 * What the article modules share about one article (docs/architecture/server.md#articles): its two cached answers, and
 * the refusals every one of them gives alike.
 */

// Public answers may show view counts up to a minute old (trending may lag views by 60 s).
export const CATALOGUE_TTL_MS = 60_000;

export const articleNotFound = () => notFound(ARTICLE_MESSAGES.notFound);

/** A young reader opening an article with a tag their family hides (their own writing excepted): a 403. */
export function refuseHidden(viewer: Viewer, article: { tags: readonly string[]; author_email?: string }) {
  const hidden = hiddenTagsOf(viewer);
  if (hidden && article.author_email !== viewer.email && article.tags.some((tag) => hidden.includes(tag))) {
    throw forbidden(FAMILY_MESSAGES.hiddenArticle);
  }
}

/**
 * An answer's byline as `viewer` gets it (docs/product.md#bylines): the author's e-mail where the site's bylines show
 * it (SPEC's default), else only to the author and admins (the author's pages know their own article by it). Anyone
 * else gets the field empty: the shape stays, the address never leaves the server.
 */
export function withByline<T extends { article: { author_email: string } }>(
  answer: T,
  viewer: Pick<Viewer, 'email' | 'role'> | null,
  bylineShowsEmail: boolean,
): T {
  if (bylineShowsEmail || !answer.article.author_email) return answer;
  if (viewer && (viewer.role === 'admin' || viewer.email === answer.article.author_email)) return answer;
  return { ...answer, article: { ...answer.article, author_email: '' } };
}

export function asAccessViewer(viewer: Viewer | null) {
  return (
    viewer && {
      email: viewer.email,
      role: viewer.role,
      premiumTaken: viewer.premiumTaken,
      premiumArticles: viewer.premiumArticles,
      renewing: viewer.renewing,
    }
  );
}

/**
 * Both answers an article can give, prepared once and cached with the catalogue (its view count
 * may lag by up to a minute); who gets which is decided per request.
 */
export async function articleAnswers({ db, cache }: Pick<AppDeps, 'db' | 'cache'>, id: string) {
  return cache.remember('catalogue', `article:${id}`, CATALOGUE_TTL_MS, async () => {
    const row = await repository.findFull(db, id);
    if (!row) return null;
    return {
      facts: {
        status: row.status,
        isPremium: row.isPremium,
        author_email: row.authorEmail,
        signedInOnly: row.signedInOnly,
      },
      full: { access: true, article: toArticle(row) } as const,
      teaser: { access: false, article: toArticleTeaser(row) } as const,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
