import { BriefArchiveSchema } from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { briefKeys } from './keys';

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
