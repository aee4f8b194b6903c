import {
  AdminArticlePageSchema,
  AdminArticlesQuerySchema,
  ArticleReadersInputSchema,
  ArticleReadersSchema,
  ArticleReviewSchema,
  ChartsSchema,
  DeclineInputSchema,
  DeskSummaryQuerySchema,
  DeskSummarySchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  ModifiedResponseSchema,
  RequestChangesInputSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { articleId, ArticleIdParams } from '../articles/article-params.js';
import { getHistory } from '../moderation/moderation.service.js';
import { getDeskSummary } from './desk-summary.service.js';
import * as service from './editorial.service.js';

/** Admins: every article, moderation decisions and the dashboard's charts. */
export function editorialRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/admin/articles',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every article (or those in one status), the work waiting first: pending longest waiting, then changes requested, then the rest newest first; with who decided and when, and the count in each status; admin',
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
    '/articles/request-changes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Send a pending article back to its writer with a note saying what to change; admin',
        security: bearer,
        params: ArticleIdParams,
        body: RequestChangesInputSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.requestChanges(deps, requireViewer(request), articleId(request.params.id), request.body.note),
  );

  app.get(
    '/admin/articles/:id/review',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The revision reviewed at the last request for changes, the current one and the note; admin',
        security: bearer,
        params: ArticleIdParams,
        response: { 200: ArticleReviewSchema },
      },
    },
    (request) => service.getArticleReview(deps.db, articleId(request.params.id)),
  );

  app.get(
    '/admin/history',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every editorial action on articles, newest first, 10 a page, by person, action and article; admin',
        security: bearer,
        querystring: HistoryQuerySchema,
        response: { 200: HistoryPageSchema },
      },
    },
    (request) => getHistory(deps.db, request.query),
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

  app.put(
    '/admin/articles/:id/readers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Keep an article for signed-in readers (visitors sign in first whatever the site's setting), or open it again to the site's readers; recorded in History; admin",
        security: bearer,
        params: ArticleIdParams,
        body: ArticleReadersInputSchema,
        response: { 200: ArticleReadersSchema },
      },
    },
    (request) =>
      service.setArticleReaders(deps, requireViewer(request), articleId(request.params.id), request.body.signedInOnly),
  );

  app.get(
    '/admin/desk-summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "The Overview's panel: articles pending and the oldest one's wait, articles made public since the start of the editor's day (`dayStart`, in the last 24 hours; UTC's midnight without it), and views in the last 24 hours by the hour; admin",
        security: bearer,
        querystring: DeskSummaryQuerySchema,
        response: { 200: DeskSummarySchema },
      },
    },
    (request) => getDeskSummary(deps, request.query),
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
    () => service.getCharts(deps, deps.clock()),
  );
}
