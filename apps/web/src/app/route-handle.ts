import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * What the server needs to know of a route to render it (src/entry-server.tsx); the browser ignores it.
 * Loaders prefetch what anyone may see; these add what depends on the viewer, and the HTTP status.
 */
/** What the server knows of the viewer of a page it renders: null for an anonymous visitor. */
export type ServerViewer = { admin: boolean; premiumAccess: boolean } | null;

export interface RouteHandle {
  /** Who may open it: others are redirected before anything renders, as the guards would in the browser. */
  access?: 'signed-in' | 'premium' | 'admin';
  /**
   * A signed-in page whose preview (title, excerpt, image tags) anyone else may read: crawlers and link
   * previews get it rendered, while a browser's navigation goes straight to /login (decision 046).
   */
  preview?: true;
  /** The status of the page when it renders at all. */
  status?: number;
  /** Loads the viewer-specific data the page shows. */
  serverLoad?: (queryClient: QueryClient, params: Params, viewer: ServerViewer, url: URL) => Promise<void>;
  /** A status decided by what was loaded (an article that does not exist is a 404). */
  serverStatus?: (queryClient: QueryClient, params: Params, url: URL) => Promise<number | undefined>;
}
