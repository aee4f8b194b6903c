import type { QueryClient } from '@tanstack/react-query';
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
  return (
    <AppProviders queryClient={queryClient} renderedAt={renderedAt}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
