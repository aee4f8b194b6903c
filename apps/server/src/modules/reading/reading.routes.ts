import { ArticleDetailSchema, ViewsResponseSchema } from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { addressBucket } from '../../plugins/client-address.js';
import { abuseLimit } from '../../plugins/rate-limit.js';
import { articleId, ArticleIdParams, ArticleQuerySchema } from '../articles/article-params.js';
import * as service from './reading.service.js';

/**
 * Readers (signed in, or anyone while the site opens free articles to visitors): an article as they may read it, a
 * free read they spend, and a view they count.
 */
export function readingRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/articles/:id',
    {
      config: { access: 'reader-or-visitor' },
      schema: {
        tags: ['articles'],
        summary:
          "An article; a premium one gives readers without premium only its teaser. Visitors without a session too, while the site's setting opens free articles to anyone, but for one kept for signed-in readers",
        security: bearer,
        params: ArticleIdParams,
        querystring: ArticleQuerySchema,
        response: { 200: ArticleDetailSchema },
      },
    },
    (request) =>
      request.viewer
        ? // The browser's own call, from our script: what the reader asked for.
          service.openArticle(deps, request.viewer, articleId(request.params.id), request.query.gift, {
            sameSite: true,
          })
        : service.openArticleToVisitor(deps, articleId(request.params.id)),
  );

  app.post(
    '/articles/:id/free-read',
    {
      config: { access: 'reader' },
      schema: {
        tags: ['articles'],
        summary:
          "Open a premium article its page did not open (opened from another site): with one of the pass's premium articles, else one of this month's free reads",
        security: bearer,
        params: ArticleIdParams,
        response: { 200: ArticleDetailSchema },
      },
    },
    (request) =>
      service.openArticle(deps, requireViewer(request), articleId(request.params.id), undefined, { sameSite: true }),
  );

  app.patch(
    '/articles/views/:id',
    {
      config: {
        access: 'reader-or-visitor',
        ...abuseLimit(
          deps.config.limits,
          'viewsPerMinute',
          (request) =>
            `views:${request.viewer?.id ?? addressBucket(request.ip)}:${(request.params as { id?: string }).id ?? ''}`,
        ),
      },
      schema: {
        tags: ['articles'],
        summary:
          "Count one view of an article the caller may read, with the gift link that opened it if any; a visitor's (while the site opens free articles to anyone) once a day per address",
        security: bearer,
        params: ArticleIdParams,
        querystring: ArticleQuerySchema,
        response: { 200: ViewsResponseSchema },
      },
    },
    (request) =>
      request.viewer
        ? service.recordView(deps, request.viewer, articleId(request.params.id), request.query.gift)
        : service.recordVisitorView(deps, articleId(request.params.id), addressBucket(request.ip)),
  );
}
