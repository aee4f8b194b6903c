// The server-rendered pages, read as a crawler or a chat app's link preview reads them: plain HTTP, no
// script run. Runs without Chromium too (e2e/run.js).
import { TEXT } from '@dispatch/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { pngFile } from './support/actions.js';
import { ADMIN } from './support/server.js';

const baseUrl = inject('baseUrl');
const READER = { email: 'reader@example.com', password: 'Reader#2026' };
const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Premium#2026' };

interface Card {
  _id: string;
  title: string;
  isPremium: boolean;
  excerpt: string;
}

async function login(account: { email: string; password: string }) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('dispatch_page='));
  expect(cookie, 'login sets the page cookie').toBeDefined();
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
  const { token } = (await response.json()) as { token: string };
  return { token, cookie: cookie!.split(';')[0]! };
}

const page = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { ...headers, ...(cookie && { cookie }) } });

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const pageState = (html: string) =>
  /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1];
/** How React writes a text into HTML. */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#x27;');
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('server-rendered pages, before any script runs', () => {
  let cards: Card[];
  let free: Card;
  let premium: Card;
  let premiumBody: string;

  beforeAll(async () => {
    cards = ((await (await fetch(`${baseUrl}/api/articles/approved?limit=50`)).json()) as { articles: Card[] })
      .articles;
    free = cards.find((card) => !card.isPremium)!;
    premium = cards.find((card) => card.isPremium)!;
    const { token } = await login(SUBSCRIBER);
    const detail = (await (
      await fetch(`${baseUrl}/api/articles/${premium._id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { article: { description: string } };
    // A sentence well past the excerpt: it must never reach a reader without premium.
    premiumBody = detail.article.description.slice(150, 230);
    expect(premiumBody.length).toBeGreaterThan(40);
  });

  it('home: the sections, trending articles, statistics and the site JSON-LD are in the HTML', async () => {
    const response = await page('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    for (const heading of [TEXT.home.trending, TEXT.home.publishers, TEXT.home.stats, TEXT.home.plans]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain(TEXT.home.totalUsers);
    const trending = (await (await fetch(`${baseUrl}/api/articles/trending`)).json()) as { title: string }[];
    expect(html).toContain(asHtml(trending[0]!.title));
    const types = jsonLd(html).flatMap((data) =>
      (data['@graph'] as { '@type': string }[]).map((node) => node['@type']),
    );
    expect(types).toEqual(['WebSite', 'Organization']);
    expect(head(html)).toContain(`<link rel="canonical" href="${baseUrl}/"/>`);
    expect(head(html)).toContain('type="application/rss+xml"');
    expect(head(html)).toContain('type="application/atom+xml"');
    expect(head(html).match(/<title>/g)).toHaveLength(1);
  });

  it('/articles: the page, filters and page number of the URL are rendered', async () => {
    const html = await (await page('/articles?page=2')).text();
    expect(html).toContain(TEXT.articles.heading);
    expect(html).toMatch(/13–24/);
    const secondPage = ((await (await fetch(`${baseUrl}/api/articles/approved?page=2`)).json()) as { articles: Card[] })
      .articles;
    expect(html).toContain(asHtml(secondPage[0]!.title));

    const word = free.title.split(' ').find((part) => part.length > 5)!;
    const searched = await (await page(`/articles?search=${encodeURIComponent(word)}`)).text();
    expect(searched).toContain(asHtml(free.title));
  });

  it('an article link previews for anyone: title, excerpt, absolute image, NewsArticle; never the text', async () => {
    const response = await page(`/articles/${free._id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(metaContent(html, 'og:title')).toBe(asHtml(free.title));
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${baseUrl}/api/uploads/[a-f0-9]{64}\\.webp$`));
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:url')).toBe(`${baseUrl}/articles/${free._id}`);
    const [article] = jsonLd(html);
    expect(article).toMatchObject({ '@type': 'NewsArticle', headline: free.title });
    expect(article).toHaveProperty('datePublished');
    expect(article).toHaveProperty('dateModified');
    expect(article).not.toHaveProperty('isAccessibleForFree');
  });

  it('a premium article says it is paywalled, and its text is in no HTML or hydration data for readers without premium', async () => {
    const anonymous = await (await page(`/articles/${premium._id}`)).text();
    expect(jsonLd(anonymous)[0]).toMatchObject({
      '@type': 'NewsArticle',
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywalled' },
    });
    const reader = await login(READER);
    const forReader = await (await page(`/articles/${premium._id}`, reader.cookie)).text();
    for (const html of [anonymous, forReader]) {
      expect(html).not.toContain(premiumBody);
      expect(pageState(html)).toBeDefined();
    }
    expect(forReader).toContain(TEXT.detail.teaserTitle);

    const subscriber = await login(SUBSCRIBER);
    const forSubscriber = await (await page(`/articles/${premium._id}`, subscriber.cookie)).text();
    expect(forSubscriber).toContain(premiumBody.slice(0, 30));
  });

  it('a signed-in reader gets the signed-in navbar in the HTML, never cached for others', async () => {
    const reader = await login(READER);
    const response = await page('/', reader.cookie);
    const html = await response.text();
    expect(html).toContain(TEXT.nav.logout);
    expect(html).toContain(TEXT.nav.addArticle);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const anonymous = await page('/');
    expect(await anonymous.text()).not.toContain(TEXT.nav.logout);
    expect(anonymous.headers.get('cache-control')).toMatch(/^public/);
    expect(anonymous.headers.get('vary')).toMatch(/Cookie/i);
  });

  it('answers statuses that mean something: 404, 403 and 302 to /login and back', async () => {
    expect((await page('/no-such-page')).status).toBe(404);
    expect(await (await page('/no-such-page')).text()).toContain(asHtml(TEXT.notFound.message));
    expect((await page('/articles/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await page('/articles/not-an-id')).status).toBe(404);
    expect((await page('/forbidden')).status).toBe(403);

    const profile = await page('/profile?tab=1');
    expect(profile.status).toBe(302);
    expect(profile.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/profile?tab=1')}`);

    const reader = await login(READER);
    const dashboard = await page('/dashboard', reader.cookie);
    expect([dashboard.status, dashboard.headers.get('location')]).toEqual([302, '/forbidden']);
    const premiumList = await page('/premium-articles', reader.cookie);
    expect([premiumList.status, premiumList.headers.get('location')]).toEqual([302, '/subscription']);
    expect((await page('/subscription', reader.cookie)).status).toBe(200);
  });

  it('forms in the HTML stay disabled until the page hydrates, and never submit their fields in a URL', async () => {
    for (const path of ['/login', '/register', '/articles']) {
      const html = await (await page(path)).text();
      const forms = html.match(/<form[^>]*>\s*<fieldset[^>]*>/g) ?? [];
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms) {
        expect(form, path).toMatch(/method="post"/);
        expect(form, path).toMatch(/<fieldset[^>]* disabled=""/);
      }
    }
  });

  it('feeds, sitemaps and robots.txt are answered by the server, with absolute links and no premium text', async () => {
    const home = head(await (await page('/')).text());
    expect(home).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]* href="\/rss\.xml"/);
    expect(home).toMatch(/<link rel="alternate" type="application\/atom\+xml"[^>]* href="\/feed\.atom"/);

    const rss = await page('/rss.xml');
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const atom = await page('/feed.atom');
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const [rssText, atomText] = [await rss.text(), await atom.text()];
    expect(rssText).toContain(`<link>${baseUrl}/articles/${free._id}</link>`);
    expect(atomText).toContain(`href="${baseUrl}/articles/${premium._id}"`);
    for (const feed of [rssText, atomText]) expect(feed).not.toContain(premiumBody);

    const index = await (await page('/sitemap.xml')).text();
    expect(index).toContain(`<loc>${baseUrl}/sitemaps/articles-1.xml</loc>`);
    const articles = await page('/sitemaps/articles-1.xml');
    expect(articles.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const articleUrls = await articles.text();
    for (const card of [free, premium]) expect(articleUrls).toContain(`<loc>${baseUrl}/articles/${card._id}</loc>`);
    expect(await (await page('/sitemaps/news.xml')).text()).toContain('xmlns:news=');

    const robots = await page('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const rules = await robots.text();
    expect(rules).toContain('Disallow: /api/');
    expect(rules).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  it('an anonymous page carries an ETag and answers 304 to it', async () => {
    const first = await page('/articles');
    await first.text();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page('/articles', undefined, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('an article taken down disappears from its page at once', async () => {
    // An editor writes it: editors are not held to the one-article rule.
    const admin = await login(ADMIN);
    const writer = admin;
    const form = new FormData();
    const png = await pngFile('story.png');
    form.append('image', new Blob([new Uint8Array(png.buffer)], { type: 'image/png' }), 'story.png');
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const { url: image } = (await (
      await fetch(`${baseUrl}/api/uploads`, { method: 'POST', headers: auth(writer.token), body: form })
    ).json()) as { url: string };
    const publisher = ((await (await fetch(`${baseUrl}/api/publishers`)).json()) as { name: string }[])[0]!.name;
    const created = await fetch(`${baseUrl}/api/articles`, {
      method: 'POST',
      headers: { ...auth(writer.token), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'A story soon taken down',
        image,
        publisher,
        tags: ['Politics'],
        description: 'Text.',
      }),
    });
    expect(created.status).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    expect((await page(`/articles/${insertedId}`)).status).toBe(404);
    await fetch(`${baseUrl}/api/articles/approve/${insertedId}`, { method: 'PATCH', headers: auth(admin.token) });
    expect((await page(`/articles/${insertedId}`)).status).toBe(200);
    expect(await (await page('/articles')).text()).toContain('A story soon taken down');

    const deleted = await fetch(`${baseUrl}/api/articles/${insertedId}`, {
      method: 'DELETE',
      headers: auth(admin.token),
    });
    expect(deleted.status).toBe(200);
    expect((await page(`/articles/${insertedId}`)).status).toBe(404);
    expect(await (await page('/articles')).text()).not.toContain('A story soon taken down');
  });

  it('logout clears the page cookie', async () => {
    const reader = await login(READER);
    const response = await fetch(`${baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().join('\n')).toMatch(
      /dispatch_page=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/,
    );
    // The ended session's cookie renders the anonymous page.
    expect(await (await page('/', reader.cookie)).text()).not.toContain(TEXT.nav.logout);
  });
});
