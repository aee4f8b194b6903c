import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { writeStubWebApp } from '../../test/stub-web-app.js';

/** What every current browser sends when it opens a page as a document. */
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };

// The stand-in renderer's article pages are behind a login with a preview, as the app's are (decision 046).
describe('a page behind a login: browsers go to /login first, crawlers read its preview (decision 046)', () => {
  let ctx: TestContext;
  let root: string;
  let articleId: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-sign-in-first-'));
    ctx = await createTestContext({ webDir: writeStubWebApp(root) });
    const publisherId = (await insertPublisher(ctx.database.db)).id;
    const authorId = (await insertUser(ctx.database.db)).id;
    articleId = (await insertArticle(ctx.database.db, { publisherId, authorId }, { title: 'Harbour vote' })).id;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it("sends a browser's navigation without a session to /login and back, before rendering anything", async () => {
    const answer = await page(`/articles/${articleId}?gift=abc`, NAVIGATION);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/login?redirect=${encodeURIComponent(`/articles/${articleId}?gift=abc`)}`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers.vary).toBe('Cookie, Accept-Encoding, Sec-Fetch-Dest');
    expect(answer.body).not.toContain('Harbour vote');
  });

  it('gives a crawler or link preview (no fetch metadata) the preview, cacheable and varying by request kind', async () => {
    const requests: Record<string, string>[] = [
      {},
      { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'no-cors' },
      { 'user-agent': 'Slackbot-LinkExpanding 1.0' },
    ];
    for (const headers of requests) {
      const answer = await page(`/articles/${articleId}`, headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(200);
      expect(answer.body).toContain('<h1>Harbour vote</h1>');
      expect(answer.headers['cache-control']).toMatch(/^public/);
      expect(answer.headers.vary).toBe('Cookie, Accept-Encoding, Sec-Fetch-Dest');
    }
  });

  it('renders the page for a signed-in reader, and leaves pages without a login alone', async () => {
    const { pageCookie } = await signedInUser(ctx.app, ctx.database.db);
    const reader = await page(`/articles/${articleId}`, { ...NAVIGATION, cookie: pageCookie });
    expect(reader.statusCode).toBe(200);
    expect(reader.body).toContain('<h1>Harbour vote</h1>');
    expect(reader.headers['cache-control']).toBe('private, no-store');

    const home = await page('/', NAVIGATION);
    expect(home.statusCode).toBe(200);
    expect(home.headers.vary).toBe('Cookie, Accept-Encoding');
  });

  it('sends a browser whose page cookie no longer opens a session to /login, and clears the cookie', async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db);
    const answer = await page(`/articles/${articleId}`, { ...NAVIGATION, cookie: `dispatch_page=${token}` });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/login?redirect=${encodeURIComponent(`/articles/${articleId}`)}`);
    expect(String(answer.headers['set-cookie'])).toContain('dispatch_page=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });
});
