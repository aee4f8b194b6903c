import { CorrectionPageSchema, LIMITS, type CorrectionPage } from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { correctionKeys } from './keys';

export const CORRECTIONS_PAGE_SIZE = LIMITS.pageSize.corrections;

/** The page's query, in the address or the server's read of it. */
export const correctionPageQuery = (page: number) => ({ page, limit: CORRECTIONS_PAGE_SIZE });

export function getCorrectionPage(page: number, signal?: AbortSignal): Promise<CorrectionPage> {
  return apiRequest(apiPaths.corrections, CorrectionPageSchema, { query: correctionPageQuery(page), signal });
}

export function correctionPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: correctionKeys.page(page),
    queryFn: ({ signal }) => getCorrectionPage(page, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useCorrectionPage(page: number) {
  return useQuery({ ...correctionPageQueryOptions(page), placeholderData: keepPreviousData });
}
