import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

export function App({
  queryClient,
  router,
  renderedAt = null,
  onHydrated,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  /** When the server rendered the HTML this render hydrates. */
  renderedAt?: number | null;
  /** Runs once the server's HTML has hydrated: what the page shows only then. */
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <AppProviders queryClient={queryClient} renderedAt={renderedAt}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
