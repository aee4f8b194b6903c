import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A server read's refusal (the API's 4xx: its status, code and message) as the page's queries hold an API error. */
function asApiError(error: unknown): unknown {
  if (error instanceof ApiError || typeof error !== 'object' || error === null) return error;
  const { statusCode, code, message, fieldErrors } = error as Record<string, unknown>;
  if (typeof statusCode !== 'number' || typeof code !== 'string' || typeof message !== 'string') return error;
  return new ApiError({
    status: statusCode,
    code,
    message,
    ...(fieldErrors !== undefined && { fieldErrors: fieldErrors as Record<string, string[]> }),
  });
}

/**
 * Loaders warm the cache so a page renders with its data, but never hold a page back on a failure:
 * they try once, and the page's own query shows the error state and retries with docs/product.md's backoff.
 * `read`: on the server, the page context's read of the same answer, in place of the query's
 * own fetch. Its answer goes into the cache as it is: a fetch's retryer and promises cost a server render
 * about as much as the page's queries themselves; a refusal is recorded as the query's failed fetch.
 */
export async function prefetch<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
  read?: () => Promise<TData>,
): Promise<void> {
  if (read) {
    if (queryClient.getQueryData(options.queryKey) !== undefined) return;
    let data: TData;
    try {
      data = await read();
    } catch (error) {
      const refused = asApiError(error);
      await queryClient.prefetchQuery({ ...options, queryFn: () => Promise.reject(refused), retry: false });
      return;
    }
    queryClient.setQueryData<TData>(options.queryKey, () => data);
    return;
  }
  try {
    await queryClient.ensureQueryData({ ...options, retry: false });
  } catch {
    // The page's query reports it.
  }
}
