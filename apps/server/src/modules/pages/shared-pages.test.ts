import type { ArticleDetail, RoleRecord, User } from '@dispatch/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../../test/fixtures.js';
import { signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { ARTICLE_PAGES_SHARED, writeStubWebApp } from '../../test/stub-web-app.js';

const SECRET = 'SHARED-PAGE-PREMIUM-PARAGRAPH';
const FREE_READS = 2;

/**
 * A stand-in for the web app's server bundle (the tests do not build it): an article page may be shared by an
 * audience. Each render is numbered, and writes what it was rendered from: the audience's role record and answer,
 * or the reader it was rendered for alone.
 */
const STUB_RENDERER = `
let renders = 0;
export const PAGE_STATE_ELEMENT_ID = 'page-state';
${ARTICLE_PAGES_SHARED}
export async function renderPage({ url, viewer, audience, reads }) {
  renders += 1;
  const match = /^\\/articles\\/([^/]+)$/.exec(new URL(url).pathname);
  if (audience) {
    const rendered = { render: renders, shared: true, role: audience.role, detail: audience.article.detail };
    return { kind: 'page', status: 200, head: '', body: '<pre id="page">' + JSON.stringify(rendered) + '</pre>', state: { audience: true } };
  }
  const gift = new URL(url).searchParams.get('gift') ?? undefined;
  const status = match ? await reads.article(match[1], gift).then(() => 200, (error) => error.statusCode ?? 500) : undefined;
  const rendered = { render: renders, shared: false, reader: viewer?.user.email ?? null, status };
  return { kind: 'page', status: 200, head: '', body: '<pre id="page">' + JSON.stringify(rendered) + '</pre>', state: null };
}
`;

type Rendered =
  | { render: number; shared: true; role: RoleRecord; detail: ArticleDetail }
  | { render: number; shared: false; reader: string | null; status?: number };

describe("a signed-in reader's article page is rendered once for everyone who sees it alike (decision 047)", () => {
  let root: string;
  let ctx: TestContext;
  let free: string;
  let premium: string;
  let author: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-shared-pages-'));
    ctx = await createTestContext({
      webDir: writeStubWebApp(root, STUB_RENDERER),
      env: { FREE_PREMIUM_READS: String(FREE_READS) },
    });
    const db = ctx.database.db;
    author = await signedInUser(ctx.app, db);
    const refs = { publisherId: (await insertPublisher(db)).id, authorId: author.user.id };
    free = (await insertArticle(db, refs)).id;
    premium = (await insertArticle(db, refs, { isPremium: true, description: `${'Lead words. '.repeat(10)}${SECRET}` }))
      .id;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  const subscriber = () =>
    signedInUser(ctx.app, ctx.database.db, { premiumUntil: new Date(ctx.clock.now.getTime() + 86_400_000) });

  /** The page as a browser on this site gets it: what it was rendered from, and the reader's own part after it. */
  async function page(url: string, cookie: string, headers: Record<string, string> = {}) {
    const response = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'sec-fetch-site': 'same-origin', ...headers },
    });
    expect(response.statusCode).toBe(200);
    const html =
      response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload).toString() : response.body;
    const rendered = JSON.parse(/<pre id="page">(.*?)<\/pre>/s.exec(html)?.[1] ?? 'null') as Rendered;
    const own = /<script type="application\/json" id="page-viewer">(.*?)<\/script>/s.exec(html)?.[1];
    return {
      response,
      html,
      rendered,
      reader: own ? (JSON.parse(own) as { user: User; tokenTag: string }) : undefined,
      shared: html.replace(/<script type="application\/json" id="page-viewer">.*?<\/script>/s, ''),
    };
  }

  it('two subscribers get one render of a premium article, each named only in their own part after it', async () => {
    const [first, second] = [await subscriber(), await subscriber()];
    const a = await page(`/articles/${premium}`, first.pageCookie);
    const b = await page(`/articles/${premium}`, second.pageCookie);
    expect(a.rendered).toMatchObject({ shared: true, role: { role: 'user' }, detail: { access: true } });
    expect(b.rendered.render).toBe(a.rendered.render);
    expect(a.html).toContain(SECRET);
    expect(a.shared).toBe(b.shared);
    // The shared part names no one; each reader's part names them and the tag of their own token.
    for (const { user } of [first, second]) expect(a.shared).not.toContain(user.email);
    expect(a.reader).toMatchObject({
      user: { email: first.user.email, name: first.user.name },
      tokenTag: first.token.slice(-12),
    });
    expect(b.reader?.user.email).toBe(second.user.email);
    expect(b.html).not.toContain(first.user.email);
    // The role record it was rendered with says premium, but no one's expiry.
    const role = (a.rendered as Extract<Rendered, { shared: true }>).role;
    expect(new Date(role.premiumTaken!).getTime()).toBeGreaterThan(ctx.clock.now.getTime());
    expect(role.premiumTaken).not.toBe(first.user.premiumUntil?.toISOString());
    for (const response of [a.response, b.response]) {
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(response.headers.etag).toBeUndefined();
    }
  });

  it("compressed, the page is a gzip body whose shared part is kept and whose end is the reader's own", async () => {
    const [first, second] = [await subscriber(), await subscriber()];
    const plain = await page(`/articles/${free}`, first.pageCookie);
    const a = await page(`/articles/${free}`, first.pageCookie, { 'accept-encoding': 'br, gzip' });
    const b = await page(`/articles/${free}`, second.pageCookie, { 'accept-encoding': 'gzip' });
    expect(a.response.headers['content-encoding']).toBe('gzip');
    expect(a.html).toBe(plain.html);
    expect(b.shared).toBe(a.shared);
    expect(b.reader?.user.email).toBe(second.user.email);
    // Not gzip: the page as it is, with the reader's part.
    const identity = await page(`/articles/${free}`, second.pageCookie, { 'accept-encoding': 'br;q=1, gzip;q=0' });
    expect(identity.response.headers['content-encoding']).toBeUndefined();
    expect(identity.html).toBe(b.html);
    // A theme is written into the shared part, still without anyone's name.
    const dark = await page(`/articles/${free}`, first.pageCookie, {
      cookie: `${first.pageCookie}; dispatch_theme=dark`,
    });
    expect(dark.html).toMatch(/^<!doctype html><html data-theme="dark"/i);
    expect(dark.reader?.user.email).toBe(first.user.email);
  });

  it("a reader without premium shares the teaser's page, never the subscribers', and the premium text is not in it", async () => {
    const reader = await signedInUser(ctx.app, ctx.database.db);
    const other = await signedInUser(ctx.app, ctx.database.db);
    // Both have spent the month's free reads: the premium article is a teaser to them.
    for (const { pageCookie } of [reader, other]) {
      const spent = [];
      for (let n = 0; n < FREE_READS; n += 1) {
        const refs = { publisherId: (await insertPublisher(ctx.database.db)).id, authorId: author.user.id };
        spent.push((await insertArticle(ctx.database.db, refs, { isPremium: true })).id);
      }
      for (const id of spent)
        expect((await page(`/articles/${id}`, pageCookie)).rendered).toMatchObject({ detail: { access: true } });
    }
    const a = await page(`/articles/${premium}`, reader.pageCookie);
    const b = await page(`/articles/${premium}`, other.pageCookie);
    expect(a.rendered).toMatchObject({
      shared: true,
      role: { premiumTaken: null },
      detail: { access: false, meter: { used: FREE_READS, allowed: FREE_READS } },
    });
    expect(b.rendered.render).toBe(a.rendered.render);
    expect(a.html).not.toContain(SECRET);
  });

  it('a metered read opens the article, and the meter it shows is part of what the page is shared by', async () => {
    const [first, second] = [
      await signedInUser(ctx.app, ctx.database.db),
      await signedInUser(ctx.app, ctx.database.db),
    ];
    const a = await page(`/articles/${premium}`, first.pageCookie);
    expect(a.rendered).toMatchObject({
      shared: true,
      detail: { access: true, meter: { used: 1, allowed: FREE_READS } },
    });
    expect(a.html).toContain(SECRET);
    const b = await page(`/articles/${premium}`, second.pageCookie);
    expect(b.rendered.render).toBe(a.rendered.render);
    // A reader whose meter says something else gets the page of another audience.
    const refs = { publisherId: (await insertPublisher(ctx.database.db)).id, authorId: author.user.id };
    const another = (await insertArticle(ctx.database.db, refs, { isPremium: true })).id;
    const third = await signedInUser(ctx.app, ctx.database.db);
    await page(`/articles/${another}`, third.pageCookie);
    const c = await page(`/articles/${premium}`, third.pageCookie);
    expect(c.rendered).toMatchObject({ detail: { meter: { used: 2 } } });
    expect(c.rendered.render).not.toBe(a.rendered.render);
  });

  it("an admin's, the author's, a pass's reader's, a gift link's and an error page are rendered for the reader alone", async () => {
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const pass = await signedInUser(ctx.app, ctx.database.db, {
      premiumUntil: new Date(ctx.clock.now.getTime() + 86_400_000),
      premiumArticles: 2,
      premiumArticlesSince: ctx.clock.now,
    });
    const reader = await signedInUser(ctx.app, ctx.database.db);
    for (const [who, url] of [
      [admin, `/articles/${free}`],
      [author, `/articles/${free}`],
      [pass, `/articles/${premium}`],
      [reader, `/articles/${free}?gift=abc`],
      [reader, `/articles/not-an-id`],
    ] as const) {
      const { rendered, reader: own } = await page(url, who.pageCookie);
      expect(rendered, `${who.user.email} ${url}`).toMatchObject({ shared: false, reader: who.user.email });
      expect(own).toBeUndefined();
    }
  });

  it('a page shared by readers is rendered again once the article changes', async () => {
    const first = await subscriber();
    const before = await page(`/articles/${free}`, first.pageCookie);
    await ctx.database.db.execute(`update articles set title = 'Changed title' where id = '${free}'`);
    await ctx.changed();
    const after = await page(`/articles/${free}`, first.pageCookie);
    expect(after.rendered.render === before.rendered.render).toBe(false);
  });
});
