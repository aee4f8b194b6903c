import { AdminSiteSettingsSchema, type SiteSettingsPatch } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '../../../api/settings-admin';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { configKeys } from '../../../lib/site-config';

export function updateSettings(patch: SiteSettingsPatch) {
  return apiRequest(apiPaths.adminSettings, AdminSiteSettingsSchema, { method: 'PATCH', body: patch });
}

/**
 * Changes any of the site settings, or marks a step of the setup checklist. The answer is the settings page's new
 * data; the site's configuration (name, links, rules) is read again, so the header follows at once.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.all, answer);
      return queryClient.invalidateQueries({ queryKey: configKeys.all });
    },
  });
}
