import { FunnelQuerySchema, FunnelSchema } from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer } from '../../plugins/auth.js';
import { getFunnel } from './funnel.service.js';

/** The paywall funnel, for admins (docs/product.md#reader-revenue). */
export function revenueRoutes(app: AppInstance, deps: AppDeps) {
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
}
