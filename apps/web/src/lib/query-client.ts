import { TIMINGS } from '@dispatch/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** docs/product.md#texts: three retries, backoff from 1 s capped at 30 s; a 4xx answer will not change on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < TIMINGS.queryRetries;
}

export function retryDelay(attempt: number): number {
  return Math.min(TIMINGS.queryRetryBaseMs * 2 ** attempt, TIMINGS.queryRetryMaxMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: TIMINGS.queryGcTimeMs },
      mutations: { retry: false },
    },
  });
}
