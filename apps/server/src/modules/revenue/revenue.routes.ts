import {
  CreatedGiftLinkSchema,
  FunnelQuerySchema,
  FunnelSchema,
  GiftLinkListSchema,
  IdParamSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { requireUuid } from '../../plugins/errors.js';
import { articleId, ArticleIdParams } from '../articles/article-params.js';
import { giftableArticle } from '../articles/articles.service.js';
import * as service from './revenue.service.js';
import { getFunnel } from './funnel.service.js';

/**
 * Gift links (docs/product.md#reader-revenue): made by subscribers, listed and revoked by their sender; the
 * paywall funnel for admins.
 */
export function revenueRoutes(app: AppInstance, deps: AppDeps) {
  app.post(
    '/articles/:id/gift-links',
    {
      config: { access: 'premium' },
      schema: {
        tags: ['revenue'],
        summary: 'A gift link that opens this premium article for 14 days; the token is in this answer only',
        security: bearer,
        params: ArticleIdParams,
        response: { 201: CreatedGiftLinkSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const article = await giftableArticle(deps, viewer, articleId(request.params.id));
      return reply.code(201).send(await service.createGiftLink(deps, viewer, article));
    },
  );

  app.get(
    '/articles/:id/gift-links',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['revenue'],
        summary: "The caller's gift links for this article, with how many readers opened each",
        security: bearer,
        params: ArticleIdParams,
        response: { 200: GiftLinkListSchema },
      },
    },
    (request) => service.listGiftLinks(deps, requireViewer(request), articleId(request.params.id)),
  );

  app.get(
    '/gift-links',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['revenue'],
        summary: "The caller's gift links, newest first",
        security: bearer,
        response: { 200: GiftLinkListSchema },
      },
    },
    (request) => service.listGiftLinks(deps, requireViewer(request)),
  );

  app.get(
    '/dashboard/funnel',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['revenue'],
        summary: 'The paywall funnel over the last `days` days: the site, each day, the top articles',
        security: bearer,
        querystring: FunnelQuerySchema,
        response: { 200: FunnelSchema },
      },
    },
    (request) => getFunnel(deps, request.query.days),
  );

  app.delete(
    '/gift-links/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['revenue'],
        summary: 'Revoke a gift link; its sender or an admin',
        security: bearer,
        params: IdParamSchema,
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    (request) => service.revokeGiftLink(deps, requireViewer(request), requireUuid(request.params.id, 'That gift link')),
  );
}
