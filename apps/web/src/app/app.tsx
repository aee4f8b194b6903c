import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

export function App({
  queryClient,
  router,
  renderedAt = null,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  /** When the server rendered the HTML this render hydrates. */
  renderedAt?: number | null;
}) {
  // Says the page is interactive: its server-rendered HTML has been hydrated (or rendered) by React.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AppProviders queryClient={queryClient} renderedAt={renderedAt}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
