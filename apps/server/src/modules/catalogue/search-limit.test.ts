import { ARTICLE_MESSAGES, ERROR_CODES, type ErrorResponse } from '@dispatch/shared';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { createTestContext, openTwoInstances, type TestContext, type TwoInstances } from '../../test/test-app.js';
import { writeStubWebApp } from '../../test/stub-web-app.js';

const LIMIT = 5;

/**
 * A stand-in for the web app's server bundle (the tests do not build it): the articles page lists what its read of
 * the search answers, as the real page's loader does; a render whose read was refused says so.
 */
const STUB_RENDERER = `
let renders = 0;
export const PAGE_STATE_ELEMENT_ID = 'page-state';
export async function renderPage({ url, reads }) {
  renders += 1;
  const target = new URL(url);
  if (target.pathname !== '/articles') return { kind: 'page', status: 404, head: '', body: 'Not found', state: null };
  let answer;
  try {
    answer = await reads.approvedArticles(Object.fromEntries(target.searchParams));
  } catch (error) {
    return { kind: 'page', status: 500, head: '', body: 'API ' + error.statusCode, state: null };
  }
  const titles = answer.articles.map((article) => '<li>' + article.title + '</li>').join('');
  return { kind: 'page', status: 200, head: '<title>Articles</title>', body: '<p>Render ' + renders + '</p><ul>' + titles + '</ul>', state: null };
}
`;

describe(`the search limit (LIMIT_SEARCHES_PER_MINUTE=${LIMIT})`, () => {
  let root: string;
  let ctx: TestContext;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-search-limit-'));
    const webDir = writeStubWebApp(root, STUB_RENDERER);
    ctx = await createTestContext({ webDir, env: { LIMIT_SEARCHES_PER_MINUTE: String(LIMIT) } });
    const db = ctx.database.db;
    const refs = { publisherId: (await insertPublisher(db)).id, authorId: (await insertUser(db)).id };
    await insertArticle(db, refs, { title: 'Harbour works' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  const api = (address: string, query = 'search=harbour') =>
    ctx.app.inject({ url: `/api/articles/approved?${query}`, remoteAddress: address });
  const page = (address: string, query = 'search=harbour') =>
    ctx.app.inject({ url: `/articles?${query}`, remoteAddress: address });

  it('answers the API 429 past the limit, counting answers the cache gave, per address', async () => {
    for (let n = 0; n < LIMIT; n += 1) expect((await api('10.0.0.1')).statusCode).toBe(200);
    const refused = await api('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json<ErrorResponse>()).toMatchObject({
      code: ERROR_CODES.tooManyRequests,
      message: ARTICLE_MESSAGES.tooManySearches(seconds),
    });
    // Lists without a search, and other addresses, are not held back.
    expect((await api('10.0.0.1', 'page=1')).statusCode).toBe(200);
    expect((await api('10.0.0.1', 'search=%20%20')).statusCode).toBe(200);
    expect((await api('10.0.0.2')).statusCode).toBe(200);
  });

  it('counts each rendered search page once, cached or not, and answers a 429 page past the limit', async () => {
    for (let n = 0; n < LIMIT; n += 1) {
      const answer = await page('10.0.1.1');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<li>Harbour works</li>');
    }
    const refused = await page('10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const seconds = Number(refused.headers['retry-after']);
    expect(refused.body).toContain(`<title>${ARTICLE_MESSAGES.tooManySearchesTitle}</title>`);
    expect(refused.body).toContain(ARTICLE_MESSAGES.tooManySearches(seconds));
    expect(refused.body).not.toContain('Harbour works');
    // The articles page without a search is no search.
    expect((await page('10.0.1.1', 'page=1')).statusCode).toBe(200);
  });

  it('counts the search page however its path is spelt, as the router matches it', async () => {
    const spellings = ['/Articles', '/%61rticles', '/articles/', '/ARTICLES/'];
    for (let n = 0; n < LIMIT; n += 1) {
      const path = spellings[n % spellings.length];
      await ctx.app.inject({ url: `${path}?search=harbour`, remoteAddress: '10.0.3.1' });
    }
    expect((await page('10.0.3.1')).statusCode).toBe(429);
  });

  it('keeps one count for the pages and the API of an address', async () => {
    for (let n = 0; n < LIMIT; n += 1) {
      const answer = n % 2 === 0 ? await page('10.0.2.1', `search=harbour+${n}`) : await api('10.0.2.1');
      expect(answer.statusCode).toBe(200);
    }
    expect((await api('10.0.2.1')).statusCode).toBe(429);
    expect((await page('10.0.2.1', 'search=works')).statusCode).toBe(429);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both, and elsewhere this shows as skipped.
describe.runIf(serverUrl && redisUrl)('the search limit across two instances sharing Redis', () => {
  let twin: TwoInstances;
  beforeAll(async () => {
    twin = await openTwoInstances(redisUrl!, { LIMIT_SEARCHES_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => twin.close());

  it('counts an address once, whichever instance it searches', async () => {
    // Redis keeps a count for a minute: an address of this run's own.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    for (let n = 0; n < LIMIT; n += 1) {
      const answer = await twin.apps[n % 2]!.inject({
        url: `/api/articles/approved?search=quay+${n}`,
        remoteAddress: address,
      });
      expect(answer.statusCode).toBe(200);
    }
    for (const app of twin.apps) {
      expect((await app.inject({ url: '/api/articles/approved?search=quay', remoteAddress: address })).statusCode).toBe(
        429,
      );
    }
  });
});
