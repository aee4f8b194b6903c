import {
  API_MESSAGES,
  CreateArticleInputSchema,
  DeletedResponseSchema,
  EmailParamSchema,
  ModifiedResponseSchema,
  MyArticlePageSchema,
  MyArticlesQuerySchema,
  UpdateArticleInputSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { notFound } from '../../plugins/errors.js';
import { findUserByEmail } from '../users/users.service.js';
import { articleId, ArticleIdParams } from './article-params.js';
import * as service from './articles.service.js';

/** Writers: submit, list, edit and delete their own articles (the service checks authorship). */
export function writerArticleRoutes(app: AppInstance, deps: AppDeps) {
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
        summary: 'Edit title, description and tags; the author only. A decided article goes back to review.',
        security: bearer,
        params: ArticleIdParams,
        body: UpdateArticleInputSchema,
        response: { 200: ModifiedResponseSchema },
      },
    },
    (request) => service.updateArticle(deps, requireViewer(request), articleId(request.params.id), request.body),
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
