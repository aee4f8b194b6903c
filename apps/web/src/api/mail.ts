import { MailPreferencesSchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { noticeKeys } from './notices';

/** Which notices the reader gets by e-mail. */
export function useMailPreferences() {
  return useQuery({
    queryKey: noticeKeys.preferences(),
    queryFn: ({ signal }) => apiRequest(apiPaths.mailPreferences, MailPreferencesSchema, { signal }),
  });
}
