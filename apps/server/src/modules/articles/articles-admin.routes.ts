import {
  AdminArticlePageSchema,
  AdminArticlesQuerySchema,
  ChartsSchema,
  DeclineInputSchema,
  ModifiedResponseSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { articleId, ArticleIdParams } from './article-params.js';
import * as service from './articles.service.js';

/** Admins: every article, moderation decisions and the dashboard's charts. */
export function adminArticleRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/admin/articles',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every article, newest first, with who decided and when; admin',
        security: bearer,
        querystring: AdminArticlesQuerySchema,
        response: { 200: AdminArticlePageSchema },
      },
    },
    (request) => service.getAdminArticles(deps.db, request.query),
  );

  app.patch(
    '/articles/approve/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending article; admin',
        security: bearer,
        params: ArticleIdParams,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.approveArticle(deps, requireViewer(request), articleId(request.params.id)),
  );

  app.patch(
    '/articles/decline/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Decline a pending article with a reason; admin',
        security: bearer,
        params: ArticleIdParams,
        body: DeclineInputSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) =>
      service.declineArticle(deps, requireViewer(request), articleId(request.params.id), request.body.reason),
  );

  app.patch(
    '/articles/premium/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make an approved article premium; admin',
        security: bearer,
        params: ArticleIdParams,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.makeArticlePremium(deps, requireViewer(request), articleId(request.params.id)),
  );

  app.get(
    '/dashboard/charts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Articles per publisher, per tag and per month, aggregated in SQL; admin',
        security: bearer,
        response: { 200: ChartsSchema },
      },
    },
    () => service.getCharts(deps.db, deps.clock()),
  );
}
