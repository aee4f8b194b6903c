import {
  ARTICLE_MESSAGES,
  ERROR_CODES,
  ApprovedArticlesQuerySchema,
  ArticleDetailSchema,
  ArticlePageSchema,
  PremiumArticlesQuerySchema,
  TrendingArticleSchema,
  ViewsResponseSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { addressBucket } from '../../plugins/client-address.js';
import { abuseLimit } from '../../plugins/rate-limit.js';
import { articleId, ArticleIdParams, ArticleQuerySchema } from './article-params.js';
import * as service from './articles.service.js';

/** The 429 of a search over its address's limit, with the seconds to wait. */
const tooManySearches = (wait: number) =>
  new AppError(ERROR_CODES.tooManyRequests, 429, ARTICLE_MESSAGES.tooManySearches(wait));

/**
 * Counts a search against its address's limit before anything else runs, so an answer the cache holds counts
 * too (docs/decisions/037-search-by-access-and-its-limit.md).
 */
function limitSearches(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!service.isSearch((request.query as { search?: unknown }).search)) return;
    const wait = await deps.searchLimit(request);
    if (!wait) return;
    void reply.header('retry-after', wait);
    throw tooManySearches(wait);
  };
}

/** Readers: the lists anyone sees, and reading an article (signed in) or the premium list (premium). */
export function publicArticleRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/articles/approved',
    {
      onRequest: limitSearches(deps),
      schema: {
        tags: ['articles'],
        summary:
          'Approved articles, newest first, with excerpts only; a search matches premium text only for readers with premium access',
        querystring: ApprovedArticlesQuerySchema,
        response: { 200: ArticlePageSchema },
      },
    },
    (request) => service.getApprovedArticles(deps, request.viewer, request.query),
  );

  app.get(
    '/articles/trending',
    {
      schema: {
        tags: ['articles'],
        summary: 'The most viewed approved articles',
        response: { 200: z.array(TrendingArticleSchema) },
      },
    },
    (request) => service.getTrendingArticles(deps, request.viewer),
  );

  app.get(
    '/articles/:id',
    {
      config: { access: 'reader' },
      schema: {
        tags: ['articles'],
        summary: 'An article; a premium one gives readers without premium only its teaser',
        security: bearer,
        params: ArticleIdParams,
        querystring: ArticleQuerySchema,
        response: { 200: ArticleDetailSchema },
      },
    },
    (request) =>
      // The browser's own call, from our script: what the reader asked for (decision 040).
      service.openArticle(deps, requireViewer(request), articleId(request.params.id), request.query.gift, {
        sameSite: true,
      }),
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
        access: 'reader',
        ...abuseLimit(
          deps.config.limits,
          'viewsPerMinute',
          (request) =>
            `views:${request.viewer?.id ?? addressBucket(request.ip)}:${(request.params as { id?: string }).id ?? ''}`,
        ),
      },
      schema: {
        tags: ['articles'],
        summary: 'Count one view of an article the caller may read, with the gift link that opened it if any',
        security: bearer,
        params: ArticleIdParams,
        querystring: ArticleQuerySchema,
        response: { 200: ViewsResponseSchema },
      },
    },
    (request) => service.recordView(deps, requireViewer(request), articleId(request.params.id), request.query.gift),
  );

  app.get(
    '/premium-articles',
    {
      config: { access: 'premium-list' },
      schema: {
        tags: ['articles'],
        summary:
          'Premium articles, 12 a page (cards: excerpts only); any unexpired premium, a limited pass too, and admins',
        security: bearer,
        querystring: PremiumArticlesQuerySchema,
        response: { 200: ArticlePageSchema },
      },
    },
    (request) => service.getPremiumArticles(deps, request.viewer, request.query),
  );
}
