import {
  accountExportFileName,
  AccountExportSchema,
  DeleteAccountInputSchema,
  DeleteAccountResponseSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { abuseLimit } from '../../plugins/rate-limit.js';
import * as service from './account.service.js';

/** The signed-in reader's own account: download their data, delete it (docs/product.md#profile). */
export function accountRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/account/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary:
          'Download your data as a JSON file: profile, articles, payments and notification preferences; yours only',
        security: bearer,
        response: { 200: AccountExportSchema },
      },
    },
    async (request, reply) => {
      const data = await service.exportAccount(deps, requireViewer(request));
      void reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${accountExportFileName(data.exportedAt)}"`);
      return data;
    },
  );

  app.post(
    '/account/delete',
    {
      config: {
        access: 'signed-in',
        // Each attempt checks a password: held to the password changes' limit.
        ...abuseLimit(
          deps.config.limits,
          'passwordChangesPerHour',
          (request) => `account-delete:${request.viewer?.id ?? ''}`,
        ),
      },
      schema: {
        tags: ['account'],
        summary:
          'Delete your account: your password (or "DELETE" for an account without one). Sessions end, articles and notices go, payments stay without you; the last admin cannot.',
        security: bearer,
        body: DeleteAccountInputSchema,
        response: { 200: DeleteAccountResponseSchema },
      },
    },
    (request) => service.deleteAccount(deps, requireViewer(request), request.body, request.log),
  );
}
