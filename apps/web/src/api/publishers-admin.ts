import { PublisherCountSchema, type PublisherCount } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { publisherKeys } from './publishers';

const PublisherCountsSchema = z.array(PublisherCountSchema);

/** Every publisher with its articles of any status (admin only). */
export function getPublisherCounts(signal?: AbortSignal): Promise<PublisherCount[]> {
  return apiRequest(apiPaths.dashboardPublishers, PublisherCountsSchema, { signal });
}

export function usePublisherCounts() {
  return useQuery({ queryKey: publisherKeys.counts(), queryFn: ({ signal }) => getPublisherCounts(signal) });
}
