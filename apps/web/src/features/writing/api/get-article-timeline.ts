import { TimelineSchema, type Timeline } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from './keys';

export function getArticleTimeline(id: string, signal?: AbortSignal): Promise<Timeline> {
  return apiRequest(apiPaths.articleTimeline(id), TimelineSchema, { signal });
}

/** Its author sees what happened and the notes; admins also see who acted. */
export function useArticleTimeline(id: string) {
  return useQuery({ queryKey: writingKeys.timeline(id), queryFn: ({ signal }) => getArticleTimeline(id, signal) });
}
