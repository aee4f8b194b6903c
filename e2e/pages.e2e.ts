// The server-rendered pages, read as a crawler or a chat app's link preview reads them: plain HTTP, no
// script run. Runs without Chromium too (e2e/run.js).
import {
  DEFAULT_PLAN_ID,
  findPlan,
  formatPrice,
  LIMITS,
  planNote,
  SEED_PLANS,
  REVENUE_TEXT,
  TAGS,
  TEXT,
  THEME_COOKIE,
  type Publisher,
} from '@dispatch/shared';
import robotsParser from 'robots-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, pngFile } from './support/actions.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
const READER = { email: 'reader@example.com', password: 'Reader#2026' };
const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Premium#2026' };
/**
 * Words only the paywalled part of a premium article holds, past its excerpt: plain ASCII, so no HTML
 * escaping, JSON escaping or paragraph split can hide them from a `toContain`.
 */
const MARKER = 'zeppelinsecret';
const SEARCH_WORD = 'quasarvault';
const SECRET_BODY = [
  "An opening paragraph that anyone may read: it is the article's excerpt and what a shared link previews.",
  `The reader's paid paragraph names the ${MARKER} beside the ${SEARCH_WORD}, well past the excerpt.`,
  `A last paragraph, also paid for, says ${MARKER} once more.`,
].join('\n\n');

interface Card {
  _id: string;
  title: string;
  isPremium: boolean;
  excerpt: string;
}

interface Preview extends Card {
  image: string;
  publisher: string;
  tags: string[];
  author_name: string;
  createdAt: string;
  publishedAt: string;
  updatedAt: string;
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

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const body = (html: string) => html.slice(html.indexOf('<body'));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** The text an HTML fragment stands for: entities decoded, as a browser reads them. */
const decode = (html: string) =>
  html.replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (entity, hex?: string, decimal?: string, name?: string) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (decimal) return String.fromCodePoint(Number(decimal));
    return ENTITIES[name!.toLowerCase()] ?? entity;
  });
/** What a person reads of an HTML fragment: no tags, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  decode(html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** Every value of a meta tag, decoded. */
const metaContents = (html: string, property: string) =>
  [...head(html).matchAll(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`, 'g'))].map((match) =>
    decode(match[1]!),
  );
const metaContent = (html: string, property: string) => metaContents(html, property)[0];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(head(html))?.[1];

/** The text of the first heading of that level. */
const heading = (html: string, level: 'h1' | 'h2') =>
  new RegExp(`<${level}\\b[^>]*>([\\s\\S]*?)</${level}>`).exec(html)?.[1] ?? '';

/** The form control a visible label names (its `for`), or undefined. */
function labelledControl(html: string, label: string): string | undefined {
  for (const match of html.matchAll(/<label\b[^>]*\bfor="([^"]+)"[^>]*>([\s\S]*?)<\/label>/g)) {
    if (textOf(match[2]!) !== label) continue;
    const id = match[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  }
  return undefined;
}

/** The elements of the body whose class list holds this class. */
const elementsWithClass = (html: string, className: string) =>
  [...body(html).matchAll(/<[a-z][\w-]*\b[^>]*\sclass="([^"]*)"/g)].filter((match) =>
    match[1]!.split(/\s+/).includes(className),
  );

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const pageState = (html: string) =>
  /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1];
/** How React writes a text into HTML. */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#x27;');

/**
 * An article by the holder of `authorToken` (by default the editor's own: editors are not held to the one-article
 * rule), approved by the editor; premium when asked.
 */
async function publishArticle(
  token: string,
  fields: { title: string; description: string; premium: boolean },
  authorToken = token,
) {
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  const png = await pngFile('story.png');
  form.append('image', new Blob([new Uint8Array(png.buffer)], { type: 'image/png' }), 'story.png');
  const { url: image } = (await (
    await fetch(`${baseUrl}/api/uploads`, { method: 'POST', headers: auth, body: form })
  ).json()) as { url: string };
  const publisher = ((await (await fetch(`${baseUrl}/api/publishers`)).json()) as { name: string }[])[0]!.name;
  const created = await fetch(`${baseUrl}/api/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${authorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: fields.title,
      image,
      publisher,
      tags: ['Politics', 'Health'],
      description: fields.description,
    }),
  });
  expect(created.status).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };
  const approved = await fetch(`${baseUrl}/api/articles/approve/${insertedId}`, { method: 'PATCH', headers: auth });
  expect(approved.status).toBe(200);
  if (fields.premium) {
    const premium = await fetch(`${baseUrl}/api/articles/premium/${insertedId}`, { method: 'PATCH', headers: auth });
    expect(premium.status).toBe(200);
  }
  return insertedId;
}

const articlePreview = async (id: string) =>
  (await (await fetch(`${baseUrl}/api/articles/${id}/preview`)).json()) as Preview;

describe('server-rendered pages, before any script runs', () => {
  let cards: Card[];
  let free: Card;
  let premium: Card;
  /** A premium article of this run whose paid part holds MARKER. */
  let secret: Preview;
  let editor: { token: string };

  beforeAll(async () => {
    cards = ((await (await fetch(`${baseUrl}/api/articles/approved?limit=50`)).json()) as { articles: Card[] })
      .articles;
    free = cards.find((card) => !card.isPremium)!;
    premium = cards.find((card) => card.isPremium)!;
    editor = await login(ADMIN);
    secret = await articlePreview(
      await publishArticle(editor.token, { title: "The Zeppelin's Ledger", description: SECRET_BODY, premium: true }),
    );
    expect(secret).toMatchObject({ isPremium: true });
    expect(secret.excerpt).not.toContain(MARKER);
  });

  afterAll(async () => {
    // Other journeys count the seeded articles.
    const deleted = await fetch(`${baseUrl}/api/articles/${secret._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(deleted.status).toBe(200);
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

  it('an article link previews for anyone: title, excerpt, canonical URL, author, section, tags, NewsArticle; never the text', async () => {
    const preview = await articlePreview(free._id);
    const response = await page(`/articles/${free._id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const url = `${baseUrl}/articles/${free._id}`;
    expect(metaContent(html, 'og:title')).toBe(free.title);
    expect(metaContent(html, 'twitter:title')).toBe(free.title);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'description')).toBe(preview.excerpt);
    expect(metaContent(html, 'og:description')).toBe(preview.excerpt);
    expect(metaContent(html, 'twitter:description')).toBe(preview.excerpt);
    expect(canonical(html)).toBe(url);
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'article:author')).toBe(preview.author_name);
    expect(metaContent(html, 'article:section')).toBe(preview.publisher);
    expect(metaContents(html, 'article:tag')).toEqual(preview.tags);
    // Published when approved (docs/product.md#published-time), not when submitted.
    expect(metaContent(html, 'article:published_time')).toBe(preview.publishedAt);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const [article] = jsonLd(html);
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: free.title,
      description: preview.excerpt,
      author: [{ '@type': 'Person', name: preview.author_name }],
      publisher: { '@type': 'Organization', name: preview.publisher },
      keywords: preview.tags,
      mainEntityOfPage: url,
      datePublished: preview.publishedAt,
    });
    expect(article).toHaveProperty('dateModified');
    expect(article).not.toHaveProperty('isAccessibleForFree');
    expect(article).not.toHaveProperty('hasPart');
  });

  it("the canonical URL is the page's own address: a list's page and filters, nothing else a link carried", async () => {
    const clean: [string, string][] = [
      [`/articles/${free._id}?utm_source=newsletter&gift=abc`, `/articles/${free._id}`],
      ['/articles?utm_source=newsletter&page=2&fbclid=x', '/articles?page=2'],
      ['/articles?page=1&search=harbour&ref=elsewhere', '/articles?search=harbour'],
      ['/tags/technology?page=1&utm_campaign=spring', '/tags/technology'],
      ['/corrections?utm_medium=mail', '/corrections'],
      ['/?utm_source=x', '/'],
    ];
    for (const [path, own] of clean) {
      const html = await (await page(path)).text();
      expect(canonical(html), path).toBe(`${baseUrl}${own}`);
      expect(metaContent(html, 'og:url'), path).toBe(`${baseUrl}${own}`);
    }
  });

  it("a preview's image is the upload's 1280 px rendering, absolute, and says no size it does not have", async () => {
    // Any article (another journey may have added the newest, with a small upload) and one of this run (a
    // 160 × 120 upload): the store never enlarges, so the rendering is 1280 px wide or the upload's width.
    for (const id of [free._id, secret._id]) {
      const html = await (await page(`/articles/${id}`)).text();
      const image = metaContent(html, 'og:image')!;
      expect(image, id).toMatch(new RegExp(`^${baseUrl}/api/uploads/[a-f0-9]{64}-1280\\.webp$`));
      expect(metaContent(html, 'twitter:image'), id).toBe(image);
      // X's crawler (and Facebook's, LinkedIn's) obey robots.txt for a card's image: it must be allowed there.
      const robots = robotsParser(`${baseUrl}/robots.txt`, await (await page('/robots.txt')).text());
      for (const crawler of ['Twitterbot', 'facebookexternalhit', 'LinkedInBot', 'Googlebot']) {
        expect(robots.isAllowed(image, crawler), `${crawler} may fetch ${image}`).toBe(true);
        expect(robots.isAllowed(`${baseUrl}/articles/${id}`, crawler), `${crawler} may read the page`).toBe(true);
        expect(robots.isAllowed(`${baseUrl}/api/articles/${id}`, crawler), `${crawler} keeps out of the API`).toBe(
          false,
        );
      }
      const preview = await articlePreview(id);
      expect(image, id).toBe(`${baseUrl}${preview.image.replace(/\.webp$/, '-1280.webp')}`);
      const file = await fetch(image);
      expect(file.status, image).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      const { width, height } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      const original = await sharp(
        Buffer.from(await (await fetch(`${baseUrl}${preview.image}`)).arrayBuffer()),
      ).metadata();
      expect(width, image).toBe(Math.min(1280, original.width));
      if (id === secret._id) expect(width).toBe(160);
      // Open Graph sizes are optional; one given must be the file's.
      for (const [property, actual] of [
        ['og:image:width', width],
        ['og:image:height', height],
      ] as const) {
        const stated = metaContent(html, property);
        if (stated !== undefined) expect(Number(stated), `${id} ${property}`).toBe(actual);
      }
    }
  });

  it('a premium article previews the same, is marked paywalled, and the paywalled part is in the HTML for every viewer', async () => {
    const reader = await login(READER);
    const subscriber = await login(SUBSCRIBER);
    const url = `${baseUrl}/articles/${secret._id}`;
    for (const [who, cookie] of [
      ['anonymous', undefined],
      ['a reader without premium', reader.cookie],
      ['a subscriber', subscriber.cookie],
    ] as const) {
      const html = await (await page(`/articles/${secret._id}`, cookie)).text();
      expect(metaContent(html, 'og:title'), who).toBe(secret.title);
      expect(metaContent(html, 'description'), who).toBe(secret.excerpt);
      expect(metaContent(html, 'og:description'), who).toBe(secret.excerpt);
      expect(canonical(html), who).toBe(url);
      expect(metaContent(html, 'article:author'), who).toBe(secret.author_name);
      expect(metaContent(html, 'article:section'), who).toBe(secret.publisher);
      expect(metaContents(html, 'article:tag'), who).toEqual(secret.tags);
      const [article] = jsonLd(html);
      expect(article, who).toMatchObject({
        '@type': 'NewsArticle',
        headline: secret.title,
        isAccessibleForFree: false,
        hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywalled' },
      });
      // Search engines look for the part the selector names in this very HTML.
      const selector = (article!.hasPart as { cssSelector: string }).cssSelector;
      expect(selector, who).toMatch(/^\.[\w-]+$/);
      expect(elementsWithClass(html, selector.slice(1)), who).toHaveLength(1);
    }
    // The seeded premium article too.
    const seeded = await (await page(`/articles/${premium._id}`)).text();
    expect(jsonLd(seeded)[0]).toMatchObject({ isAccessibleForFree: false });
    expect(elementsWithClass(seeded, 'paywalled')).toHaveLength(1);
  });

  it("a premium article's paid part is in no HTML, hydration data, feed or sitemap for anyone without premium", async () => {
    const reader = await login(READER);
    const subscriber = await login(SUBSCRIBER);
    const articlePath = `/articles/${secret._id}`;
    for (const [who, cookie] of [
      ['anonymous', undefined],
      ['a reader without premium', reader.cookie],
    ] as const) {
      const response = await page(articlePath, cookie);
      expect(response.status, who).toBe(200);
      const html = await response.text();
      expect(html, who).not.toContain(MARKER);
      expect(pageState(html), who).toBeDefined();
      expect(pageState(html), who).not.toContain(MARKER);
      // It was this article's page: its title and excerpt are there.
      expect(metaContent(html, 'og:title'), who).toBe(secret.title);
      expect(textOf(body(html)), who).toContain(secret.excerpt);
      for (const path of [
        '/',
        '/articles',
        `/articles?search=${SEARCH_WORD}`,
        '/rss.xml',
        '/feed.atom',
        '/sitemap.xml',
        '/sitemaps/articles-1.xml',
        '/sitemaps/news.xml',
      ]) {
        const other = await (await page(path, cookie)).text();
        expect(other, `${who}: ${path}`).not.toContain(MARKER);
      }
    }
    const forReader = await (await page(articlePath, reader.cookie)).text();
    expect(textOf(forReader)).toContain(TEXT.detail.teaserTitle);
    // The feeds and sitemaps listed the article: the absence above is of its text, not of the article.
    for (const path of ['/rss.xml', '/feed.atom', '/sitemaps/articles-1.xml']) {
      expect(await (await page(path)).text(), path).toContain(`${baseUrl}${articlePath}`);
    }

    const forSubscriber = await (await page(articlePath, subscriber.cookie)).text();
    expect(textOf(body(forSubscriber))).toContain(`names the ${MARKER} beside the ${SEARCH_WORD}`);
    expect(pageState(forSubscriber)).toContain(MARKER);
    expect(textOf(forSubscriber)).not.toContain(TEXT.detail.teaserTitle);
  });

  it("a premium article's author without premium reads it in the HTML, without the gift panel's list it never shows", async () => {
    const account = await newAccount(baseUrl, 'Premium Author');
    const author = await login(account);
    const id = await publishArticle(
      editor.token,
      { title: 'An Author Reads Their Own Premium Piece', description: `${SECRET_BODY} By its author.`, premium: true },
      author.token,
    );
    try {
      const html = await (await page(`/articles/${id}`, author.cookie)).text();
      expect(textOf(body(html))).toContain('By its author.');
      // Gift links are made by readers with premium: the page shows this author no gift panel.
      expect(textOf(body(html))).not.toContain(REVENUE_TEXT.gifts.heading);
      expect(pageState(html)).not.toContain('"gift-links"');
    } finally {
      const deleted = await fetch(`${baseUrl}/api/articles/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${editor.token}` },
      });
      expect(deleted.status).toBe(200);
    }
  });

  it('a signed-in reader gets the signed-in navbar in the HTML, never cached for others', async () => {
    const reader = await login(READER);
    const response = await page('/', reader.cookie);
    const html = await response.text();
    expect(html).toContain(TEXT.nav.logout);
    expect(html).toContain(TEXT.nav.addArticle);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // Nothing stores it, so nothing revalidates it: no ETag, and no hash of the page on every render.
    expect(response.headers.get('etag')).toBeNull();
    const anonymous = await page('/');
    expect(await anonymous.text()).not.toContain(TEXT.nav.logout);
    expect(anonymous.headers.get('cache-control')).toMatch(/^public/);
    expect(anonymous.headers.get('vary')).toMatch(/Cookie/i);
  });

  it('answers statuses that mean something: 404, 403 and 302 to /login and back', async () => {
    expect((await page('/no-such-page')).status).toBe(404);
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

    // A signed-in reader at login or register goes on from the server, never off the site.
    const onwards: [string, string][] = [
      [`/login?redirect=${encodeURIComponent(`/articles/${premium._id}?gift=x`)}`, `/articles/${premium._id}?gift=x`],
      [`/register?redirect=${encodeURIComponent(`/articles/${premium._id}`)}`, `/articles/${premium._id}`],
      [`/login?redirect=${encodeURIComponent('//evil.example/x')}`, '/'],
      [`/register?redirect=${encodeURIComponent('https://evil.example/')}`, '/'],
    ];
    for (const [path, location] of onwards) {
      const onward = await page(path, reader.cookie);
      expect([onward.status, onward.headers.get('location')], path).toEqual([302, location]);
      expect(onward.headers.get('cache-control'), path).toBe('private, no-store');
    }
    expect((await page(onwards[0]![0])).status).toBe(200);
  });

  it('the 403 and 404 pages say what happened in their heading, with the way back', async () => {
    const forbidden = await page('/forbidden');
    expect(forbidden.status).toBe(403);
    const forbiddenHtml = await forbidden.text();
    expect(textOf(heading(forbiddenHtml, 'h1'))).toBe(TEXT.forbidden.message);
    expect(textOf(body(forbiddenHtml))).toContain(TEXT.forbidden.back);
    for (const path of ['/no-such-page', '/a/deeper/unknown?x=1']) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(textOf(heading(html, 'h1')), path).toBe(TEXT.notFound.message);
      expect(textOf(body(html)), path).toContain(TEXT.notFound.back);
    }
    const article = await page('/articles/00000000-0000-4000-8000-000000000000');
    expect(article.status).toBe(404);
    const articleHtml = await article.text();
    expect(textOf(heading(articleHtml, 'h1'))).toBe(TEXT.detail.notFound);
    expect(textOf(body(articleHtml))).toContain(TEXT.detail.backToArticles);
  });

  it('/subscription for a signed-in reader: the plans with their prices, the default plan described', async () => {
    const reader = await login(READER);
    const response = await page('/subscription', reader.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    const { currency } = (await (await fetch(`${baseUrl}/api/config`)).json()) as { currency: string };
    expect(textOf(heading(html, 'h1'))).toBe(TEXT.subscription.heading);
    expect(labelledControl(html, TEXT.subscriptionPage.duration)).toMatch(/^<select/);
    const options = [...html.matchAll(/<option\b[^>]*>([^<]*)<\/option>/g)];
    expect(options.map((option) => decode(option[1]!))).toEqual([
      TEXT.subscription.selectDuration,
      ...SEED_PLANS.map((plan) => `${plan.label} — ${formatPrice(plan.price, currency)}`),
    ]);
    const chosen = { ...findPlan(SEED_PLANS, DEFAULT_PLAN_ID)!, currency };
    const text = textOf(body(html));
    expect(text).toContain(chosen.name);
    expect(text).toContain(planNote(chosen));
    for (const feature of chosen.features) expect(text).toContain(feature);
    expect(text).toContain(TEXT.subscription.proceed);
  });

  it('/login and /register: every field has a visible label tied to its control', async () => {
    const loginHtml = await (await page('/login')).text();
    expect(textOf(heading(loginHtml, 'h1'))).toBe(TEXT.auth.loginTitle);
    expect(labelledControl(loginHtml, TEXT.auth.email)).toMatch(/type="email"/);
    expect(labelledControl(loginHtml, TEXT.auth.password)).toMatch(/type="password"/);
    expect(loginHtml).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${TEXT.auth.login}</button>`));

    const registerHtml = await (await page('/register')).text();
    expect(textOf(heading(registerHtml, 'h1'))).toBe(TEXT.auth.registerTitle);
    expect(labelledControl(registerHtml, TEXT.auth.name)).toMatch(/^<input/);
    expect(labelledControl(registerHtml, TEXT.auth.email)).toMatch(/type="email"/);
    expect(labelledControl(registerHtml, TEXT.auth.password)).toMatch(/type="password"/);
    expect(labelledControl(registerHtml, TEXT.auth.image)).toMatch(/type="file"/);
    expect(registerHtml).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${TEXT.auth.register}</button>`));
  });

  it('/premium-articles for a subscriber: the first page of premium articles, by title', async () => {
    const subscriber = await login(SUBSCRIBER);
    const response = await page('/premium-articles', subscriber.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(textOf(heading(html, 'h1'))).toBe(TEXT.articles.premiumHeading);
    const { articles } = (await (
      await fetch(`${baseUrl}/api/premium-articles?limit=${LIMITS.pageSize.premium}`, {
        headers: { authorization: `Bearer ${subscriber.token}` },
      })
    ).json()) as { articles: Card[] };
    expect(articles.length).toBeGreaterThan(1);
    const text = textOf(body(html));
    for (const article of articles) expect(text).toContain(article.title);
    expect(text).toContain(secret.title);
    expect(text).not.toContain(free.title);
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
    for (const feed of [rssText, atomText]) expect(feed).not.toContain(MARKER);

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

  it("a publisher's page: logo, name, its approved articles and feeds in the HTML, with its own head", async () => {
    const publishers = (await (await fetch(`${baseUrl}/api/publishers`)).json()) as Publisher[];
    const ledger = publishers.find((publisher) => publisher.name === 'The Morning Ledger')!;
    expect(ledger.slug).toBe('the-morning-ledger');
    const response = await page(`/publishers/${ledger.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const own = (
      (await (await fetch(`${baseUrl}/api/articles/approved?publisher=${encodeURIComponent(ledger.name)}`)).json()) as {
        articles: (Card & { publisher: string })[];
      }
    ).articles;
    expect(own.length).toBeGreaterThan(0);
    // What a reader sees comes before any script: the heading, the logo and every card of the first page.
    const beforeScripts = body(html).slice(0, body(html).indexOf('<script'));
    expect(textOf(beforeScripts)).toContain(`${TEXT.publisherPage.kicker} ${ledger.name}`);
    expect(beforeScripts).toContain(`src="${ledger.logo}"`);
    for (const card of own) expect(beforeScripts).toContain(asHtml(card.title));
    expect(textOf(beforeScripts)).toContain(`${TEXT.listing.showing} 1–${own.length} ${TEXT.listing.of} ${own.length}`);

    expect(head(html)).toContain(`<title>${ledger.name} · The Daily Dispatch</title>`);
    expect(metaContents(html, 'description')).toEqual([
      TEXT.publisherPage.description(ledger.name, 'The Daily Dispatch'),
    ]);
    expect(head(html)).toContain(`<link rel="canonical" href="${baseUrl}/publishers/${ledger.slug}"/>`);
    expect(metaContents(html, 'og:title')).toEqual([ledger.name]);
    expect(metaContents(html, 'og:image')).toEqual([`${baseUrl}${ledger.logo}`]);
    const feed = `/rss.xml?publisher=${ledger.name.replaceAll(' ', '+')}`;
    expect(head(html)).toContain(
      `type="application/rss+xml" title="The Daily Dispatch: ${ledger.name}" href="${feed}"`,
    );
    expect(beforeScripts).toContain(`href="${feed}"`);
    const rss = await page(feed);
    expect(rss.status).toBe(200);
    expect(await rss.text()).toContain(asHtml(own[0]!.title));
  });

  it("a tag's page: its approved articles, its head and feed; one address per tag", async () => {
    const tagged = (await (await fetch(`${baseUrl}/api/articles/approved?tag=Technology`)).json()) as {
      articles: Card[];
      total: number;
    };
    const html = await (await page('/tags/technology')).text();
    const beforeScripts = body(html).slice(0, body(html).indexOf('<script'));
    expect(textOf(beforeScripts)).toContain(`${TEXT.tagPage.kicker} Technology`);
    for (const card of tagged.articles) expect(beforeScripts).toContain(asHtml(card.title));
    expect(head(html)).toContain('<title>Technology · The Daily Dispatch</title>');
    expect(metaContents(html, 'description')).toEqual([TEXT.tagPage.description('Technology', 'The Daily Dispatch')]);
    expect(head(html)).toContain(`<link rel="canonical" href="${baseUrl}/tags/technology"/>`);
    expect(head(html)).toContain(
      'type="application/atom+xml" title="The Daily Dispatch: Technology" href="/feed.atom?tag=Technology"',
    );
  });

  it('an unknown publisher or tag is a 404 page that says so', async () => {
    for (const [path, message] of [
      ['/publishers/no-such-paper', TEXT.publisherPage.notFound],
      ['/tags/weather', TEXT.tagPage.notFound],
      ['/tags/Technology', TEXT.tagPage.notFound],
    ] as const) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(textOf(body(html))).toContain(message);
      expect(metaContents(html, 'robots')).toEqual(['noindex']);
    }
  });

  it('the pages sitemap lists every tag and every publisher', async () => {
    const sitemap = await (await page('/sitemaps/pages.xml')).text();
    const publishers = (await (await fetch(`${baseUrl}/api/publishers`)).json()) as Publisher[];
    for (const tag of TAGS) expect(sitemap).toContain(`<loc>${baseUrl}/tags/${tag.toLowerCase()}</loc>`);
    for (const publisher of publishers) expect(sitemap).toContain(`<loc>${baseUrl}/publishers/${publisher.slug}</loc>`);
  });

  it("a reader's chosen theme is on the page's root element, with its own ETag", async () => {
    const plain = await page('/articles');
    const plainHtml = await plain.text();
    expect(plainHtml).toMatch(/<html lang="en">/);
    const dark = await page('/articles', `${THEME_COOKIE}=dark`);
    const darkHtml = await dark.text();
    expect(darkHtml).toMatch(/<html data-theme="dark" lang="en">/);
    expect(dark.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(
      (await page('/articles', `${THEME_COOKIE}=dark`, { 'if-none-match': plain.headers.get('etag')! })).status,
    ).toBe(200);
    expect(
      (await page('/articles', `${THEME_COOKIE}=dark`, { 'if-none-match': dark.headers.get('etag')! })).status,
    ).toBe(304);
    expect(await (await page('/articles', `${THEME_COOKIE}=light`)).text()).toMatch(
      /<html data-theme="light" lang="en">/,
    );
    // Anything else is no theme: the page follows the system's setting.
    expect(await (await page('/articles', `${THEME_COOKIE}="><script>`)).text()).toMatch(/<html lang="en">/);
  });

  it('an anonymous page carries an ETag and answers 304 to it', async () => {
    const first = await page('/articles');
    await first.text();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page('/articles', undefined, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('a page is sent compressed when the client accepts it, each encoding with its own ETag', async () => {
    const plain = await page('/articles', undefined, { 'accept-encoding': 'identity' });
    const plainHtml = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const compressed = await page('/articles', undefined, { 'accept-encoding': encoding });
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
      // fetch decompresses: the reader gets the very page, in a fraction of the bytes.
      expect(await compressed.text()).toBe(plainHtml);
      const etag = compressed.headers.get('etag');
      expect(etag).toBe(plain.headers.get('etag')!.replace(/"$/, `-${encoding}"`));
      const again = await page('/articles', undefined, { 'accept-encoding': encoding, 'if-none-match': etag! });
      expect(again.status).toBe(304);
    }
    const raw = await import('node:http').then(
      ({ get }) =>
        new Promise<number>((resolve, reject) =>
          get(`${baseUrl}/articles`, { headers: { 'accept-encoding': 'br' } }, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length)).on('end', () => resolve(bytes));
          }).on('error', reject),
        ),
    );
    expect(raw).toBeLessThan(plainHtml.length / 3);
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
