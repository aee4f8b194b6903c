import './lib/zod-jitless';
import { tokenTagOf, type RoleRecord } from '@dispatch/shared';
import { hydrate, type QueryClient } from '@tanstack/react-query';
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
import { viewerKeys } from './hooks/use-viewer';
import { PAGE_STATE_ELEMENT_ID, PAGE_VIEWER_ELEMENT_ID, type PageState, type PageViewer } from './ssr/page-state';

const HYDRATED_FRESH_MS = 30_000;

/** A JSON block the server wrote into the page, if it is there and whole. */
function readJsonElement<T>(id: string): T | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as T;
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

/**
 * Once a page shared by the reader's audience has hydrated as the server rendered it: the reader's own name and
 * photo in it, with the role the page was rendered with until the navbar's own lookup answers.
 */
function showReader(queryClient: QueryClient, token: string, page: PageState, reader: PageViewer) {
  const shared = page.user && queryClient.getQueryData<RoleRecord>(viewerKeys.role(page.user.email));
  if (shared) queryClient.setQueryData(viewerKeys.role(reader.user.email), shared, { updatedAt: 0 });
  queryClient.setQueryData(authKeys.session(token), reader.user);
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  keyFirstHistoryEntry();
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const page = readJsonElement<PageState>(PAGE_STATE_ELEMENT_ID);
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
  // A page rendered for the reader's audience names the reader after it.
  const reader = page.audience ? readJsonElement<PageViewer>(PAGE_VIEWER_ELEMENT_ID) : null;
  const renderedFor = page.audience ? reader?.tokenTag : page.tokenTag;
  const sameViewer = tokenTagOf(token) === renderedFor;
  if (sameViewer) hydrate(queryClient, page.queries);
  if (sameViewer && token && page.user) queryClient.setQueryData(authKeys.session(token), page.user);
  await resolveLazyRoutes(routes, window.location.pathname);
  const app = (
    <StrictMode>
      <App
        queryClient={queryClient}
        router={createBrowserRouter(routes, { hydrationData: page.router })}
        renderedAt={sameViewer ? page.renderedAt : null}
        onHydrated={sameViewer && token && reader ? () => showReader(queryClient, token, page, reader) : undefined}
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
