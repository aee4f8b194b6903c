import type { AccessRule, Viewer } from '@dispatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

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
 * What a route says of itself besides its element and loader. `access` is read by the browser's AccessGate and
 * the server's render alike; the rest only by the server (src/entry-server.tsx): loaders prefetch what anyone
 * may see, and these add what depends on the viewer, and the HTTP status.
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
  /** The status of the page when it renders at all. */
  status?: number;
  /** Loads the viewer-specific data the page shows. */
  serverLoad?: (queryClient: QueryClient, params: Params, viewer: ServerViewer, url: URL) => Promise<void>;
  /** A status decided by what was loaded (an article that does not exist is a 404). */
  serverStatus?: (queryClient: QueryClient, params: Params, url: URL) => Promise<number | undefined>;
}

/** The access rule each matched route declares, outermost first. */
export const accessRulesOf = (matches: readonly { handle?: unknown }[]): (AccessRule | undefined)[] =>
  matches.map((match) => (match.handle as RouteHandle | undefined)?.access);
