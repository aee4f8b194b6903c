import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-types.js';
import { ARTICLE_MESSAGES, THEME_COOKIE, THEMES, type Theme } from '@dispatch/shared';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/database-errors.js';
import {
  clearPageSession,
  isBrowserNavigation,
  isSameSitePage,
  readCookie,
  readPageSession,
} from '../../plugins/page-session.js';
import { etagOf, OPEN_ARTICLE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../plugins/public-document.js';
import { PRIVATE_CACHE_CONTROL } from '../../plugins/security-headers.js';
import { isSearch } from '../catalogue/catalogue.service.js';
import { articlePageOpenToVisitors } from '../reading/reading.service.js';
import { resolvePageViewer } from '../auth/auth.service.js';
import { viewerRoleRecord } from '../users/users.service.js';
import {
  acceptsGzip,
  compressHtml,
  encodingFor,
  etagFor,
  sharedPageBytes,
  sharedPageOf,
  type SharedPage,
} from './compressed-html.js';
import { createLastGoodPages } from './last-good-pages.js';
import { articleAudience, type Audience } from './page-audience.js';
import { createPageReads } from './page-reads.js';
import { jsonForHtml, noticePage, pageParts, withTheme, type PageShell } from './page-renderer.js';
import { unavailablePage } from './unavailable-page.js';

/** Anonymous pages are cached with the catalogue; the home page's statistics may lag this much. */
const PAGE_TTL_MS = 30_000;
const PAGE_VARY = 'Cookie, Accept-Encoding';

/** A page as rendered: one string, or a page its audience shares. */
type RenderedPage = { status: number; location?: string; html?: string; shared?: SharedPage; etag?: string };

/** The page cookie's reader: their session and the tag of the browser's token. */
type PageViewer = NonNullable<Awaited<ReturnType<typeof resolvePageViewer>>>;

/** A path as the router matches it: decoded, in lower case, without a trailing slash. */
function routedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the router keeps it as it is too.
  }
  return decoded.toLowerCase().replace(/\/+$/, '');
}

/**
 * The articles page with a search, however its path is spelt (`/Articles`, `/%61rticles`): counted against the
 * address's search limit like the API's searches.
 */
function searchesArticles(url: string): boolean {
  const { pathname, searchParams } = new URL(url, 'http://page');
  return routedPath(pathname) === '/articles' && isSearch(searchParams.get('search') ?? undefined);
}

/**
 * A loader's read failed where the API would answer 5xx (the database is down or too slow): the page would
 * render with empty lists, which no cache may keep and no reader should get as the page.
 */
class PageDataUnavailable extends Error {
  constructor() {
    super('a server-rendered page could not read its data');
  }
}

function themeOf(request: FastifyRequest): Theme | undefined {
  const value = readCookie(request.headers.cookie, THEME_COOKIE);
  return THEMES.find((theme) => theme === value);
}

/**
 * Server rendering of the SPA's pages (decision 014): the page's loaders read the services the API calls
 * (decision 050), for the page cookie's reader when there is one (decision 041).
 */
export function createPageService(deps: AppDeps, shell: PageShell) {
  const lastGood = createLastGoodPages();

  /**
   * The page for `viewer`, or for everyone (anonymous), or for the viewer's `audience`: then it is kept and named,
   * though it is sent `no-store` (decision 047).
   */
  async function render(url: string, viewer: PageViewer | null, sameSite = true, audience?: Audience) {
    const page = createPageReads(deps, viewer?.viewer ?? null, sameSite);
    // A page shared by the reader's audience is rendered with the audience's role record, not theirs.
    const rendered = viewer && {
      tokenTag: viewer.tokenTag,
      user: viewer.user,
      role: audience?.role ?? (await viewerRoleRecord(deps, viewer.viewer)),
    };
    const result = await shell.renderer.renderPage({
      url: `${deps.config.publicUrl}${url}`,
      viewer: rendered,
      audience,
      reads: page.reads,
      now: deps.clock().getTime(),
    });
    if (result.kind === 'redirect') return { status: result.status, location: result.location } satisfies RenderedPage;
    if (page.failed()) throw new PageDataUnavailable();
    const pieces = pageParts(shell.template, result, shell.renderer.PAGE_STATE_ELEMENT_ID);
    // A page shared by an audience is sent `no-store`: it needs a name for this render, which its compressed bytes
    // are kept under.
    if (audience)
      return { status: result.status, shared: sharedPageOf(pieces), etag: `"${randomUUID()}"` } satisfies RenderedPage;
    const html = pieces.join('');
    // A signed-in reader's page is sent `no-store`: no cache keeps it, so no ETag could revalidate it.
    return { status: result.status, html, etag: viewer ? undefined : etagOf(html) } satisfies RenderedPage;
  }

  async function viewerOf(request: FastifyRequest, reply: FastifyReply): Promise<PageViewer | null> {
    const credential = readPageSession(request);
    if (!credential) return null;
    const page = await resolvePageViewer(deps, credential);
    if (!page) {
      clearPageSession(reply, deps.config.publicUrl.startsWith('https://'));
      return null;
    }
    return page;
  }

  /**
   * An article page the site's setting opens to visitors (docs/product.md#who-reads-what): rendered for a browser
   * without a session too, not sent to /login first. A gift link still needs a reader.
   */
  async function visitorsMayOpen(url: string, id: string): Promise<boolean> {
    if (new URL(url, 'http://page').searchParams.has('gift')) return false;
    return articlePageOpenToVisitors(deps, id);
  }

  /** A signed-in reader's view of the page when others share it: then it comes from the page cache. */
  async function audienceOf(url: string, viewer: PageViewer, sameSite: boolean): Promise<Audience | undefined> {
    const page = shell.renderer.pageAudience(`${deps.config.publicUrl}${url}`);
    if (page?.kind !== 'article') return undefined;
    const { searchParams } = new URL(url, 'http://page');
    return articleAudience(deps, viewer.viewer, { id: page.id, search: searchParams, sameSite });
  }

  /**
   * A page shared by the reader's audience, with the reader's own part (who they are, which the browser fills
   * into the page once it has hydrated) written before its end: compressed, only that part is new to each request.
   */
  async function sendShared(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { status: number; shared: SharedPage; etag: string },
    viewer: PageViewer,
  ) {
    const own = { user: viewer.user, tokenTag: viewer.tokenTag };
    const gzipped = acceptsGzip(request.headers['accept-encoding']);
    const body = await sharedPageBytes(page.shared, {
      keepAs: page.etag,
      theme: themeOf(request),
      own: `<script type="application/json" id="${shell.renderer.PAGE_VIEWER_ELEMENT_ID}">${jsonForHtml(own)}</script>`,
      gzipped,
    });
    void reply.code(page.status).header('vary', PAGE_VARY).header('cache-control', PRIVATE_CACHE_CONTROL);
    if (gzipped) void reply.header('content-encoding', 'gzip');
    return reply.type('text/html; charset=utf-8').send(body);
  }

  /** The database could not be read: never an empty page, never one a cache may keep. */
  function sendUnavailable(reply: FastifyReply) {
    return reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unavailablePage(deps.config.site.name));
  }

  async function sendHtml(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { status: number; html: string; etag?: string },
    cacheControl: string,
    vary = PAGE_VARY,
  ) {
    const encoding = encodingFor(request.headers['accept-encoding']);
    // The cached page is the same for every theme; the reader's is written in as it is sent.
    const theme = themeOf(request);
    const themedEtag = page.etag && theme ? page.etag.replace(/"$/, `-${theme}"`) : page.etag;
    const etag = themedEtag && etagFor(themedEtag, encoding);
    // A copy sent `no-store` has no validator: nothing keeps it to revalidate.
    const validator = cacheControl === 'no-store' ? undefined : etag;
    void reply.header('vary', vary).header('cache-control', cacheControl);
    if (validator) void reply.header('etag', validator);
    if (validator && request.headers['if-none-match'] === validator) return reply.code(304).send();
    const html = withTheme(page.html, theme);
    if (!encoding || !html) return reply.code(page.status).type('text/html; charset=utf-8').send(html);
    // Anonymous pages are the same for everyone: their compressed bytes are kept per version (and theme).
    const body = await compressHtml(html, encoding, etag);
    return reply.code(page.status).header('content-encoding', encoding).type('text/html; charset=utf-8').send(body);
  }

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    // Before the cache: a cached answer counts too.
    if (searchesArticles(request.url)) {
      const wait = await deps.searchLimit(request);
      if (wait) {
        const html = noticePage(shell.template, {
          title: ARTICLE_MESSAGES.tooManySearchesTitle,
          message: ARTICLE_MESSAGES.tooManySearches(wait),
        });
        return reply
          .code(429)
          .header('retry-after', wait)
          .header('cache-control', PRIVATE_CACHE_CONTROL)
          .type('text/html; charset=utf-8')
          .send(withTheme(html, themeOf(request)));
      }
    }
    let viewer: Awaited<ReturnType<typeof viewerOf>>;
    try {
      viewer = await viewerOf(request, reply);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return sendUnavailable(reply);
      throw error;
    }
    // A page behind a login: a browser without a session goes there before anything renders (decision 046).
    const signIn = viewer ? undefined : shell.renderer.signInFirst(`${deps.config.publicUrl}${request.url}`);
    // Its preview, for anyone else, then differs by the request's kind: a shared cache must keep them apart.
    const vary = signIn?.previewForOthers ? `${PAGE_VARY}, Sec-Fetch-Dest` : PAGE_VARY;
    let openToVisitors = false;
    // Whether this anonymous page may hold a free article's whole text: opened to visitors, or not known.
    let mayHoldOpenText = false;
    try {
      openToVisitors = signIn?.article !== undefined && (await visitorsMayOpen(request.url, signIn.article));
      mayHoldOpenText = openToVisitors;
    } catch (error) {
      // The settings or the article cannot be read: SPEC's rule, the login, which needs neither.
      if (!isDatabaseUnavailable(error)) throw error;
      mayHoldOpenText = true;
    }
    if (signIn && !openToVisitors && (!signIn.previewForOthers || isBrowserNavigation(request.headers))) {
      return reply.header('vary', vary).header('cache-control', PRIVATE_CACHE_CONTROL).redirect(signIn.location, 302);
    }
    let page: RenderedPage;
    let audience: Audience | undefined;
    try {
      const sameSite = isSameSitePage(request.headers);
      audience = viewer ? await audienceOf(request.url, viewer, sameSite) : undefined;
      if (viewer && audience) {
        const key = `page:${request.url}:${audience.key}`;
        page = await deps.cache.remember('catalogue', key, PAGE_TTL_MS, () =>
          render(request.url, viewer, sameSite, audience),
        );
      } else if (viewer) page = await render(request.url, viewer, sameSite);
      else
        page = await deps.cache.remember('catalogue', `page:${request.url}`, PAGE_TTL_MS, () =>
          render(request.url, null),
        );
    } catch (error) {
      if (error instanceof PageDataUnavailable || isDatabaseUnavailable(error)) {
        // A signed-in reader's page is their own: no copy rendered for anyone else stands in for it.
        const kept = viewer ? undefined : lastGood.get(request.url);
        return kept ? sendHtml(request, reply, kept, 'no-store', vary) : sendUnavailable(reply);
      }
      // A page that cannot be rendered here still works: the browser renders it from the API.
      request.log.error({ err: error }, 'page rendering failed; serving the client-rendered page');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withTheme(shell.template, themeOf(request)));
    }

    if (page.location) {
      return (
        reply
          .code(page.status)
          .header('vary', 'Cookie')
          .header('cache-control', PRIVATE_CACHE_CONTROL)
          // A page that moved for good (a renamed tag's old address) is a 301; the rest are the moment's 302.
          .redirect(page.location, page.status === 301 ? 301 : 302)
      );
    }
    if (viewer && page.shared && page.etag)
      return sendShared(request, reply, { status: page.status, shared: page.shared, etag: page.etag }, viewer);
    const html = page.html ?? '';
    // A free article's whole text opened to visitors is never kept for an outage, nor served stale by an edge
    // after an error: the admin may have closed it since (the setting, or the article kept for signed-in
    // readers), and during an outage the server cannot tell (decision 066).
    if (!viewer && page.etag && !mayHoldOpenText)
      lastGood.keep(request.url, { status: page.status, html, etag: page.etag });
    const publicCacheControl = mayHoldOpenText ? OPEN_ARTICLE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
    return sendHtml(
      request,
      reply,
      { status: page.status, html, etag: page.etag },
      viewer ? PRIVATE_CACHE_CONTROL : publicCacheControl,
      vary,
    );
  };
}
