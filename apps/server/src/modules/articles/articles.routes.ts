import {
  AdminArticlePageSchema,
  AdminArticlesQuerySchema,
  API_MESSAGES,
  ApprovedArticlesQuerySchema,
  ArticleDetailSchema,
  ArticlePageSchema,
  ChartsSchema,
  CreateArticleInputSchema,
  DeclineInputSchema,
  DeletedResponseSchema,
  EmailParamSchema,
  IdParamSchema,
  ModifiedResponseSchema,
  MyArticlePageSchema,
  MyArticlesQuerySchema,
  PremiumArticlesQuerySchema,
  isPremium,
  TrendingArticleSchema,
  UpdateArticleInputSchema,
  ViewsResponseSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { requireAdmin, requireReader, requireSelfOrAdmin, requireViewer } from '../../plugins/auth.js';
import { forbidden, notFound, requireUuid } from '../../plugins/errors.js';
import { addressBucket } from '../../plugins/client-address.js';
import { abuseLimit } from '../../plugins/rate-limit.js';
import { findUserByEmail } from '../users/users.service.js';
import * as service from './articles.service.js';

export function articleRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/articles/approved',
    {
      schema: {
        tags: ['articles'],
        summary: 'Approved articles, newest first, with excerpts only',
        querystring: ApprovedArticlesQuerySchema,
        response: { 200: ArticlePageSchema },
      },
    },
    (request) => service.getApprovedArticles(deps, request.query),
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
    () => service.getTrendingArticles(deps),
  );
}

const bearer = [{ bearer: [] }];

/** Writing, reading and moderating articles (DESIGN.md 4's table decides who may call what). */
export function articleWriteRoutes(app: AppInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const articleId = (id: string) => requireUuid(id, 'That article');

  app.post(
    '/articles',
    {
      schema: {
        tags: ['articles'],
        summary: 'Submit an article for review; author, status, premium, views and date are set by the server',
        security: bearer,
        body: CreateArticleInputSchema,
        response: { 201: z.object({ insertedId: z.string(), acknowledged: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const result = await service.submitArticle(deps, requireViewer(request), request.body);
      return reply.code(201).send({ ...result, acknowledged: true as const });
    },
  );

  app.get(
    '/articles/user/:email',
    {
      schema: {
        tags: ['articles'],
        summary: "A writer's own articles, newest first, 10 a page; that writer or an admin",
        security: bearer,
        params: EmailParamSchema,
        querystring: MyArticlesQuerySchema,
        response: { 200: MyArticlePageSchema },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.email);
      const author = await findUserByEmail(db, request.params.email);
      if (!author) throw notFound(API_MESSAGES.userNotFound);
      return service.getUserArticles(db, author.id, request.query);
    },
  );

  app.get(
    '/articles/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'An article; a premium one gives readers without premium only its teaser',
        security: bearer,
        params: IdParamSchema,
        response: { 200: ArticleDetailSchema },
      },
    },
    (request) => service.getArticle(deps, requireReader(request), articleId(request.params.id)),
  );

  app.patch(
    '/articles/views/:id',
    {
      config: abuseLimit(
        deps.config.limits,
        'viewsPerMinute',
        (request) =>
          `views:${request.viewer?.id ?? addressBucket(request.ip)}:${(request.params as { id?: string }).id ?? ''}`,
      ),
      schema: {
        tags: ['articles'],
        summary: 'Count one view of an article the caller may read',
        security: bearer,
        params: IdParamSchema,
        response: { 200: ViewsResponseSchema },
      },
    },
    (request) => service.recordView(deps, requireReader(request), articleId(request.params.id)),
  );

  app.patch(
    '/articles/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'Edit title, description and tags; the author only. A decided article goes back to review.',
        security: bearer,
        params: IdParamSchema,
        body: UpdateArticleInputSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.updateArticle(deps, requireViewer(request), articleId(request.params.id), request.body),
  );

  app.delete(
    '/articles/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'Delete an article; its author or an admin',
        security: bearer,
        params: IdParamSchema,
        response: { 200: DeletedResponseSchema },
      },
    },
    (request) => service.deleteArticle(deps, requireViewer(request), articleId(request.params.id)),
  );

  app.get(
    '/admin/articles',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every article, newest first, with who decided and when; admin',
        security: bearer,
        querystring: AdminArticlesQuerySchema,
        response: { 200: AdminArticlePageSchema },
      },
    },
    (request) => {
      requireAdmin(request);
      return service.getAdminArticles(db, request.query);
    },
  );

  app.patch(
    '/articles/approve/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending article; admin',
        security: bearer,
        params: IdParamSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.approveArticle(deps, requireAdmin(request), articleId(request.params.id)),
  );

  app.patch(
    '/articles/decline/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Decline a pending article with a reason; admin',
        security: bearer,
        params: IdParamSchema,
        body: DeclineInputSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.declineArticle(deps, requireAdmin(request), articleId(request.params.id), request.body.reason),
  );

  app.patch(
    '/articles/premium/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make an approved article premium; admin',
        security: bearer,
        params: IdParamSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.makeArticlePremium(deps, requireAdmin(request), articleId(request.params.id)),
  );

  app.get(
    '/premium-articles',
    {
      schema: {
        tags: ['articles'],
        summary: 'Premium articles, 12 a page; premium subscribers and admins',
        security: bearer,
        querystring: PremiumArticlesQuerySchema,
        response: { 200: ArticlePageSchema },
      },
    },
    (request) => {
      const viewer = requireViewer(request);
      if (viewer.role !== 'admin' && !isPremium(viewer.premiumTaken, clock()))
        throw forbidden(API_MESSAGES.premiumOnly);
      return service.getPremiumArticles(deps, request.query);
    },
  );

  app.get(
    '/dashboard/charts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Articles per publisher, per tag and per month, aggregated in SQL; admin',
        security: bearer,
        response: { 200: ChartsSchema },
      },
    },
    (request) => {
      requireAdmin(request);
      return service.getCharts(db, clock());
    },
  );
}
