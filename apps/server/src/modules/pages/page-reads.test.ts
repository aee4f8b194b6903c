import type { PageReads } from '@dispatch/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { writeStubWebApp } from '../../test/stub-web-app.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A stand-in for the web app's server bundle (the tests do not build it): the page makes the reads its address
 * names (`?calls=[[name, ...args]]`) and writes what each answered, or how it was refused.
 */
const STUB_RENDERER = `
export const PAGE_STATE_ELEMENT_ID = 'page-state';
export async function renderPage({ url, reads }) {
  const calls = JSON.parse(new URL(url).searchParams.get('calls') ?? '[]');
  const answers = [];
  for (const [name, ...args] of calls) {
    answers.push(
      await reads[name](...args).then(
        (answer) => ({ status: 200, answer }),
        (error) => ({ status: error.statusCode, answer: { code: error.code, message: error.message } }),
      ),
    );
  }
  const body = '<pre id="reads">' + JSON.stringify(answers).replace(/</g, '\\\\u003c') + '</pre>';
  return { kind: 'page', status: 200, head: '', body, state: null };
}
`;

type Call = [keyof PageReads, ...unknown[]];
type Answer = { status: number; answer: unknown };

/** What the API answers, as a page's read holds it: an error by its status, code and message. */
function asRead(status: number, body: unknown): Answer {
  if (status === 200) return { status, answer: body };
  const { code, message } = body as { code: string; message: string };
  return { status, answer: { code, message } };
}

describe("a page's reads answer what the API answers (decision 050)", () => {
  let root: string;
  let ctx: TestContext;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let subscriber: Awaited<ReturnType<typeof signedInUser>>;
  let free: string;
  let premium: string;
  let slug: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-page-reads-'));
    ctx = await createTestContext({ webDir: writeStubWebApp(root, STUB_RENDERER) });
    const db = ctx.database.db;
    reader = await signedInUser(ctx.app, db);
    subscriber = await signedInUser(ctx.app, db, { premiumUntil: new Date(ctx.clock.now.getTime() + 30 * DAY) });
    const publisher = await insertPublisher(db);
    slug = publisher.slug;
    const author = await signedInUser(ctx.app, db);
    const refs = { publisherId: publisher.id, authorId: author.user.id };
    free = (await insertArticle(db, refs)).id;
    premium = (await insertArticle(db, refs, { isPremium: true, tags: ['Health'] })).id;
    await insertArticle(db, refs, { tags: ['Health'] });
    await ctx.changed();
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The reads a page made for the page cookie's reader (none: anonymous). */
  async function readsOnPage(calls: Call[], cookie?: string): Promise<Answer[]> {
    const url = `/reads?calls=${encodeURIComponent(JSON.stringify(calls))}`;
    const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return JSON.parse(/<pre id="reads">(.*)<\/pre>/s.exec(response.body)?.[1] ?? 'null') as Answer[];
  }

  /** What the API answers the same reader (their Bearer token; none: anonymous). */
  async function fromApi(url: string, token?: string): Promise<Answer> {
    const response = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    return asRead(response.statusCode, response.json());
  }

  const cases = (): { call: Call; api: string; pick?: (body: unknown) => unknown }[] => [
    { call: ['config'], api: '/api/config' },
    { call: ['trendingArticles'], api: '/api/articles/trending' },
    { call: ['publishers'], api: '/api/publishers' },
    { call: ['publisher', slug], api: `/api/publishers/${slug}` },
    { call: ['publisher', 'no-such-publisher'], api: '/api/publishers/no-such-publisher' },
    { call: ['userStats'], api: '/api/stats/users' },
    { call: ['plans'], api: '/api/plans', pick: (body) => (body as { plans: unknown }).plans },
    { call: ['plan', 'no-such-plan'], api: '/api/plans/no-such-plan' },
    {
      call: ['approvedArticles', { search: '', publisher: '', tag: 'Health', page: undefined, limit: 12 }],
      api: '/api/articles/approved?tag=Health&limit=12',
    },
    { call: ['approvedArticles', { page: 'third', limit: 12 }], api: '/api/articles/approved?page=third&limit=12' },
    { call: ['premiumArticles', { limit: 12 }], api: '/api/premium-articles?limit=12' },
    { call: ['articlePreview', free], api: `/api/articles/${free}/preview` },
    { call: ['articlePreview', 'not-an-id'], api: '/api/articles/not-an-id/preview' },
    { call: ['articleCorrections', 'nul\u0000id'], api: '/api/articles/nul%00id/corrections' },
    { call: ['article', free, undefined], api: `/api/articles/${free}` },
    { call: ['article', premium, undefined], api: `/api/articles/${premium}` },
    { call: ['article', free, 'not a token'], api: `/api/articles/${free}?gift=not%20a%20token` },
    { call: ['articleCorrections', free], api: `/api/articles/${free}/corrections` },
    { call: ['relatedArticles', premium], api: `/api/articles/${premium}/related` },
    { call: ['giftLinks', premium], api: `/api/articles/${premium}/gift-links` },
    { call: ['correctionPage', { page: 1, limit: 10 }], api: '/api/corrections?page=1&limit=10' },
    { call: ['briefArchive', { page: 1 }], api: '/api/briefs?page=1' },
  ];

  it.each([
    ['an anonymous visitor', () => undefined],
    ['a reader', () => reader],
    ['a subscriber', () => subscriber],
  ])('for %s, answer for answer and refusal for refusal', async (_who, whom) => {
    const viewer = whom();
    const all = cases();
    const onPage = await readsOnPage(
      all.map(({ call }) => call),
      viewer?.pageCookie,
    );
    for (const [index, { call, api, pick }] of all.entries()) {
      const expected = await fromApi(api, viewer?.token);
      if (pick && expected.status === 200) expected.answer = pick(expected.answer);
      expect({ call: call[0], ...onPage[index] }).toEqual({ call: call[0], ...expected });
    }
    // The cases cover answers and refusals alike: most are answered.
    expect(new Set(onPage.map(({ status }) => status)).size).toBeGreaterThan(2);
    expect(onPage.filter(({ status }) => status === 200).length).toBeGreaterThan(all.length / 2);
  });

  it('opens a premium article in full for a subscriber and gives a reader its teaser', async () => {
    const [forReader] = await readsOnPage([['article', premium, undefined]], reader.pageCookie);
    const [forSubscriber] = await readsOnPage([['article', premium, undefined]], subscriber.pageCookie);
    expect(forReader).toMatchObject({ status: 200, answer: { access: false } });
    expect(forSubscriber).toMatchObject({ status: 200, answer: { access: true } });
  });
});
