import { FEED_MESSAGES, TAG_MESSAGES, TAGS } from '@dispatch/shared';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app-types.js';
import { PUBLIC_CACHE_CONTROL } from '../../plugins/public-document.js';
import { createResponseCache } from '../../plugins/response-cache.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext, openTwoInstances, type TwoInstances } from '../../test/test-app.js';
import { childOf, findAll, parseXml, textOf, type XmlElement } from '../../test/xml.js';
import { getArticleSitemap, getSitemapIndex } from './feeds.service.js';
import { element, xmlDocument } from './xml.js';

const SITE = 'https://news.example.com';
const PAYWALLED = 'THE PAYWALLED PART';

async function fetchXml(app: AppInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return { response, root: parseXml(response.body) };
}

const rssTitles = (root: XmlElement) => findAll(root, 'item').map((item) => textOf(item, 'title'));
const atomTitles = (root: XmlElement) => findAll(root, 'entry').map((entry) => textOf(entry, 'title'));
const locs = (root: XmlElement) => findAll(root, 'loc').map((loc) => loc.text);

describe('the XML writer', () => {
  it('escapes markup and drops the characters XML 1.0 forbids, so a stray one never breaks a feed', () => {
    const written = xmlDocument(element('title', { note: 'a "quoted" <b>' }, 'Tom & Jerry\u0001 <3 \uD800x'));
    const root = parseXml(written);
    expect(root.text).toBe('Tom & Jerry <3 x');
    expect(root.attributes.note).toBe('a "quoted" <b>');
    expect(() => parseXml('<a>Tom & Jerry</a>')).toThrow(/bare &/);
    expect(() => parseXml('<a><b></a></b>')).toThrow(/closes/);
    expect(() => parseXml('<a><x:b/></a>')).toThrow(/undeclared namespace/);
  });
});

describe('feeds, sitemaps and robots.txt', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let refs: { publisherId: string; authorId: string };
  let otherRefs: { publisherId: string; authorId: string };
  let free: Awaited<ReturnType<typeof insertArticle>>;
  let premium: Awaited<ReturnType<typeof insertArticle>>;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: `${SITE}/` } });
    const db = ctx.database.db;
    admin = await signedInUser(ctx.app, db, { role: 'admin' });
    const authorId = (await insertUser(db, { name: 'Ada Author' })).id;
    refs = { publisherId: (await insertPublisher(db, { name: 'Feed Herald' })).id, authorId };
    otherRefs = { publisherId: (await insertPublisher(db, { name: 'Other Gazette' })).id, authorId };
    const hourAgo = new Date(Date.now() - 3_600_000);
    free = await insertArticle(db, refs, {
      title: 'Budget & <Taxes> "explained"',
      tags: ['Health', 'Politics'],
      description: 'Free text. '.repeat(30),
      createdAt: hourAgo,
      updatedAt: new Date(hourAgo.getTime() + 60_000),
    });
    premium = await insertArticle(db, otherRefs, {
      title: 'Premium scoop',
      tags: ['Politics'],
      description: 'A first line that fits in the excerpt. '.repeat(3) + PAYWALLED + ' more text.'.repeat(10),
      isPremium: true,
    });
    await insertArticle(db, refs, { title: 'Still pending', status: 'pending' });
    await insertArticle(db, refs, { title: 'Was declined', status: 'declined' });
    await ctx.changed();
  });
  afterAll(() => ctx.close());

  it('RSS 2.0: well-formed, absolute links and images, author, publisher, dates, tags, approved only', async () => {
    const { response, root } = await fetchXml(ctx.app, '/rss.xml');
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(root.name).toBe('rss');
    expect(root.attributes.version).toBe('2.0');
    const channel = childOf(root, 'channel');
    expect(textOf(channel, 'title')).toBe('The Daily Dispatch');
    expect(textOf(channel, 'link')).toBe(`${SITE}/articles`);
    expect(childOf(channel, 'atom:link').attributes).toMatchObject({ href: `${SITE}/rss.xml`, rel: 'self' });
    expect(rssTitles(root)).toEqual(['Premium scoop', 'Budget & <Taxes> "explained"']);

    const item = findAll(root, 'item')[1]!;
    expect(textOf(item, 'link')).toBe(`${SITE}/articles/${free.id}`);
    expect(textOf(item, 'guid')).toBe(`urn:uuid:${free.id}`);
    expect(textOf(item, 'description')).toBe(`${'Free text. '.repeat(10).slice(0, 100)}...`);
    expect(new Date(textOf(item, 'pubDate')).getTime()).toBe(Math.floor(free.createdAt.getTime() / 1000) * 1000);
    expect(textOf(item, 'dc:creator')).toBe('Ada Author');
    expect(textOf(item, 'dc:publisher')).toBe('Feed Herald');
    expect(item.children.filter((child) => child.name === 'category').map((child) => child.text)).toEqual([
      'Health',
      'Politics',
    ]);
    expect(childOf(item, 'media:content').attributes).toMatchObject({
      url: `${SITE}/api/uploads/article.webp`,
      medium: 'image',
      type: 'image/webp',
    });
  });

  it('Atom: well-formed, with ids, links, enclosure, author, dates and categories', async () => {
    const { response, root } = await fetchXml(ctx.app, '/feed.atom');
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(root.name).toBe('feed');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(textOf(root, 'id')).toBe(`${SITE}/feed.atom`);
    expect(new Date(textOf(root, 'updated')).toISOString()).toBe(textOf(root, 'updated'));
    expect(atomTitles(root)).toEqual(['Premium scoop', 'Budget & <Taxes> "explained"']);

    const entry = findAll(root, 'entry')[1]!;
    expect(textOf(entry, 'id')).toBe(`urn:uuid:${free.id}`);
    const links = entry.children.filter((child) => child.name === 'link').map((link) => link.attributes);
    expect(links).toEqual([
      { rel: 'alternate', type: 'text/html', href: `${SITE}/articles/${free.id}` },
      { rel: 'enclosure', type: 'image/webp', href: `${SITE}/api/uploads/article.webp` },
    ]);
    expect(textOf(entry, 'published')).toBe(free.createdAt.toISOString());
    expect(textOf(entry, 'updated')).toBe(free.updatedAt.toISOString());
    expect(textOf(childOf(entry, 'author'), 'name')).toBe('Ada Author');
    expect(findAll(entry, 'category').map((category) => category.attributes.term)).toEqual(['Health', 'Politics']);
  });

  it("never carries a premium article's text: only the excerpt its public preview shows", async () => {
    for (const url of ['/rss.xml', '/feed.atom', '/rss.xml?tag=Politics', '/feed.atom?publisher=Other%20Gazette']) {
      const { response, root } = await fetchXml(ctx.app, url);
      expect(response.body, url).not.toContain(PAYWALLED);
      expect(response.body, url).toContain('Premium scoop');
      const summaries = [...findAll(root, 'description'), ...findAll(root, 'summary')].map((node) => node.text);
      expect(summaries, url).toContain(`${premium.description.slice(0, 100)}...`);
    }
  });

  it('filters by tag and by publisher (any letter case), and says so in the feed', async () => {
    expect(rssTitles((await fetchXml(ctx.app, '/rss.xml?tag=Health')).root)).toEqual(['Budget & <Taxes> "explained"']);
    const byPublisher = (await fetchXml(ctx.app, '/feed.atom?publisher=other%20GAZETTE')).root;
    expect(atomTitles(byPublisher)).toEqual(['Premium scoop']);
    expect(textOf(byPublisher, 'id')).toBe(`${SITE}/feed.atom?publisher=Other+Gazette`);
    const both = (await fetchXml(ctx.app, '/rss.xml?tag=Health&publisher=Other%20Gazette')).root;
    expect(rssTitles(both)).toEqual([]);
    expect(textOf(childOf(both, 'channel'), 'title')).toBe('The Daily Dispatch: Health · Other Gazette');
  });

  it('refuses an unknown tag or publisher with a 400 that says why', async () => {
    const tag = await ctx.app.inject({ method: 'GET', url: '/rss.xml?tag=Gossip' });
    expect(tag.statusCode).toBe(400);
    expect(tag.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { tag: [TAG_MESSAGES.unknownFilter(TAGS)] },
    });
    expect(tag.json<{ message: string }>().message).toContain('Politics, Sports, Technology, Entertainment, Health');
    const publisher = await ctx.app.inject({ method: 'GET', url: '/feed.atom?publisher=Nobody%20Times' });
    expect(publisher.statusCode).toBe(400);
    expect(publisher.json()).toMatchObject({ message: FEED_MESSAGES.unknownPublisher });
  });

  it('answers with the public Cache-Control, a strong ETag and 304 to it', async () => {
    for (const url of ['/rss.xml', '/feed.atom', '/sitemap.xml', '/sitemaps/articles-1.xml', '/robots.txt']) {
      const first = await ctx.app.inject({ method: 'GET', url });
      expect(first.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('the sitemap index points at the pages, news and article sitemaps, with absolute URLs', async () => {
    const { response, root } = await fetchXml(ctx.app, '/sitemap.xml');
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(root.name).toBe('sitemapindex');
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locs(root)).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/news.xml`,
      `${SITE}/sitemaps/articles-1.xml`,
    ]);
    const articlesPage = findAll(root, 'sitemap')[2]!;
    const newest = [free, premium].map((article) => article.updatedAt.getTime()).sort((a, b) => b - a)[0]!;
    expect(textOf(articlesPage, 'lastmod')).toBe(new Date(newest).toISOString());

    const pages = (await fetchXml(ctx.app, '/sitemaps/pages.xml')).root;
    expect(locs(pages)).toEqual([
      `${SITE}/`,
      `${SITE}/articles`,
      `${SITE}/corrections`,
      `${SITE}/login`,
      `${SITE}/register`,
      ...['politics', 'sports', 'technology', 'entertainment', 'health'].map((tag) => `${SITE}/tags/${tag}`),
      `${SITE}/publishers/feed-herald`,
      `${SITE}/publishers/other-gazette`,
      // Every author with a published article has a page (docs/product.md#author-pages).
      `${SITE}/authors/ada-author`,
    ]);
  });

  it('an article sitemap lists every approved article with its last change, and no other', async () => {
    const { root } = await fetchXml(ctx.app, '/sitemaps/articles-1.xml');
    expect(root.name).toBe('urlset');
    const entries = findAll(root, 'url').map((url) => [textOf(url, 'loc'), textOf(url, 'lastmod')]);
    expect(entries).toEqual([
      [`${SITE}/articles/${free.id}`, free.updatedAt.toISOString()],
      [`${SITE}/articles/${premium.id}`, premium.updatedAt.toISOString()],
    ]);
    for (const url of ['/sitemaps/articles-2.xml', '/sitemaps/articles-0.xml']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('pages the article sitemaps by key: every article once, oldest first, even with equal dates', async () => {
    const db = ctx.database.db;
    const sameMoment = new Date('2020-01-01T00:00:00.123Z');
    const twins = [];
    for (let index = 0; index < 5; index += 1) {
      twins.push(await insertArticle(db, refs, { title: `Twin ${index}`, createdAt: sameMoment }));
    }
    // Microseconds the JavaScript clock cannot hold: a page boundary must still fall between two rows.
    await ctx.database.db.execute(`update articles set created_at = created_at + interval '7 microseconds'
      where title = 'Twin 3'`);
    const deps = {
      db,
      cache: createResponseCache({ maxBytes: ctx.config.responseCacheMaxBytes }),
      clock: () => new Date(),
      config: ctx.config,
    };
    const index = parseXml((await getSitemapIndex(deps, 2)).body);
    const pageUrls = locs(index).filter((loc) => loc.includes('/articles-'));
    expect(pageUrls).toEqual([1, 2, 3, 4].map((page) => `${SITE}/sitemaps/articles-${page}.xml`));

    const listed: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const document = await getArticleSitemap(deps, page, 2);
      const urls = locs(parseXml(document!.body));
      expect(urls.length, `page ${page}`).toBe(page === 4 ? 1 : 2);
      listed.push(...urls);
    }
    expect(await getArticleSitemap(deps, 5, 2)).toBeUndefined();
    const expected = [...twins.map((twin) => twin.id)].sort();
    const twinsListed = listed.slice(0, 5).map((url) => url.split('/').pop()!);
    expect(new Set(twinsListed)).toEqual(new Set(expected));
    expect(listed.slice(5)).toEqual([`${SITE}/articles/${free.id}`, `${SITE}/articles/${premium.id}`]);
    expect(new Set(listed).size).toBe(listed.length);
    await ctx.database.db.execute(`delete from articles where title like 'Twin %'`);
    await ctx.changed();
  });

  it('the news sitemap holds the articles of the last 48 hours, with publication, date and title', async () => {
    await insertArticle(ctx.database.db, refs, {
      title: 'Old news',
      createdAt: new Date(Date.now() - 3 * 24 * 3_600_000),
    });
    await ctx.changed();
    const { root } = await fetchXml(ctx.app, '/sitemaps/news.xml');
    expect(root.attributes['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const news = findAll(root, 'url').map((url) => {
      const item = childOf(url, 'news:news');
      const publication = childOf(item, 'news:publication');
      return {
        loc: textOf(url, 'loc'),
        name: textOf(publication, 'news:name'),
        language: textOf(publication, 'news:language'),
        date: textOf(item, 'news:publication_date'),
        title: textOf(item, 'news:title'),
      };
    });
    expect(news).toEqual([
      {
        loc: `${SITE}/articles/${premium.id}`,
        name: 'The Daily Dispatch',
        language: 'en',
        date: premium.createdAt.toISOString(),
        title: 'Premium scoop',
      },
      expect.objectContaining({ loc: `${SITE}/articles/${free.id}`, title: 'Budget & <Taxes> "explained"' }),
    ]);
  });

  it('an article taken down leaves every feed and sitemap at once', async () => {
    const author = await signedInUser(ctx.app, ctx.database.db);
    const article = await insertArticle(
      ctx.database.db,
      { publisherId: refs.publisherId, authorId: author.user.id },
      { title: 'Short-lived story', status: 'pending' },
    );
    const everywhere = async () => ({
      rss: rssTitles((await fetchXml(ctx.app, '/rss.xml')).root).includes('Short-lived story'),
      atom: atomTitles((await fetchXml(ctx.app, '/feed.atom')).root).includes('Short-lived story'),
      sitemap: locs((await fetchXml(ctx.app, '/sitemaps/articles-1.xml')).root).includes(
        `${SITE}/articles/${article.id}`,
      ),
      news: locs((await fetchXml(ctx.app, '/sitemaps/news.xml')).root).includes(`${SITE}/articles/${article.id}`),
    });
    const nowhere = { rss: false, atom: false, sitemap: false, news: false };
    expect(await everywhere()).toEqual(nowhere);

    const approve = () =>
      ctx.app.inject({ method: 'PATCH', url: `/api/articles/approve/${article.id}`, headers: bearer(admin.token) });
    expect((await approve()).statusCode).toBe(200);
    expect(await everywhere()).toEqual({ rss: true, atom: true, sitemap: true, news: true });

    // An edit sends it back to review, where an admin declines it.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/${article.id}`,
      headers: bearer(author.token),
      payload: { title: 'Short-lived story', description: 'Rewritten.', tags: ['Health'] },
    });
    const decline = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/decline/${article.id}`,
      headers: bearer(admin.token),
      payload: { reason: 'No' },
    });
    expect(decline.statusCode).toBe(200);
    expect(await everywhere()).toEqual(nowhere);

    const again = await insertArticle(ctx.database.db, refs, { title: 'Short-lived story', status: 'pending' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/articles/approve/${again.id}`, headers: bearer(admin.token) });
    expect(rssTitles((await fetchXml(ctx.app, '/rss.xml')).root)).toContain('Short-lived story');
    await ctx.app.inject({ method: 'DELETE', url: `/api/articles/${again.id}`, headers: bearer(admin.token) });
    expect(rssTitles((await fetchXml(ctx.app, '/rss.xml')).root)).not.toContain('Short-lived story');
  });

  it('an article approved after its last edit: Atom <updated> and sitemap <lastmod> are its approval, never before <published>', async () => {
    const editedAt = new Date(Date.now() - 30 * 60_000);
    const article = await insertArticle(ctx.database.db, refs, {
      title: 'Approved later',
      status: 'pending',
      createdAt: new Date(editedAt.getTime() - 60_000),
      updatedAt: editedAt,
    });
    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/approve/${article.id}`,
      headers: bearer(admin.token),
    });
    expect(approved.statusCode).toBe(200);

    const atom = (await fetchXml(ctx.app, '/feed.atom')).root;
    const entry = findAll(atom, 'entry').find((candidate) => textOf(candidate, 'title') === 'Approved later')!;
    const published = textOf(entry, 'published');
    expect(new Date(published).getTime()).toBeGreaterThan(editedAt.getTime());
    expect(textOf(entry, 'updated')).toBe(published);
    expect(new Date(textOf(atom, 'updated')).getTime()).toBeGreaterThanOrEqual(new Date(published).getTime());

    const articleUrl = `${SITE}/articles/${article.id}`;
    const sitemap = (await fetchXml(ctx.app, '/sitemaps/articles-1.xml')).root;
    const url = findAll(sitemap, 'url').find((candidate) => textOf(candidate, 'loc') === articleUrl)!;
    expect(textOf(url, 'lastmod')).toBe(published);
    const index = (await fetchXml(ctx.app, '/sitemap.xml')).root;
    const pageChanged = new Date(textOf(findAll(index, 'sitemap')[2]!, 'lastmod')).getTime();
    expect(pageChanged).toBeGreaterThanOrEqual(new Date(published).getTime());

    await ctx.app.inject({ method: 'DELETE', url: `/api/articles/${article.id}`, headers: bearer(admin.token) });
  });

  it('robots.txt allows the public site, keeps crawlers out of the API and private pages, names the sitemap', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Allow: /api/uploads/']));
    for (const path of ['/api/', '/dashboard', '/profile', '/addArticle', '/my-articles', '/payment']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(lines.filter((line) => line === 'Disallow: /')).toEqual([]);
  });
});

describe('a built web app never answers the server-owned paths', () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'dispatch-web-'));
  let ctx: TestContext;
  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SPA shell</title>');
    writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    writeFileSync(path.join(webDir, 'rss.xml'), '<rss>stale</rss>');
    ctx = await createTestContext({ webDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves robots.txt and the feeds from the server, not a stray built copy or the page shell', async () => {
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).not.toContain('Disallow: /\n');
    const rss = await ctx.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(parseXml(rss.body).name).toBe('rss');
    expect(rss.body).not.toContain('stale');
    for (const url of [
      '/feed.atom',
      '/sitemap.xml',
      '/sitemaps/news.xml',
      '/corrections/rss.xml',
      '/corrections/feed.atom',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/xml/);
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both.
describe.runIf(serverUrl && redisUrl)('feeds and sitemaps on two instances sharing PostgreSQL and Redis', () => {
  let twin: TwoInstances;
  beforeAll(async () => {
    twin = await openTwoInstances(redisUrl!, { PUBLIC_URL: SITE });
  });
  afterAll(() => twin.close());

  it('never lists an article on one instance after the other took it down', async () => {
    const [a, b] = twin.apps;
    const { db } = twin;
    const admin = await signedInUser(a, db, { role: 'admin' });
    const author = await signedInUser(a, db);
    const refs = { publisherId: (await insertPublisher(db, { name: 'Twin Times' })).id, authorId: author.user.id };
    const article = await insertArticle(db, refs, { title: 'Twin story', status: 'pending' });
    const articleUrl = `${SITE}/articles/${article.id}`;
    const listedOn = async (app: AppInstance) => ({
      rss: rssTitles((await fetchXml(app, '/rss.xml')).root).includes('Twin story'),
      atom: atomTitles((await fetchXml(app, '/feed.atom?publisher=Twin%20Times')).root).includes('Twin story'),
      sitemap: locs((await fetchXml(app, '/sitemaps/articles-1.xml')).root).includes(articleUrl),
      news: locs((await fetchXml(app, '/sitemaps/news.xml')).root).includes(articleUrl),
    });
    const nowhere = { rss: false, atom: false, sitemap: false, news: false };
    const everywhere = { rss: true, atom: true, sitemap: true, news: true };

    // Both instances cache the documents before each write.
    expect(await listedOn(a)).toEqual(nowhere);
    expect(await listedOn(b)).toEqual(nowhere);
    await a.inject({ method: 'PATCH', url: `/api/articles/approve/${article.id}`, headers: bearer(admin.token) });
    expect(await listedOn(b)).toEqual(everywhere);
    expect(await listedOn(a)).toEqual(everywhere);

    await b.inject({
      method: 'PATCH',
      url: `/api/articles/${article.id}`,
      headers: bearer(author.token),
      payload: { title: 'Twin story', description: 'Rewritten.', tags: ['Health'] },
    });
    const declined = await b.inject({
      method: 'PATCH',
      url: `/api/articles/decline/${article.id}`,
      headers: bearer(admin.token),
      payload: { reason: 'No' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await listedOn(a)).toEqual(nowhere);

    const other = await insertArticle(db, refs, { title: 'Twin story', status: 'pending' });
    await b.inject({ method: 'PATCH', url: `/api/articles/approve/${other.id}`, headers: bearer(admin.token) });
    expect((await listedOn(a)).rss).toBe(true);
    await a.inject({ method: 'DELETE', url: `/api/articles/${other.id}`, headers: bearer(admin.token) });
    expect((await listedOn(b)).rss).toBe(false);
  });
});
