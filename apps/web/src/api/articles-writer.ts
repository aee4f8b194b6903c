import {
  LIMITS,
  MyArticlePageSchema,
  RevisionListSchema,
  TimelineSchema,
  type MyArticlePage,
  type RevisionList,
  type Timeline,
} from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { articleKeys } from './articles';

// What the author (and the admins) read of their articles: the writer's list, an article's revisions and timeline.

export const MY_ARTICLES_PAGE_SIZE = LIMITS.pageSize.myArticles;

export function getMyArticles(email: string, page: number, signal?: AbortSignal): Promise<MyArticlePage> {
  return apiRequest(apiPaths.userArticles(email), MyArticlePageSchema, {
    query: { page, limit: MY_ARTICLES_PAGE_SIZE },
    signal,
  });
}

/** Needs the session's token, so no loader prefetches it (as with the profile). */
export function useMyArticles(email: string | undefined, page: number) {
  return useQuery({
    queryKey: articleKeys.mine(email ?? '', page),
    queryFn: ({ signal }) => getMyArticles(email ?? '', page, signal),
    enabled: Boolean(email),
    placeholderData: keepPreviousData,
  });
}

export function getRevisions(id: string, signal?: AbortSignal): Promise<RevisionList> {
  return apiRequest(apiPaths.articleRevisions(id), RevisionListSchema, { signal });
}

/** The author's and admins' only (the server answers 404 to anyone else). */
export function useRevisions(id: string) {
  return useQuery({ queryKey: articleKeys.revisions(id), queryFn: ({ signal }) => getRevisions(id, signal) });
}

export function getArticleTimeline(id: string, signal?: AbortSignal): Promise<Timeline> {
  return apiRequest(apiPaths.articleTimeline(id), TimelineSchema, { signal });
}

/** Its author sees what happened and the notes; admins also see who acted. */
export function useArticleTimeline(id: string) {
  return useQuery({ queryKey: articleKeys.timeline(id), queryFn: ({ signal }) => getArticleTimeline(id, signal) });
}
