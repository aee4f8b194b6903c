import { AdminSiteSettingsSchema, SiteSettingsPatchSchema } from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import * as service from './settings.service.js';

/** The publisher's settings (docs/product.md#site-settings); what readers need of them is in `GET /api/config`. */
export function adminSettingsRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The site settings in force, their defaults, and the setup checklist; admin',
        security: bearer,
        response: { 200: AdminSiteSettingsSchema },
      },
    },
    () => service.getAdminSettings(deps),
  );

  app.patch(
    '/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change any of the site settings (each change recorded in History), or mark a checklist step; admin',
        security: bearer,
        body: SiteSettingsPatchSchema,
        response: { 200: AdminSiteSettingsSchema },
      },
    },
    (request) => service.updateSettings(deps, requireViewer(request), request.body),
  );
}
