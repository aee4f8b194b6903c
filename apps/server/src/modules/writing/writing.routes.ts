import {
  API_MESSAGES,
  CreateArticleInputSchema,
  DeletedResponseSchema,
  EmailParamSchema,
  ModifiedResponseSchema,
  MyArticlePageSchema,
  MyArticlesQuerySchema,
  RevisionListSchema,
  RevisionParamsSchema,
  TimelineSchema,
  UpdateArticleInputSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { notFound, requireUuid } from '../../plugins/errors.js';
import { findUserByEmail } from '../users/users.service.js';
import { articleId, ArticleIdParams } from '../articles/article-params.js';
import { getArticleTimeline } from '../editorial/editorial.service.js';
import * as service from './writing.service.js';

/** Writers: submit, list, edit and delete their own articles (the service checks authorship). */
export function writingRoutes(app: AppInstance, deps: AppDeps) {
  app.post(
    '/articles',
    {
      config: { access: 'signed-in' },
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
      config: { access: 'self-or-admin' },
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
      const author = await findUserByEmail(deps.db, request.params.email);
      if (!author) throw notFound(API_MESSAGES.userNotFound);
      return service.getUserArticles(deps.db, author.id, request.query);
    },
  );

  app.patch(
    '/articles/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['articles'],
        summary:
          'Edit title, description and tags (a new revision); the author only. A decided article goes back to review, one with requested changes stays with its writer.',
        security: bearer,
        params: ArticleIdParams,
        body: UpdateArticleInputSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.updateArticle(deps, requireViewer(request), articleId(request.params.id), request.body),
  );

  app.patch(
    '/articles/resubmit/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['articles'],
        summary: 'Send an article with requested changes back to review; the author only',
        security: bearer,
        params: ArticleIdParams,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.resubmitArticle(deps, requireViewer(request), articleId(request.params.id)),
  );

  app.get(
    '/articles/:id/revisions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['articles'],
        summary:
          "Every saved version of an article's title, description and tags, newest first; its author or an admin",
        security: bearer,
        params: ArticleIdParams,
        response: { 200: RevisionListSchema },
      },
    },
    (request) => service.getRevisions(deps.db, requireViewer(request), articleId(request.params.id)),
  );

  app.post(
    '/articles/:id/revisions/:revisionId/restore',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['articles'],
        summary:
          'Make an earlier revision the article again, as a new revision (the status rules of an edit); its author or an admin',
        security: bearer,
        params: RevisionParamsSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) =>
      service.restoreRevision(
        deps,
        requireViewer(request),
        articleId(request.params.id),
        requireUuid(request.params.revisionId, 'That revision'),
      ),
  );

  app.get(
    '/articles/:id/history',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['articles'],
        summary: "An article's editorial timeline, oldest first; its author (without editors' names) or an admin",
        security: bearer,
        params: ArticleIdParams,
        response: { 200: TimelineSchema },
      },
    },
    (request) => getArticleTimeline(deps.db, requireViewer(request), articleId(request.params.id)),
  );

  app.delete(
    '/articles/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['articles'],
        summary: 'Delete an article; its author or an admin',
        security: bearer,
        params: ArticleIdParams,
        response: { 200: DeletedResponseSchema },
      },
    },
    (request) => service.deleteArticle(deps, requireViewer(request), articleId(request.params.id)),
  );
}
