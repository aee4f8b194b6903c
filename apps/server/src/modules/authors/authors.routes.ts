import { AuthorPageQuerySchema, AuthorPageSchema, AuthorSlugParamsSchema } from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import * as service from './authors.service.js';

export function authorRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/authors/:slug',
    {
      schema: {
        tags: ['authors'],
        summary:
          'The author whose page is /authors/{slug} (never their e-mail) and their approved articles, newest published first, 12 a page; 404 for an author with none',
        params: AuthorSlugParamsSchema,
        querystring: AuthorPageQuerySchema,
        response: { 200: AuthorPageSchema },
      },
    },
    (request) => service.getAuthorPage(deps, request.viewer, request.params.slug, request.query),
  );
}
