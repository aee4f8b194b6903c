import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of the lazy routes the page matched before hydrating, so the first render in the browser
 * is the page the server rendered, not the router's fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      route.lazy = undefined;
    }),
  );
}
