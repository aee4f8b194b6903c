import { RevisionListSchema, type RevisionList } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from './keys';

export function getRevisions(id: string, signal?: AbortSignal): Promise<RevisionList> {
  return apiRequest(apiPaths.articleRevisions(id), RevisionListSchema, { signal });
}

/** The author's and admins' only (the server answers 404 to anyone else). */
export function useRevisions(id: string) {
  return useQuery({ queryKey: writingKeys.revisions(id), queryFn: ({ signal }) => getRevisions(id, signal) });
}
