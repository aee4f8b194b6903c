import { BriefArchiveSchema, BriefMeSchema, BriefPreviewSchema, BriefSendListSchema } from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

/** The daily brief: the reader's own subscription, the public archive, and the editor's views. */
export const briefKeys = {
  all: ['brief'] as const,
  me: () => [...briefKeys.all, 'me'] as const,
  archive: (page: number) => [...briefKeys.all, 'archive', page] as const,
  sends: () => [...briefKeys.all, 'sends'] as const,
  preview: (email: string) => [...briefKeys.all, 'preview', email] as const,
};

export function briefArchiveQueryOptions(page: number) {
  return queryOptions({
    queryKey: briefKeys.archive(page),
    queryFn: ({ signal }) => apiRequest(apiPaths.briefArchive, BriefArchiveSchema, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** /briefs: past daily briefs, newest first, a page at a time. */
export function useBriefArchive(page: number) {
  return useQuery(briefArchiveQueryOptions(page));
}

/** The signed-in reader's subscription, or null: ask only once the viewer is known to be signed in. */
export function useMyBrief(enabled = true) {
  return useQuery({
    queryKey: briefKeys.me(),
    queryFn: ({ signal }) => apiRequest(apiPaths.briefMe, BriefMeSchema, { signal }),
    enabled,
  });
}

/** The editor's counts of subscribers and every send, newest first. */
export function useBriefSends() {
  return useQuery({
    queryKey: briefKeys.sends(),
    queryFn: ({ signal }) => apiRequest(apiPaths.adminBriefSends, BriefSendListSchema, { signal }),
  });
}

/** Today's brief as one subscriber (or the editor, when no address is given) would get it; asked on demand. */
export function useBriefPreview(email: string | null) {
  return useQuery({
    queryKey: briefKeys.preview(email ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminBriefPreview, BriefPreviewSchema, { query: { email: email || undefined }, signal }),
    enabled: email !== null,
  });
}
