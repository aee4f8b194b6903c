import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { THEME_COOKIE, THEMES, type Theme } from '@dispatch/shared';
import {
  clearPageSession,
  CROSS_SITE_PAGE_HEADER,
  isSameSitePage,
  readCookie,
  readPageSession,
} from '../../plugins/page-session.js';
import { etagOf, PUBLIC_CACHE_CONTROL } from '../../plugins/public-document.js';
import { getSessionUser, resolvePageViewer } from '../auth/auth.service.js';
import { compressHtml, encodingFor, etagFor } from './compressed-html.js';
import { assembleHtml, withTheme, type PageShell } from './page-renderer.js';

/** Anonymous pages are cached with the catalogue; the home page's statistics may lag this much. */
const PAGE_TTL_MS = 30_000;
const PRIVATE_CACHE_CONTROL = 'private, no-store';

type RenderedPage = { status: number; location?: string; html?: string; etag?: string };

function themeOf(request: FastifyRequest): Theme | undefined {
  const value = readCookie(request.headers.cookie, THEME_COOKIE);
  return THEMES.find((theme) => theme === value);
}

/**
 * Server rendering of the SPA's pages (decision 014). The API answers the page's loaders in-process
 * (`inject`), with an API token for the page cookie's session when there is one (decision 041).
 */
export function createPageService(app: AppInstance, deps: AppDeps, shell: PageShell) {
  const requests = new AsyncLocalStorage<{ token: string; sameSite: boolean } | undefined>();

  shell.renderer.setApiTransport(async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const viewer = requests.getStore();
    if (viewer) headers.authorization = `Bearer ${viewer.token}`;
    if (viewer && !viewer.sameSite) headers[CROSS_SITE_PAGE_HEADER] = '1';
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' && { payload: init.body }),
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });

  async function render(
    url: string,
    viewer: { token: string; tokenTag: string; user: Awaited<ReturnType<typeof getSessionUser>> } | null,
    sameSite = true,
  ) {
    const result = await requests.run(viewer ? { token: viewer.token, sameSite } : undefined, () =>
      shell.renderer.renderPage({ url: `${deps.config.publicUrl}${url}`, viewer }),
    );
    if (result.kind === 'redirect') return { status: result.status, location: result.location } satisfies RenderedPage;
    const html = assembleHtml(shell.template, result, shell.renderer.PAGE_STATE_ELEMENT_ID);
    // A signed-in reader's page is sent `no-store`: no cache keeps it, so no ETag could revalidate it.
    return { status: result.status, html, etag: viewer ? undefined : etagOf(html) } satisfies RenderedPage;
  }

  async function viewerOf(request: FastifyRequest, reply: FastifyReply) {
    const credential = readPageSession(request);
    if (!credential) return null;
    const page = await resolvePageViewer(deps, credential);
    if (!page) {
      clearPageSession(reply, deps.config.publicUrl.startsWith('https://'));
      return null;
    }
    return { token: page.token, tokenTag: page.tokenTag, user: await getSessionUser(deps, page.viewer) };
  }

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const viewer = await viewerOf(request, reply);
    let page: RenderedPage;
    try {
      page = viewer
        ? await render(request.url, viewer, isSameSitePage(request.headers))
        : await deps.cache.remember('catalog', `page:${request.url}`, PAGE_TTL_MS, () => render(request.url, null));
    } catch (error) {
      // A page that cannot be rendered here still works: the browser renders it from the API.
      request.log.error({ err: error }, 'page rendering failed; serving the client-rendered page');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withTheme(shell.template, themeOf(request)));
    }

    if (page.location) {
      return reply
        .code(page.status)
        .header('vary', 'Cookie')
        .header('cache-control', PRIVATE_CACHE_CONTROL)
        .redirect(page.location, 302);
    }
    const encoding = encodingFor(request.headers['accept-encoding']);
    // The cached page is the same for every theme; the reader's is written in as it is sent.
    const theme = themeOf(request);
    const themedEtag = page.etag && theme ? page.etag.replace(/"$/, `-${theme}"`) : page.etag;
    const etag = themedEtag && etagFor(themedEtag, encoding);
    void reply
      .header('vary', 'Cookie, Accept-Encoding')
      .header('cache-control', viewer ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
    if (etag) void reply.header('etag', etag);
    if (etag && request.headers['if-none-match'] === etag) return reply.code(304).send();
    const html = withTheme(page.html ?? '', theme);
    if (!encoding || !html) return reply.code(page.status).type('text/html; charset=utf-8').send(html);
    // Anonymous pages are the same for everyone: their compressed bytes are kept per version (and theme).
    const body = await compressHtml(html, encoding, viewer ? undefined : etag);
    return reply.code(page.status).header('content-encoding', encoding).type('text/html; charset=utf-8').send(body);
  };
}
