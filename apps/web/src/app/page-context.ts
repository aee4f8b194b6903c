import type { PageReads, Viewer } from '@dispatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';

/**
 * What the server knows of the viewer of a page it renders: null for an anonymous visitor. `facts`: their role
 * and premium as the shared access rules take them. `shared`: the page is rendered for everyone of the
 * viewer's audience, so it loads nothing of theirs alone.
 */
export type ServerViewer = {
  facts: Pick<Viewer, 'role' | 'premiumTaken' | 'premiumArticles' | 'renewing'>;
  premiumAccess: boolean;
  shared: boolean;
} | null;

/**
 * The request context the server renders a page with (`query(request, { requestContext })`): loaders read
 * the viewer and their data from it, the services' answers the API would give (decision 050). The browser
 * has none: its loaders load only what anyone may see, over HTTP.
 */
export interface PageContext {
  viewer: ServerViewer;
  reads: PageReads;
  /** The render's own query cache: the server's routes are built once and serve every render. */
  queryClient: QueryClient;
}

/** The query cache a loader warms, from its context: the browser's one client, or the server render's own. */
export type LoaderClient = (context: unknown) => QueryClient;

/** The server's page context, from a loader's `context`; undefined in the browser. */
export const pageContextOf = (context: unknown): PageContext | undefined =>
  typeof context === 'object' && context !== null && 'reads' in context ? (context as PageContext) : undefined;

/** A loader's answer for a page that renders with this HTTP status (React Router's `data`): null data. */
export const withStatus = (status: number | undefined) => (status ? data(null, { status }) : null);

/** The server's reads for a loader; undefined in the browser, where queries fetch over HTTP. */
export const readsOf = (context: unknown) => pageContextOf(context)?.reads;
