import {
  answerAccess,
  hasPremiumAccess,
  type AccessRule,
  type ArticleDetail,
  type PageReads,
  type RoleRecord,
  type User,
} from '@dispatch/shared';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { LRUCache } from 'lru-cache';
import { StrictMode } from 'react';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandler,
} from 'react-router';
import { AppProviders } from './app/providers';
import { pageContextOf, type LoaderClient, type PageContext, type ServerViewer } from './app/page-context';
import type { RouteHandle } from './app/route-handle';
import { createRoutes } from './app/routes';
import { accessFacts, viewerKeys } from './hooks/use-viewer';
import { ApiError } from './lib/api-client';
import { authKeys } from './lib/auth';
import { paths } from './lib/paths';
import { returnTo } from './lib/return-to';
import { createQueryClient } from './lib/query-client';
import { AUDIENCE_USER, type PageState } from './ssr/page-state';
import { renderWhole } from './ssr/render-whole';
import { articleQueryOptions } from './api/articles-public';

export { PAGE_STATE_ELEMENT_ID, PAGE_VIEWER_ELEMENT_ID, type PageState } from './ssr/page-state';

export interface PageRequest {
  /** The page's absolute URL. */
  url: string;
  /**
   * The viewer, from the page cookie's session; null for anyone else. `tokenTag` names the browser's own
   * token; `role` is their role record as `GET /users/role` answers it, which the page would otherwise ask for.
   */
  viewer: { tokenTag: string; user: User; role: RoleRecord } | null;
  /**
   * Render the page for everyone who sees it as the viewer does (decision 047): as AUDIENCE_USER, with this
   * role record and these answers, which the server worked out for the viewer.
   */
  audience?: { role: RoleRecord; article?: { id: string; detail: ArticleDetail } };
  /** What the page's loaders read, the services' answers for the viewer. */
  reads: PageReads;
  /** The server's clock (milliseconds since the epoch): premium and redirects are decided at this moment. */
  now?: number;
  signal?: AbortSignal;
}

export type PageResult =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'page'; status: number; head: string; body: string; state: PageState };

// React hoists <title>, <meta> and <link> to the front of what it renders: they belong in <head>.
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/;

const loginFor = (url: URL) => `${paths.login}?redirect=${encodeURIComponent(url.pathname + url.search)}`;

/**
 * Where the page's access rules send this viewer, if anywhere: what its AccessGate would do in the browser. A
 * page with a preview renders it for a visitor without a session (the page service sent browsers on first).
 */
function redirectFor(access: PathAccess, url: URL, viewer: ServerViewer, now: Date) {
  const answer = answerAccess(access.rules, viewer?.facts ?? null, now);
  if (answer === 'sign-in') return access.preview ? undefined : loginFor(url);
  if (answer === 'forbidden') return paths.forbidden;
  if (answer === 'subscribe') return paths.subscription;
  return undefined;
}

/** A server loader's query cache: its render's own, from the request context. */
const renderClient: LoaderClient = (context) => {
  const page = pageContextOf(context);
  if (!page) throw new Error('a loader ran on the server without its page context');
  return page.queryClient;
};

/**
 * The routes and their static handler, built once for every render: building them is most of a small page's
 * cost, and a route's lazy module is then resolved once, not on every render.
 */
let server: { routes: RouteObject[]; handler: StaticHandler } | undefined;
function serverRoutes() {
  if (!server) {
    const routes = createRoutes(renderClient);
    server = { routes, handler: createStaticHandler(routes) };
  }
  return server;
}
/** What the routes an address matches say of access (`redirectFor`), and the page its audience may share. */
interface PathAccess {
  rules: (AccessRule | undefined)[];
  preview: boolean;
  forVisitors: boolean;
  audience?: { kind: 'article'; id: string };
}

/** What `PathAccess` holds for every address of one shape: the audience's id as the shape's n-th id, or as it is. */
interface ShapeAccess extends Omit<PathAccess, 'audience'> {
  audience?: { kind: 'article'; idAt: number } | { kind: 'article'; id: string };
}

/** A path segment that is an id: no route names one, so it only ever fills a route's parameter. */
const ID_SEGMENT = /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;

/**
 * What each shape of address says of access (its ids left out: every article is one shape), least recently
 * asked first out. `matchRoutes` flattens and ranks the whole route tree on every call (about half a
 * millisecond here), which would double the cost of a cached page.
 */
const accessByShape = new LRUCache<string, ShapeAccess>({ max: 10_000 });

function accessOf(pathname: string): PathAccess {
  const ids: string[] = [];
  // NUL never appears in a parsed URL's path (it would be percent-encoded): no address has this shape itself.
  const shape = pathname.replace(ID_SEGMENT, (id) => {
    ids.push(id);
    return '\0';
  });
  let access = accessByShape.get(shape);
  if (!access) {
    const matches = matchRoutes(serverRoutes().routes, pathname) ?? [];
    const handles = matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
    const shared = matches.at(-1);
    const kind = (shared?.route.handle as RouteHandle | undefined)?.audience;
    const id = shared?.params.id ?? '';
    access = {
      rules: handles.map((handle) => handle.access),
      preview: handles.some((handle) => handle.preview),
      forVisitors: handles.some((handle) => handle.forVisitors),
      ...(kind && { audience: ids.includes(id) ? { kind, idAt: ids.indexOf(id) } : { kind, id } }),
    };
    accessByShape.set(shape, access);
  }
  const { audience, ...rules } = access;
  if (!audience) return rules;
  return {
    ...rules,
    audience: { kind: audience.kind, id: 'idAt' in audience ? (ids[audience.idAt] ?? '') : audience.id },
  };
}

/**
 * For a visitor without a session: the /login address a page's access rule sends them to before anything
 * renders, and whether only a browser's navigation goes there while anyone else reads the page's preview;
 * `article`: the article the page is, which the site's setting may open to visitors (docs/product.md#who-reads-what).
 */
export function signInFirst(
  url: string,
): { location: string; previewForOthers: boolean; article?: string } | undefined {
  const target = new URL(url);
  const access = accessOf(target.pathname);
  if (!access.rules.some((rule) => rule !== undefined)) return undefined;
  return {
    location: loginFor(target),
    previewForOthers: access.preview,
    ...(access.audience?.kind === 'article' && { article: access.audience.id }),
  };
}

/**
 * For a signed-in reader: the page, if the server may render it once for everyone who sees it alike and serve
 * it from its cache; the server works out who those are.
 */
export function pageAudience(url: string): { kind: 'article'; id: string } | undefined {
  return accessOf(new URL(url).pathname).audience;
}

/** An API error survives JSON with what the page reads of it: its status, code and message. */
function serialisableErrors(queryClient: QueryClient) {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending' && query.queryKey[0] !== authKeys.all[0],
  });
  for (const query of state.queries) {
    const { error } = query.state;
    if (error instanceof ApiError) {
      query.state = {
        ...query.state,
        error: { name: 'ApiError', status: error.status, code: error.code, message: error.message } as unknown as Error,
      };
    }
  }
  return state;
}

/**
 * Renders one page of the SPA on the server, from the same routes and loaders the browser uses. The
 * browser then hydrates it with the same query cache, so nothing the HTML holds is fetched again.
 */
export async function renderPage({ url, viewer, audience, reads, now, signal }: PageRequest): Promise<PageResult> {
  const queryClient = createQueryClient();
  const { handler } = serverRoutes();
  const request = new Request(url, { signal });
  const target = new URL(url);
  const renderedAt = now ?? Date.now();

  let role: ServerViewer = null;
  const user = viewer && (audience ? AUDIENCE_USER : viewer.user);
  if (viewer && user) {
    const record = audience?.role ?? viewer.role;
    queryClient.setQueryData(authKeys.session(viewer.tokenTag), user);
    queryClient.setQueryData(viewerKeys.role(user.email), record);
    if (audience?.article) {
      const { id, detail } = audience.article;
      queryClient.setQueryData(articleQueryOptions(id, undefined).queryKey, detail);
    }
    const facts = accessFacts(record);
    role = {
      facts,
      premiumAccess: hasPremiumAccess(facts, new Date(renderedAt)),
      shared: audience !== undefined,
    };
  }

  const access = accessOf(target.pathname);
  // A signed-in reader sent on from login and register (`?redirect=`) goes as the AuthLayout sends them in the
  // browser, but as a 302: the browser then opens the page with this request's fetch metadata, and a page another
  // site sent the reader to spends none of their reads. Without a `redirect` the form is rendered:
  // a browser that lost its token but kept the page cookie can still sign in.
  if (viewer && access.forVisitors && new URLSearchParams(target.search).has('redirect')) {
    return { kind: 'redirect', status: 302, location: returnTo(null, target.search) };
  }
  // The page's access is answered before any loader runs, as its AccessGate does in the browser.
  const redirect = redirectFor(access, target, role, new Date(renderedAt));
  if (redirect) return { kind: 'redirect', status: 302, location: redirect };
  const requestContext: PageContext = { viewer: role, reads, queryClient };
  const context = await handler.query(request, { requestContext });
  // A loader's redirect: 301 for an address that moved for good (a renamed tag's), else 302.
  if (context instanceof Response) {
    const status = context.status === 301 ? 301 : 302;
    return { kind: 'redirect', status, location: context.headers.get('Location') ?? paths.home };
  }
  // No loader throws, so an error here is a route's module that failed to load. React Router keeps a lazy
  // route's failed import: the next render builds the routes again rather than fail with it until a restart.
  if (context.errors) server = undefined;
  // What the loaders said of the page (an unknown article is a 404), else what the route matched.
  const status = context.statusCode;

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderWhole(
    <StrictMode>
      <AppProviders queryClient={queryClient} initialToken={viewer?.tokenTag ?? null} renderedAt={renderedAt}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    signal,
  );
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const state: PageState = {
    user,
    // A shared page's reader is named after it, in the PAGE_VIEWER_ELEMENT_ID element.
    tokenTag: audience ? null : (viewer?.tokenTag ?? null),
    ...(audience && { audience: true as const }),
    renderedAt,
    queries: serialisableErrors(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
  queryClient.clear();
  return { kind: 'page', status, head, body: html.slice(head.length), state };
}
