import {
  ArticleCorrectionsSchema,
  CorrectionPageSchema,
  CorrectionSchema,
  CorrectionsQuerySchema,
  PublishCorrectionInputSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { articleId, ArticleIdParams } from '../articles/article-params.js';
import * as service from './corrections.service.js';

/** Corrections: published by admins, read by anyone. There is no way to change or delete one. */
export function correctionRoutes(app: AppInstance, deps: AppDeps) {
  app.post(
    '/articles/:id/corrections',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Publish a correction on an approved article: a public note tied to the revision of that article that fixed it; admin',
        security: bearer,
        params: ArticleIdParams,
        body: PublishCorrectionInputSchema,
        response: { 201: CorrectionSchema },
      },
    },
    async (request, reply) => {
      const correction = await service.publishCorrection(
        deps,
        requireViewer(request),
        articleId(request.params.id),
        request.body,
      );
      return reply.code(201).send(correction);
    },
  );

  app.get(
    '/articles/:id/corrections',
    {
      schema: {
        tags: ['articles'],
        summary: "An approved article's corrections, newest first, premium or not",
        params: ArticleIdParams,
        response: { 200: ArticleCorrectionsSchema },
      },
    },
    (request) => service.getArticleCorrections(deps, request.viewer, articleId(request.params.id)),
  );

  app.get(
    '/corrections',
    {
      schema: {
        tags: ['articles'],
        summary: 'Corrections of approved articles across the site, newest first, 10 a page',
        querystring: CorrectionsQuerySchema,
        response: { 200: CorrectionPageSchema },
      },
    },
    (request) => service.getCorrectionPage(deps, request.viewer, request.query),
  );
}
