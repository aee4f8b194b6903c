import type { AccessRule, Viewer } from '@dispatch/shared';
import { data } from 'react-router';

/**
 * What the server knows of the viewer of a page it renders: null for an anonymous visitor. `facts`: their role
 * and premium as the shared access rules take them. `shared`: the page is rendered for everyone of the
 * viewer's audience (decision 047), so it loads nothing of theirs alone.
 */
export type ServerViewer = {
  facts: Pick<Viewer, 'role' | 'premiumTaken' | 'premiumArticles'>;
  premiumAccess: boolean;
  shared: boolean;
} | null;

/**
 * The request context the server renders a page with (`query(request, { requestContext })`): loaders read
 * the viewer from it. The browser has none, and its loaders load only what anyone may see.
 */
export interface PageContext {
  viewer: ServerViewer;
}

/** The server's page context, from a loader's `context`; undefined in the browser. */
export const pageContextOf = (context: unknown): PageContext | undefined =>
  typeof context === 'object' && context !== null && 'viewer' in context ? (context as PageContext) : undefined;

/** A loader's answer for a page that renders with this HTTP status (React Router's `data`): null data. */
export const withStatus = (status: number | undefined) => (status ? data(null, { status }) : null);

/**
 * What a route says of itself besides its element and loader, read by the browser's AccessGate and the
 * server's render alike (src/entry-server.tsx).
 */
export interface RouteHandle {
  /**
   * Who may open it and every page below it: the one declaration of a page's access. The server's render
   * redirects anyone else before anything renders; in the browser the route's element is an AccessGate.
   */
  access?: AccessRule;
  /**
   * A signed-in page whose preview (title, excerpt, image tags) anyone else may read: crawlers and link
   * previews get it rendered, while a browser's navigation goes straight to /login (decision 046).
   */
  preview?: true;
  /**
   * A signed-in reader's page the server may render once for everyone who sees it alike, from the answers it
   * worked out for them (decision 047): the reader's own name and photo follow after hydration.
   */
  audience?: 'article';
}

/** The access rule each matched route declares, outermost first. */
export const accessRulesOf = (matches: readonly { handle?: unknown }[]): (AccessRule | undefined)[] =>
  matches.map((match) => (match.handle as RouteHandle | undefined)?.access);
