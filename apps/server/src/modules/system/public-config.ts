import type { PublicConfig } from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';
import { getSiteSettings } from '../settings/settings.service.js';

/**
 * What the web app needs to know of the site's configuration (`GET /api/config`): nothing secret. The publisher's
 * settings come from the cached row (modules/settings), so a change shows on the next page; the rest is the
 * environment's.
 */
export async function getPublicConfig(deps: Pick<AppDeps, 'db' | 'cache' | 'config'>): Promise<PublicConfig> {
  const { config } = deps;
  const { siteName, contactEmail, ...rules } = await getSiteSettings(deps);
  return {
    siteName,
    publicUrl: config.publicUrl,
    supportEmail: contactEmail,
    currency: config.payments.currency,
    payments: config.payments.provider,
    stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
    googleSignIn: config.google !== undefined,
    ...rules,
  };
}
