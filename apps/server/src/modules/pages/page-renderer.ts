import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArticleDetail, PageReads, RoleRecord, Theme, User } from '@dispatch/shared';

/** The server bundle of the web app (apps/web/src/entry-server.tsx), as this process uses it. */
export interface WebRenderer {
  renderPage(request: {
    url: string;
    viewer: { tokenTag: string; user: User; role: RoleRecord } | null;
    /** Render for everyone who shares the viewer's view of the page, from these answers (decision 047). */
    audience?: { role: RoleRecord; article?: { id: string; detail: ArticleDetail } };
    /** What the page's loaders read, for the viewer. */
    reads: PageReads;
    /** The server's clock (TEST_CLOCK moves it): premium and redirects are decided at this moment. */
    now?: number;
    signal?: AbortSignal;
  }): Promise<
    | { kind: 'redirect'; status: 301 | 302; location: string }
    | { kind: 'page'; status: number; head: string; body: string; state: unknown }
  >;
  /**
   * For a visitor without a session: where the page's access rule sends them first, if anywhere; `article`: the id
   * of the article the page is, which the site's setting may open to visitors (docs/product.md#who-reads-what).
   */
  signInFirst(url: string): { location: string; previewForOthers: boolean; article?: string } | undefined;
  /** The page a signed-in reader may be served from a page shared by their audience, if it is one. */
  pageAudience(url: string): { kind: 'article'; id: string } | undefined;
  PAGE_STATE_ELEMENT_ID: string;
  /** The element of a shared page that holds its reader's own part: who they are. */
  PAGE_VIEWER_ELEMENT_ID: string;
}

export interface PageShell {
  renderer: WebRenderer;
  /** The built index.html: its asset links around the rendered page. */
  template: string;
}

/** The web app's server bundle beside its client build (`dist-ssr/` next to `dist/`), when it was built. */
export async function loadPageShell(webDir: string): Promise<PageShell | undefined> {
  const entry = path.resolve(webDir, '../dist-ssr/entry-server.js');
  const indexHtml = path.join(webDir, 'index.html');
  if (!existsSync(entry) || !existsSync(indexHtml)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  return { renderer, template: inlineStylesheets(readFileSync(indexHtml, 'utf8'), webDir) };
}

/**
 * The stylesheet (about 9 kB gzip) goes inside the page: the first paint then needs the HTML alone,
 * not one more round trip, which is most of a phone's wait on a slow network. The CSP allows inline
 * styles; scripts stay files.
 */
function inlineStylesheets(template: string, webDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g, (tag, file: string) => {
    const css = path.join(webDir, file);
    return existsSync(css) ? `<style>${readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>` : tag;
  });
}

/** JSON inside <script type="application/json">: no `<` may end the element early. */
export const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The built index.html cut where a rendered page goes in: before `</head>`, before the root, and after it. */
type ShellParts = readonly [head: string, beforeRoot: string, afterRoot: string];

const EMPTY_ROOT = '<div id="root"></div>';
/** Per template, and per which of its generic title and description a page's own head replaces. */
const shellParts = new Map<string, Map<string, ShellParts>>();

function partsOf(template: string, ownTitle: boolean, ownDescription: boolean): ShellParts {
  const variant = `${ownTitle}:${ownDescription}`;
  let variants = shellParts.get(template);
  if (!variants) shellParts.set(template, (variants = new Map()));
  let parts = variants.get(variant);
  if (!parts) {
    let html = template;
    if (ownTitle) html = html.replace(/<title>[^<]*<\/title>/, '');
    if (ownDescription) html = html.replace(/<meta name="description"[^>]*>/, '');
    const headEnd = html.indexOf('</head>');
    const root = html.indexOf(EMPTY_ROOT);
    parts = [html.slice(0, headEnd), html.slice(headEnd, root), html.slice(root + EMPTY_ROOT.length)];
    variants.set(variant, parts);
  }
  return parts;
}

/**
 * The rendered page inside the built index.html, as the pieces it is sent in: its head tags replace the generic
 * title and description. The template is cut once (`partsOf`), not searched again for every page. A shared page
 * is encoded from its pieces (`utf8Of` in compressed-html.ts): joined, the page would be one string of twice its length in bytes (the
 * rendered text is two-byte), copied whole into the heap's large-object space on every render.
 */
export function pageParts(
  template: string,
  page: { head: string; body: string; state: unknown },
  stateElementId: string,
): string[] {
  const [head, beforeRoot, afterRoot] = partsOf(
    template,
    page.head.includes('<title>'),
    page.head.includes('name="description"'),
  );
  return [
    head,
    page.head,
    beforeRoot,
    '<div id="root">',
    page.body,
    `</div><script type="application/json" id="${stateElementId}">`,
    jsonForHtml(page.state),
    '</script>',
    afterRoot,
  ];
}

/** The rendered page inside the built index.html (`pageParts`), as one string. */
export function assembleHtml(
  template: string,
  page: { head: string; body: string; state: unknown },
  stateElementId: string,
): string {
  return pageParts(template, page, stateElementId).join('');
}

/** The reader's chosen theme on the page's root element, so its first paint is in that theme. */
export function withTheme(html: string, theme: Theme | undefined): string {
  return theme ? html.replace(/<html\b/, `<html data-theme="${theme}"`) : html;
}

/** A text written into HTML as text: the five characters that could end it, as character references. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A short notice inside the built index.html, for an answer the server gives without rendering the page (a
 * limit reached): the words are there without scripts, and the app, once loaded, renders the page in its place.
 */
export function noticePage(template: string, notice: { title: string; message: string }): string {
  const title = escapeHtml(notice.title);
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root"><main class="container-page py-10"><h1>${title}</h1><p role="alert">${escapeHtml(notice.message)}</p></main></div>`,
    );
}
