import type { AccessRule } from '@dispatch/shared';

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
   * worked out for them: the reader's own name and photo follow after hydration.
   */
  audience?: 'article';
  /**
   * A page for visitors without a session (login, register): the server sends a signed-in reader on to where the
   * page's `?redirect=` leads with a 302, so the browser opens it as it opened this page: from another site, if so
   * (decision 054).
   */
  forVisitors?: true;
}

/** The access rule each matched route declares, outermost first. */
export const accessRulesOf = (matches: readonly { handle?: unknown }[]): (AccessRule | undefined)[] =>
  matches.map((match) => (match.handle as RouteHandle | undefined)?.access);
