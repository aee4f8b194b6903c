import { ChartsSchema, type Charts } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys } from './keys';

export function getCharts(signal?: AbortSignal): Promise<Charts> {
  return apiRequest(apiPaths.dashboardCharts, ChartsSchema, { signal });
}

export function useCharts() {
  return useQuery({ queryKey: dashboardKeys.charts(), queryFn: ({ signal }) => getCharts(signal) });
}
