import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * What the server needs to know of a route to render it (src/entry-server.tsx); the browser ignores it.
 * Loaders prefetch what anyone may see; these add what depends on the viewer, and the HTTP status.
 */
/**
 * What the server knows of the viewer of a page it renders: null for an anonymous visitor. `shared`: the page is
 * rendered for everyone of the viewer's audience (decision 047), so it loads nothing of theirs alone.
 */
export type ServerViewer = { admin: boolean; premiumAccess: boolean; shared: boolean } | null;

export interface RouteHandle {
  /** Who may open it: others are redirected before anything renders, as the guards would in the browser. */
  access?: 'signed-in' | 'premium' | 'admin';
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
