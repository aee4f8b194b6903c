import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Loaders warm the cache so a page renders with its data, but never hold a page back on a failure:
 * they try once, and the page's own query shows the error state and retries with docs/product.md's backoff.
 */
export async function prefetch<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<void> {
  try {
    await queryClient.ensureQueryData({ ...options, retry: false });
  } catch {
    // The page's query reports it.
  }
}
