import { SPEC_SITE_RULES, type PublicConfig } from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';

/** What the web app needs to know of the site's configuration (`GET /api/config`): nothing secret. */
export function publicConfigOf(config: AppDeps['config']): PublicConfig {
  return {
    siteName: config.site.name,
    publicUrl: config.publicUrl,
    supportEmail: config.site.supportEmail,
    currency: config.payments.currency,
    payments: config.payments.provider,
    stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
    googleSignIn: config.google !== undefined,
    social: config.site.social,
    postalAddress: '',
    ...SPEC_SITE_RULES,
  };
}
