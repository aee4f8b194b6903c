import { SPEC_SITE_RULES, TEXT, type PublicConfig } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from './api-client';
import { apiPaths } from './paths';

export const configKeys = {
  all: ['config'] as const,
};

export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiRequest(apiPaths.config, lazySchema('config'), { signal });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: 10 * 60 * 1000,
  });
}

/** What the layout shows while the configuration is loading or unreachable. */
export const FALLBACK_CONFIG: PublicConfig = {
  siteName: TEXT.brand.defaultSiteName,
  publicUrl: '',
  supportEmail: '',
  currency: 'usd',
  payments: 'test',
  stripePublishableKey: null,
  googleSignIn: false,
  social: { facebook: '', x: '', instagram: '', linkedin: '' },
  postalAddress: '',
  ...SPEC_SITE_RULES,
};

export function useConfig() {
  return useQuery(configQueryOptions());
}
