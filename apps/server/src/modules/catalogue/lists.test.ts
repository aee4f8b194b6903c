import { LIMITS, TAGS, type ArticlePage, type ErrorResponse } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const SECRET = 'SECRET-PREMIUM-PARAGRAPH';

describe('public article lists', () => {
  let ctx: TestContext;
  let ledger: { id: string; name: string };
  let civic: { id: string; name: string };
  const base = new Date('2026-01-01T00:00:00Z').getTime();
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    ledger = await insertPublisher(db, { name: 'The Ledger' });
    civic = await insertPublisher(db, { name: 'Civic Standard' });
    const author = await insertUser(db);
    const refs = (publisherId: string) => ({ publisherId, authorId: author.id });
    await insertArticle(db, refs(ledger.id), {
      title: 'Budget 100% funded',
      tags: ['Politics'],
      createdAt: at(1),
      views: 5,
    });
    await insertArticle(db, refs(ledger.id), {
      title: 'snake_case naming',
      tags: ['Technology'],
      createdAt: at(2),
      views: 50,
    });
    await insertArticle(db, refs(civic.id), {
      title: 'Regex .* explained (part 1)',
      tags: ['Technology', 'Health'],
      createdAt: at(3),
      views: 50,
    });
    await insertArticle(db, refs(civic.id), {
      title: 'BUDGET talks stall',
      tags: ['Politics'],
      createdAt: at(4),
      views: 7,
    });
    await insertArticle(db, refs(civic.id), {
      title: 'Premium investigation',
      tags: ['Health'],
      isPremium: true,
      description: `${'a'.repeat(LIMITS.excerptLength)}${SECRET}`,
      createdAt: at(5),
      views: 999,
    });
    await insertArticle(db, refs(civic.id), {
      title: 'Pending budget piece',
      status: 'pending',
      createdAt: at(6),
      views: 5000,
    });
    await insertArticle(db, refs(civic.id), {
      title: 'Declined budget piece',
      status: 'declined',
      createdAt: at(7),
      views: 4000,
    });
  });
  afterAll(() => ctx.close());

  async function approved(query = '') {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/articles/approved${query}` });
    expect(response.statusCode).toBe(200);
    return { body: response.json<ArticlePage>(), raw: response.body };
  }
  const titles = (page: ArticlePage) => page.articles.map((article) => article.title);

  it('lists only approved articles, newest first, with the total', async () => {
    const { body } = await approved();
    expect(body.total).toBe(5);
    expect(titles(body)).toEqual([
      'Premium investigation',
      'BUDGET talks stall',
      'Regex .* explained (part 1)',
      'snake_case naming',
      'Budget 100% funded',
    ]);
  });

  it('gives cards an excerpt of the first 100 characters, never the whole text', async () => {
    const { body, raw } = await approved();
    const premium = body.articles.find((article) => article.isPremium)!;
    expect(premium.excerpt).toBe('a'.repeat(LIMITS.excerptLength));
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain('"description"');
    expect(premium.publisher).toBe('Civic Standard');
  });

  it('searches titles case-insensitively', async () => {
    expect(titles((await approved('?search=budget')).body)).toEqual(['BUDGET talks stall', 'Budget 100% funded']);
  });

  it.each([
    ['%', ['Budget 100% funded']],
    ['_', ['snake_case naming']],
    ['.*', ['Regex .* explained (part 1)']],
    ['(', ['Regex .* explained (part 1)']],
    ['\\', []],
  ])('matches %s literally', async (text, expected) => {
    const { body } = await approved(`?search=${encodeURIComponent(text)}`);
    expect(titles(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('filters by publisher name and by tag, together and apart', async () => {
    expect((await approved('?publisher=The%20Ledger')).body.total).toBe(2);
    expect(titles((await approved('?tag=Technology')).body)).toEqual([
      'Regex .* explained (part 1)',
      'snake_case naming',
    ]);
    expect(titles((await approved('?tag=Technology&publisher=Civic%20Standard')).body)).toEqual([
      'Regex .* explained (part 1)',
    ]);
    expect((await approved('?publisher=Nobody')).body).toEqual({ articles: [], total: 0 });
    expect((await approved('?tag=&publisher=&search=')).body.total).toBe(5);
  });

  it('pages with page and limit, keeping the total', async () => {
    const first = (await approved('?limit=2&page=1')).body;
    const third = (await approved('?limit=2&page=3')).body;
    const beyond = (await approved('?limit=2&page=9')).body;
    expect(titles(first)).toEqual(['Premium investigation', 'BUDGET talks stall']);
    expect(titles(third)).toEqual(['Budget 100% funded']);
    expect(beyond).toEqual({ articles: [], total: 5 });
    expect((await approved()).body.articles).toHaveLength(5);
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?limit=0', 'limit'],
    [`?limit=${LIMITS.maxPageSize + 1}`, 'limit'],
    ['?tag=Cooking', 'tag'],
    [`?search=${'x'.repeat(LIMITS.searchMaxLength + 1)}`, 'search'],
  ])('answers %s with a 400 in the error shape', async (query, field) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/articles/approved${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(field);
    expect(body.fieldErrors?.[field]).toBeDefined();
    expect(body.requestId).toBeTruthy();
  });

  it('accepts every tag', async () => {
    for (const tag of TAGS) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/articles/approved?tag=${tag}` });
      expect(response.statusCode).toBe(200);
    }
  });

  it('ranks trending by views, newest first among equals, approved only, with card fields only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/articles/trending' });
    expect(response.statusCode).toBe(200);
    const trending = response.json<{ _id: string; title: string; image: string; publisher: string }[]>();
    expect(trending.map((article) => article.title)).toEqual([
      'Premium investigation',
      'Regex .* explained (part 1)',
      'snake_case naming',
      'BUDGET talks stall',
      'Budget 100% funded',
    ]);
    expect(Object.keys(trending[0]!).sort()).toEqual(['_id', 'image', 'publisher', 'title']);
    expect(response.body).not.toContain(SECRET);
  });

  it('keeps trending to six articles', async () => {
    const db = ctx.database.db;
    const author = await insertUser(db);
    for (let i = 0; i < 4; i += 1) {
      await insertArticle(db, { publisherId: ledger.id, authorId: author.id }, { views: 10_000 + i });
    }
    await ctx.changed();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/articles/trending' });
    expect(response.json<unknown[]>()).toHaveLength(LIMITS.trendingCount);
  });
});
