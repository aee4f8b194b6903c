import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for the built web app (`dist/index.html` and `dist-ssr/entry-server.js`, which the tests do
 * not build) that reads its data as the real one does (decision 050): a loader's failed read leaves its list
 * empty and the page still renders (apps/web/src/lib/prefetch.ts), so an answer the database could not give
 * shows as an empty page. It renders `/` (trending, publishers, statistics), `/articles?search=` and `/articles/{id}`.
 */
const STUB_RENDERER = `
export const PAGE_STATE_ELEMENT_ID = 'page-state';
const prefetch = (read, empty) => read().catch(() => empty);
export function signInFirst(url) {
  const target = new URL(url);
  const article = /^\\/articles\\/([^/]+)$/.exec(target.pathname)?.[1];
  if (!article) return undefined;
  return { location: '/login?redirect=' + encodeURIComponent(target.pathname + target.search), previewForOthers: true, article };
}
const items = (list) => list.map((item) => '<li>' + (item.title ?? item.name) + '</li>').join('');
export async function renderPage({ url, reads, viewer }) {
  const target = new URL(url);
  if (target.pathname === '/') {
    const [trending, publishers, stats] = await Promise.all([
      prefetch(reads.trendingArticles, []),
      prefetch(reads.publishers, []),
      prefetch(reads.userStats, { totalUsers: 0 }),
    ]);
    const body = '<ol>' + items(trending) + '</ol><ul>' + items(publishers) + '</ul><p>' + stats.totalUsers + ' readers</p>';
    return { kind: 'page', status: 200, head: '<title>Home</title>', body, state: { trending } };
  }
  if (target.pathname === '/articles') {
    const page = await prefetch(() => reads.approvedArticles(Object.fromEntries(target.searchParams)), { articles: [] });
    return { kind: 'page', status: 200, head: '<title>Articles</title>', body: '<ol>' + items(page.articles) + '</ol>', state: null };
  }
  const id = /^\\/articles\\/([^/]+)$/.exec(target.pathname)?.[1];
  if (id) {
    const article = await prefetch(() => reads.articlePreview(id), null);
    // What a visitor may read when the site opens free articles to anyone: the text, or a premium article's teaser.
    const read = viewer ? null : await prefetch(() => reads.article(id), null);
    const text = read ? '<p>' + (read.access ? read.article.description : read.article.excerpt) + '</p>' : '';
    const body = (article ? '<h1>' + article.title + '</h1>' : '<h1></h1>') + text;
    return { kind: 'page', status: 200, head: '<title>Article</title>', body, state: null };
  }
  return { kind: 'page', status: 404, head: '', body: 'Not found', state: null };
}
`;

/** A renderer that says nothing of access: no page sends anyone to /login first. */
const NO_ACCESS_RULES = '\nexport function signInFirst() { return undefined; }\n';

/** For a stand-in renderer: its article pages may be shared by a signed-in reader's audience (decision 047). */
export const ARTICLE_PAGES_SHARED = `
export const PAGE_VIEWER_ELEMENT_ID = 'page-viewer';
export function pageAudience(url) {
  const match = /^\\/articles\\/([^/]+)$/.exec(new URL(url).pathname);
  return match ? { kind: 'article', id: match[1] } : undefined;
}
`;

/** A renderer whose pages are each reader's own: none is shared by an audience (decision 047). */
const NO_SHARED_PAGES =
  "\nexport const PAGE_VIEWER_ELEMENT_ID = 'page-viewer';\nexport function pageAudience() { return undefined; }\n";

/**
 * Writes a stand-in web app under `root`, with `renderer` as its server bundle (by default the one above,
 * whose article pages are behind a login with a preview, like the app's); answers the `webDir` to build the
 * app with.
 */
export function writeStubWebApp(root: string, renderer = STUB_RENDERER): string {
  const webDir = path.join(root, 'dist');
  mkdirSync(webDir, { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>SPA shell</title></head><body><div id="root"></div></body></html>',
  );
  const rules =
    (renderer.includes('export function signInFirst') ? '' : NO_ACCESS_RULES) +
    (renderer.includes('export function pageAudience') ? '' : NO_SHARED_PAGES);
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), renderer + rules);
  return webDir;
}
