import { CreatedGiftLinkSchema, GiftLinkListSchema, IdParamSchema } from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { requireUuid } from '../../plugins/errors.js';
import { articleId, ArticleIdParams } from '../articles/article-params.js';
import * as gifts from '../revenue/revenue.service.js';
import { giftableArticle } from './reading.service.js';

/** Gift links (docs/product.md#reader-revenue): made by subscribers, listed and revoked by their sender. */
export function giftLinkRoutes(app: AppInstance, deps: AppDeps) {
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
      return reply.code(201).send(await gifts.createGiftLink(deps, viewer, article));
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
    (request) => gifts.listGiftLinks(deps, requireViewer(request), articleId(request.params.id)),
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
    (request) => gifts.listGiftLinks(deps, requireViewer(request)),
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
    (request) => gifts.revokeGiftLink(deps, requireViewer(request), requireUuid(request.params.id, 'That gift link')),
  );
}
