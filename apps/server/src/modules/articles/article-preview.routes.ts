import { ArticlePreviewSchema, IdParamSchema, RelatedArticlesSchema } from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { requireUuid } from '../../plugins/errors.js';
import * as service from './articles.service.js';

/**
 * Anyone: what a shared link's preview shows (decision 014), and the cards closing an article's page (cards
 * are public, as in the lists). The article itself still needs a login.
 */
export function articlePreviewRoutes(app: AppInstance, deps: AppDeps) {
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
