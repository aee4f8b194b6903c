import './lib/zod-jitless';
import { tokenTagOf } from '@dispatch/shared';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { createRoutes } from './app/routes';
import { ApiError, readStoredToken } from './lib/api-client';
import { keyFirstHistoryEntry } from './lib/history-entry';
import { authKeys } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { resolveLazyRoutes } from './ssr/resolve-lazy-routes';
import { PAGE_STATE_ELEMENT_ID, type PageState } from './ssr/page-state';

const HYDRATED_FRESH_MS = 30_000;

function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}

/** Errors travel as plain objects: make them ApiErrors again, as the pages expect. */
function reviveErrors(state: PageState) {
  for (const query of state.queries.queries) {
    const error = query.state.error as unknown as { name?: string; status: number; code: string; message: string };
    if (error?.name === 'ApiError') query.state.error = new ApiError(error);
  }
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  keyFirstHistoryEntry();
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const page = readPageState();
  if (!page) {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
    return;
  }

  reviveErrors(page);
  // What the HTML shows is seconds old: mounting the page must not fetch it all again.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, staleTime: HYDRATED_FRESH_MS },
  });
  const token = readStoredToken();
  // The HTML was rendered for the session this browser holds: hydrate it. Otherwise (a token from before
  // the page cookie, or a cookie outliving its token) render afresh for the stored token, and with its own
  // answers: another viewer's lists may differ (a search by access, a young reader's hidden tags).
  const sameViewer = tokenTagOf(token) === page.tokenTag;
  if (sameViewer) hydrate(queryClient, page.queries);
  if (sameViewer && token && page.user) queryClient.setQueryData(authKeys.session(token), page.user);
  await resolveLazyRoutes(routes, window.location.pathname);
  const app = (
    <StrictMode>
      <App
        queryClient={queryClient}
        router={createBrowserRouter(routes, { hydrationData: page.router })}
        renderedAt={sameViewer ? page.renderedAt : null}
      />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds (a phone paints the images
  // and answers a tap meanwhile) instead of one long task; the server's HTML is on screen throughout.
  if (sameViewer) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

// A task of its own, after the modules' evaluation: two shorter tasks block a phone less than one long one.
setTimeout(() => void start());
