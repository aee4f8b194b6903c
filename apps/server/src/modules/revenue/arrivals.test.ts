import { type ArticleDetail, type CreatedGiftLink } from '@dispatch/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { ARTICLE_PAGES_SHARED, writeStubWebApp } from '../../test/stub-web-app.js';

const SECRET = 'ARRIVAL-PREMIUM-PARAGRAPH';
const ALLOWED = 3;

/**
 * A stand-in for the web app's server bundle (`dist-ssr/entry-server.js`, which the tests do not build): an
 * article page is the API's answer for it, read as the real loader reads it (decision 050), or the
 * answer the page service worked out for a page its reader's audience shares (decision 047).
 */
const STUB_RENDERER = `
export const PAGE_STATE_ELEMENT_ID = 'page-state';
${ARTICLE_PAGES_SHARED}
export async function renderPage({ url, audience, reads }) {
  const { pathname, searchParams } = new URL(url);
  const match = /^\\/articles\\/([^/]+)$/.exec(pathname);
  if (!match) return { kind: 'page', status: 404, head: '', body: 'Not found', state: null };
  const read = (gift) => reads.article(match[1], gift).then(
    (detail) => detail,
    (error) => ({ statusCode: error.statusCode, code: error.code, message: error.message }),
  );
  const answer = JSON.stringify(audience ? audience.article.detail : await read(searchParams.get('gift') ?? undefined));
  return { kind: 'page', status: 200, head: '', body: '<pre id="answer">' + answer + '</pre>', state: null };
}
`;

describe("free reads and a pass's articles are spent only by the reader: same-site pages, the API, never a refused gift link (decision 040)", () => {
  let root: string;
  let ctx: TestContext;
  let premium: string[];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-arrivals-'));
    const webDir = writeStubWebApp(root, STUB_RENDERER);
    ctx = await createTestContext({ webDir, env: { FREE_PREMIUM_READS: String(ALLOWED) } });
    const db = ctx.database.db;
    const refs = { publisherId: (await insertPublisher(db)).id, authorId: (await signedInUser(ctx.app, db)).user.id };
    premium = [];
    for (let n = 0; n < 4; n += 1) {
      const row = await insertArticle(db, refs, {
        isPremium: true,
        description: `${'Lead words. '.repeat(10)}${SECRET}-${n}`,
      });
      premium.push(row.id);
    }
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = async (url: string, cookie: string, site?: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(site && { 'sec-fetch-site': site }) },
    });
    expect(response.statusCode).toBe(200);
    const answer = /<pre id="answer">(.*)<\/pre>/s.exec(response.body)?.[1];
    return { html: response.body, detail: JSON.parse(answer ?? 'null') as ArticleDetail };
  };
  const countOf = async (table: 'metered_reads' | 'paywall_events', userId: string) => {
    const result = await ctx.database.db.execute(`select count(*)::int as n from ${table} where user_id = '${userId}'`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('a page opened from another site (or without Sec-Fetch-Site) shows the teaser and offers the free read', async () => {
    const reader = await signedInUser(ctx.app, ctx.database.db);
    for (const site of [undefined, 'cross-site', 'same-site']) {
      const { html, detail } = await page(`/articles/${premium[0]}`, reader.pageCookie, site);
      expect(detail, String(site)).toMatchObject({ access: false, freeReadOffer: { left: ALLOWED } });
      expect(detail.meter).toBeUndefined();
      expect(html).not.toContain(SECRET);
    }
    expect(await countOf('metered_reads', reader.user.id)).toBe(0);
    expect(await countOf('paywall_events', reader.user.id)).toBe(0);

    // The button: one read spent through the API (Bearer only), and the article in full.
    const spent = await ctx.app.inject({
      method: 'POST',
      url: `/api/articles/${premium[0]}/free-read`,
      headers: bearer(reader.token),
    });
    expect(spent.statusCode).toBe(200);
    expect(spent.json<ArticleDetail>()).toMatchObject({ access: true, meter: { used: 1, allowed: ALLOWED } });
    expect(spent.body).toContain(`${SECRET}-0`);
    expect(await countOf('metered_reads', reader.user.id)).toBe(1);
    expect(await countOf('paywall_events', reader.user.id)).toBe(1);
    // The page cookie alone spends nothing through the API.
    const byCookie = await ctx.app.inject({
      method: 'POST',
      url: `/api/articles/${premium[1]}/free-read`,
      headers: { cookie: reader.pageCookie },
    });
    expect(byCookie.statusCode).toBe(401);
    // From another site again: the read already counted opens it, and costs nothing more.
    expect((await page(`/articles/${premium[0]}`, reader.pageCookie, 'cross-site')).detail).toMatchObject({
      access: true,
      meter: { used: 1 },
    });
    expect(await countOf('metered_reads', reader.user.id)).toBe(1);
  });

  it('a page opened on this site, or typed or bookmarked, spends the read as before', async () => {
    const reader = await signedInUser(ctx.app, ctx.database.db);
    expect((await page(`/articles/${premium[0]}`, reader.pageCookie, 'same-origin')).detail).toMatchObject({
      access: true,
      meter: { used: 1 },
    });
    expect((await page(`/articles/${premium[1]}`, reader.pageCookie, 'none')).detail).toMatchObject({
      access: true,
      meter: { used: 2 },
    });
    expect(await countOf('metered_reads', reader.user.id)).toBe(2);
  });

  it('a pass of two premium articles spends none from another site: the teaser offers the pass, a click opens it', async () => {
    const opensOf = async (userId: string) => {
      const result = await ctx.database.db.execute(
        `select count(*)::int as n from premium_article_opens where user_id = '${userId}'`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const reader = await signedInUser(ctx.app, ctx.database.db, {
      premiumUntil: new Date(ctx.clock.now.getTime() + 86_400_000),
      premiumArticles: 2,
      premiumArticlesSince: ctx.clock.now,
    });
    for (const site of [undefined, 'cross-site', 'same-site']) {
      const { html, detail } = await page(`/articles/${premium[0]}`, reader.pageCookie, site);
      expect(detail, String(site)).toMatchObject({ access: false, passOffer: { left: 2 } });
      expect(detail).not.toHaveProperty('freeReadOffer');
      expect(html).not.toContain(SECRET);
    }
    expect(await opensOf(reader.user.id)).toBe(0);
    expect(await countOf('metered_reads', reader.user.id)).toBe(0);

    // The button opens it with the pass (not a free read).
    const opened = await ctx.app.inject({
      method: 'POST',
      url: `/api/articles/${premium[0]}/free-read`,
      headers: bearer(reader.token),
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<ArticleDetail>()).toMatchObject({ access: true });
    expect(opened.body).toContain(`${SECRET}-0`);
    expect(await opensOf(reader.user.id)).toBe(1);
    expect(await countOf('metered_reads', reader.user.id)).toBe(0);
    // From another site again: opened in this run, so it opens and costs nothing; another offers the one left.
    expect((await page(`/articles/${premium[0]}`, reader.pageCookie, 'cross-site')).detail).toMatchObject({
      access: true,
    });
    expect((await page(`/articles/${premium[1]}`, reader.pageCookie, 'cross-site')).detail).toMatchObject({
      access: false,
      passOffer: { left: 1 },
    });
    // On this site the page spends as before.
    expect((await page(`/articles/${premium[1]}`, reader.pageCookie, 'same-origin')).detail).toMatchObject({
      access: true,
    });
    expect(await opensOf(reader.user.id)).toBe(2);
    // The pass spent: from another site the free read is what is offered.
    expect((await page(`/articles/${premium[2]}`, reader.pageCookie, 'cross-site')).detail).toMatchObject({
      access: false,
      freeReadOffer: { left: ALLOWED },
    });
  });

  it('a revoked gift link spends no free read: the teaser says it was withdrawn and offers the read', async () => {
    const sender = await signedInUser(ctx.app, ctx.database.db, {
      premiumUntil: new Date(Date.now() + 86_400_000 * 60),
    });
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/articles/${premium[2]}/gift-links`,
      headers: bearer(sender.token),
    });
    const { token, link } = made.json<CreatedGiftLink>();
    await ctx.app.inject({ method: 'DELETE', url: `/api/gift-links/${link._id}`, headers: bearer(sender.token) });

    const reader = await signedInUser(ctx.app, ctx.database.db);
    const viaApi = await ctx.app.inject({
      method: 'GET',
      url: `/api/articles/${premium[2]}?gift=${token}`,
      headers: bearer(reader.token),
    });
    expect(viaApi.json<ArticleDetail>()).toMatchObject({
      access: false,
      giftRefused: 'revoked',
      freeReadOffer: { left: ALLOWED },
    });
    const viaPage = await page(`/articles/${premium[2]}?gift=${token}`, reader.pageCookie, 'same-origin');
    expect(viaPage.detail).toMatchObject({ access: false, giftRefused: 'revoked' });
    expect(viaPage.html).not.toContain(SECRET);
    expect(await countOf('metered_reads', reader.user.id)).toBe(0);
  });
});
