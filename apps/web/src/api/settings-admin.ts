import { AdminSiteSettingsSchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

export const settingsKeys = {
  all: ['admin-settings'] as const,
};

/** The site settings in force, their defaults and the setup checklist (docs/product.md#site-settings); admin. */
export function useAdminSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiRequest(apiPaths.adminSettings, AdminSiteSettingsSchema, { signal }),
  });
}
