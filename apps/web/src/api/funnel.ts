import { FunnelSchema, type Funnel } from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

/** The desk's reader funnel over a window of days. */
export const funnelKeys = {
  all: ['funnel'] as const,
  window: (days: number) => [...funnelKeys.all, days] as const,
};

export function getFunnel(days: number, signal?: AbortSignal): Promise<Funnel> {
  return apiRequest(`${apiPaths.dashboardFunnel}?days=${days}`, FunnelSchema, { signal });
}

/** The previous period stays on screen while another loads. */
export function useFunnel(days: number) {
  return useQuery({
    queryKey: funnelKeys.window(days),
    queryFn: ({ signal }) => getFunnel(days, signal),
    placeholderData: keepPreviousData,
  });
}
