import { AUTHOR_LIMITS, AUTHOR_TEXT, type AuthorPage } from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import { notFound } from '../../plugins/errors.js';
import { getAuthorArticles } from '../catalogue/catalogue.service.js';
import { findAuthorBySlug } from '../users/users.service.js';

/*
 * Author pages (docs/product.md#author-pages): a writer's name, photo, bio, links and approved articles at
 * /authors/{slug}. Never the e-mail, whatever the site's bylines show.
 */

type Deps = Pick<AppDeps, 'db' | 'cache'>;

/**
 * The author a page's address names, if they have published: an account with no approved article has no page (a
 * 404, as for an unknown address), so the address says nothing about who holds an account.
 */
export async function findPublishedAuthor(deps: Deps, slug: string) {
  const author = await findAuthorBySlug(deps.db, slug);
  if (!author) return undefined;
  const anyone = await getAuthorArticles(deps, null, author.id, { page: 1, limit: AUTHOR_LIMITS.pageSize });
  return anyone.total > 0 ? author : undefined;
}

export const authorNotFound = () => notFound(AUTHOR_TEXT.notFound);

/** GET /authors/:slug: the author and a page of their approved articles, newest published first. */
export async function getAuthorPage(
  deps: Deps,
  viewer: Viewer | null,
  slug: string,
  query: { page: number },
): Promise<AuthorPage> {
  const author = await findPublishedAuthor(deps, slug);
  if (!author) throw authorNotFound();
  const { articles, total } = await getAuthorArticles(deps, viewer, author.id, {
    page: query.page,
    limit: AUTHOR_LIMITS.pageSize,
  });
  return {
    author: { name: author.name, slug: author.slug, photo: author.photo, bio: author.bio, links: author.links },
    articles,
    total,
  };
}
