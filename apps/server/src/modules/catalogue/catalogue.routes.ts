import {
  ARTICLE_MESSAGES,
  ERROR_CODES,
  ApprovedArticlesQuerySchema,
  ArticlePageSchema,
  ArticlePreviewSchema,
  IdParamSchema,
  PremiumArticlesQuerySchema,
  RelatedArticlesSchema,
  TrendingArticleSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer } from '../../plugins/auth.js';
import { AppError, requireUuid } from '../../plugins/errors.js';
import * as service from './catalogue.service.js';

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

/**
 * The lists anyone sees and the premium list (premium); and for anyone, what a shared link's preview shows
 * and the cards closing an article's page (cards are public, as in the lists).
 */
export function catalogueRoutes(app: AppInstance, deps: AppDeps) {
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

  app.get(
    '/articles/:id/preview',
    {
      schema: {
        tags: ['articles'],
        summary: "An approved article's preview: title, excerpt, image, publisher, author, dates; never its text",
        params: IdParamSchema,
        response: { 200: ArticlePreviewSchema },
      },
    },
    (request) => service.getArticlePreview(deps, requireUuid(request.params.id, 'That article'), request.viewer),
  );

  app.get(
    '/articles/:id/related',
    {
      schema: {
        tags: ['articles'],
        summary: "The end of an approved article's page: a few cards from its publisher and from its first tag",
        params: IdParamSchema,
        response: { 200: RelatedArticlesSchema },
      },
    },
    (request) => service.getRelatedArticles(deps, request.viewer, requireUuid(request.params.id, 'That article')),
  );
}
