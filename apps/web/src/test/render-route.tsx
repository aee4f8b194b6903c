import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

/** Renders the real route tree at `path` with the app's providers, as the browser would. */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/**
 * Imports the lazy modules of the pages at `paths` (a `beforeAll`'s work): the first import of a page's chunk
 * transforms and evaluates its whole module graph, over a second on a busy machine, and a test's waits are
 * for the page, not for that.
 */
export async function loadRouteModules(...paths: string[]) {
  const routes = createRoutes(createQueryClient());
  const lazyRoutes = paths.flatMap((path) => matchRoutes(routes, path) ?? []).map((match) => match.route.lazy);
  await Promise.all(lazyRoutes.map((lazy) => (typeof lazy === 'function' ? lazy() : undefined)));
}
