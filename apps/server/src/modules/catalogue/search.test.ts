import { LIMITS, type ArticlePage } from '@dispatch/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { searchApproved } from '../articles/articles.repository.js';

const SECRET = 'zeppelinsecret';
const base = new Date('2026-01-01T00:00:00Z').getTime();
const at = (minutes: number) => new Date(base + minutes * 60_000);

describe('searching approved articles', () => {
  let ctx: TestContext;
  let refs: { publisherId: string; authorId: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const publisher = await insertPublisher(db, { name: 'The Ledger' });
    const author = await insertUser(db);
    refs = { publisherId: publisher.id, authorId: author.id };
    const add = (title: string, description: string, minutes: number, more: { isPremium?: boolean } = {}) =>
      insertArticle(db, refs, { title, description, createdAt: at(minutes), ...more });
    await add('Election night in the capital', 'Voters queued for hours to cast ballots past midnight.', 1);
    await add(
      'Stadium reopens after repairs',
      'The city council approved the money for the new roof. Fans cheered.',
      2,
    );
    await add('Council budget vote', 'Several elections later the mayor promised a new stadium roof.', 3);
    await add('Weather report', 'Sunny, a 50% chance of rain, snake_case and back\\slash "quoted" words.', 4);
    const excerpt = 'Opening lines about the harbour and its cranes.'.padEnd(LIMITS.excerptLength, ' ');
    await add('Premium investigation', `${excerpt} The ${SECRET} appears only after the excerpt.`, 5, {
      isPremium: true,
    });
    await insertArticle(db, refs, { title: 'Pending stadium piece', status: 'pending', createdAt: at(6) });
  });
  afterAll(() => ctx.close());

  async function search(text: string, token?: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/articles/approved?search=${encodeURIComponent(text)}`,
      ...(token && { headers: bearer(token) }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ArticlePage>();
    expect(response.body).not.toContain(SECRET);
    return { body, titles: body.articles.map((article) => article.title) };
  }

  it('finds other forms of a word in the title and the text, title matches first', async () => {
    expect((await search('elections')).titles).toEqual(['Election night in the capital', 'Council budget vote']);
  });

  it('needs every word of several', async () => {
    expect((await search('council roof')).titles.sort()).toEqual([
      'Council budget vote',
      'Stadium reopens after repairs',
    ]);
    expect((await search('council midnight')).titles).toEqual([]);
  });

  it('ranks a title match above a newer text match', async () => {
    expect((await search('stadium')).titles).toEqual(['Stadium reopens after repairs', 'Council budget vote']);
  });

  it('gives results of equal relevance newest first, whatever their ids', async () => {
    // The same title and text (the same rank); the newer the article, the smaller its id.
    for (const [minutes, id] of [
      [7, 'ffffffff-0000-4000-8000-000000000000'],
      [9, '00000000-0000-4000-8000-000000000000'],
      [8, '88888888-0000-4000-8000-000000000000'],
    ] as const) {
      await insertArticle(ctx.database.db, refs, {
        id,
        title: `Lighthouse keeper retires (${minutes})`,
        description: 'The lighthouse keeper handed over the keys.',
        createdAt: at(minutes),
      });
    }
    const newestFirst = [
      'Lighthouse keeper retires (9)',
      'Lighthouse keeper retires (8)',
      'Lighthouse keeper retires (7)',
    ];
    expect((await search('lighthouse keeper')).titles).toEqual(newestFirst);
    // Matches of part of a title word only rank 0 alike, and come newest first too.
    expect((await search('lighthou')).titles).toEqual(newestFirst);
  });

  it('matches a quoted phrase only in that order', async () => {
    expect((await search('"new roof"')).titles).toEqual(['Stadium reopens after repairs']);
  });

  it('leaves out articles with a word after a minus', async () => {
    expect((await search('council -mayor')).titles).toEqual(['Stadium reopens after repairs']);
  });

  it('matches part of a title word, never part of a text word', async () => {
    expect((await search('stad')).titles).toEqual(['Stadium reopens after repairs']);
    expect((await search('REOPEN')).titles).toEqual(['Stadium reopens after repairs']);
    expect((await search('cheer')).titles).toEqual(['Stadium reopens after repairs']);
    expect((await search('chee')).titles).toEqual([]);
  });

  it('counts small result sets exactly', async () => {
    const { body } = await search('roof');
    expect(body.total).toBe(2);
    expect(body.totalCapped).toBeUndefined();
    expect((await search('nothingmatchesthis')).body).toEqual({ articles: [], total: 0 });
  });

  it('stops counting at the cap and says so, still showing every match of the page', async () => {
    const found = await searchApproved(
      ctx.database.db,
      { search: 'roof', premiumText: false },
      { offset: 0, limit: 12 },
      1,
    );
    expect(found).toMatchObject({ total: 1, capped: true });
    expect(found.rows).toHaveLength(2);
    const wide = await searchApproved(
      ctx.database.db,
      { search: 'roof', premiumText: false },
      { offset: 0, limit: 12 },
      2,
    );
    expect(wide).toMatchObject({ total: 2, capped: false });
  });

  it('pages through title matches, then text matches, without repeating or losing one', async () => {
    const all = (
      await searchApproved(ctx.database.db, { search: 'stadium', premiumText: false }, { offset: 0, limit: 12 }, 100)
    ).rows;
    const paged = [];
    for (let offset = 0; offset < all.length; offset += 1) {
      paged.push(
        ...(await searchApproved(ctx.database.db, { search: 'stadium', premiumText: false }, { offset, limit: 1 }, 100))
          .rows,
      );
    }
    expect(paged.map((row) => row.title)).toEqual(all.map((row) => row.title));
    expect(all.map((row) => row.title)).toEqual(['Stadium reopens after repairs', 'Council budget vote']);
  });

  it('highlights the matched words of the text as segments', async () => {
    const { body } = await search('elections');
    const [titleOnly, inText] = body.articles;
    expect(titleOnly!.highlight).toBeUndefined();
    expect(inText!.highlight).toContainEqual({ text: 'elections', match: true });
    expect('Several elections later the mayor promised a new stadium roof.').toContain(
      inText!.highlight!.map((segment) => segment.text).join(''),
    );
  });

  it("highlights a premium article from its excerpt only, even when a subscriber's search matched its body", async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db, { premiumUntil: at(60 * 24 * 365 * 10) });
    const inBody = await search(SECRET, token);
    expect(inBody.titles).toEqual(['Premium investigation']);
    expect(inBody.body.articles[0]!.highlight).toBeUndefined();
    const inExcerpt = await search(`harbour ${SECRET}`, token);
    expect(inExcerpt.body.articles[0]!.highlight).toContainEqual({ text: 'harbour', match: true });
    for (const text of ['premium', 'appears', 'excerpt', `"${SECRET} appears"`, 'cranes']) await search(text);
  });

  it.each([
    ['%', []],
    ['_', []],
    ['\\', []],
    ['50%', ['Weather report']],
    ['snake_case', ['Weather report']],
    ['back\\slash', ['Weather report']],
    ['stad:*', []],
    ['stad*', []],
    ['!stadium', ['Stadium reopens after repairs', 'Council budget vote']],
    ['stadium & !roof', ['Council budget vote', 'Stadium reopens after repairs']],
    ['roof | weather', []],
    ['(council)', ['Council budget vote', 'Stadium reopens after repairs']],
    ['"', []],
    ["'", []],
    ['-', []],
    ['"unclosed phrase', []],
    ["'); drop table articles; --", []],
    ['<-> & | ! : * ( )', []],
  ])('reads %s literally', async (text, expected) => {
    const { body, titles } = await search(text);
    expect(titles).toEqual(expected);
    expect(body.total).toBe(expected.length);
    const [count] = await ctx.database.db.select({ id: articles.id }).from(articles).limit(1);
    expect(count).toBeDefined();
  });
});

describe('highlighting what the search matched', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const refs = { publisherId: (await insertPublisher(db)).id, authorId: (await insertUser(db)).id };
    await insertArticle(db, refs, {
      title: 'Harbour works',
      description: "The councillor met the councils. Heavy rains fell on the harbour's cranes, and the rain stopped.",
      createdAt: at(1),
    });
  });
  afterAll(() => ctx.close());

  async function marked(text: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/articles/approved?search=${encodeURIComponent(text)}`,
    });
    const [card] = response.json<ArticlePage>().articles;
    return card?.highlight?.filter((segment) => segment.match).map((segment) => segment.text);
  }

  it('marks the words whose stems the query has, not words that only begin alike', async () => {
    expect(await marked('council')).toEqual(['councils']);
    expect(await marked('rain')).toEqual(['rains', 'rain']);
  });

  it('marks the words of a phrase, not those of an excluded word or phrase', async () => {
    expect(await marked('"heavy rains"')).toEqual(['Heavy', 'rains', 'rain']);
    expect(await marked('crane -"rain harbour"')).toEqual(['cranes']);
    expect(await marked('crane -storm')).toEqual(['cranes']);
  });

  it('has no highlight when only the title matched', async () => {
    expect(await marked('works')).toBeUndefined();
    expect(await marked('harb')).toBeUndefined();
  });
});

describe('paging an archive', () => {
  let ctx: TestContext;
  let publisherId: string;
  let authorId: string;
  const SIZE = 260;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    publisherId = (await insertPublisher(db, { name: 'Deep Archive' })).id;
    authorId = (await insertUser(db)).id;
    // Three articles share each minute, so the id decides among them.
    await db.insert(articles).values(
      Array.from({ length: SIZE }, (_, n) => ({
        title: `Archive ${n}`,
        image: '/api/uploads/article.webp',
        tags: [n % 2 === 0 ? ('Sports' as const) : ('Health' as const)],
        description: `Archived text ${n}.`,
        status: 'approved' as const,
        publisherId,
        authorId,
        createdAt: at(Math.floor(n / 3)),
      })),
    );
  });
  afterAll(() => ctx.close());

  async function page(query: string) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/articles/approved?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<ArticlePage>();
  }
  async function expectedOrder(tag?: 'Sports') {
    const rows = await ctx.database.db
      .select({ id: articles.id, tags: articles.tags })
      .from(articles)
      .where(eq(articles.status, 'approved'))
      .orderBy(desc(articles.createdAt), desc(articles.id));
    return rows.filter((row) => !tag || row.tags.includes(tag)).map((row) => row.id);
  }
  async function readAll(query: string, limit: number, pages: number) {
    const ids: string[] = [];
    for (let n = 1; n <= pages; n += 1) {
      const body = await page(`${query}&limit=${limit}&page=${n}`);
      ids.push(...body.articles.map((article) => article._id));
    }
    return ids;
  }

  it('gives every page, however deep, the same rows as one ordered read, with the exact total', async () => {
    const expected = await expectedOrder();
    expect(await readAll('publisher=Deep%20Archive', 12, Math.ceil(SIZE / 12))).toEqual(expected);
    expect(await readAll('publisher=Deep%20Archive', 7, Math.ceil(SIZE / 7))).toEqual(expected);
    expect(await page('publisher=Deep%20Archive&limit=7&page=38')).toMatchObject({ total: SIZE });
    expect(await page(`limit=12&page=${Math.ceil(SIZE / 12) + 1}`)).toEqual({ articles: [], total: SIZE });
  });

  it('pages a tag filter the same way', async () => {
    const expected = await expectedOrder('Sports');
    expect(await readAll('tag=Sports', 50, 3)).toEqual(expected);
    expect((await page('tag=Sports')).total).toBe(SIZE / 2);
  });

  it('moves later pages one place down when an article arrives between loads: nothing is skipped', async () => {
    const before = await expectedOrder();
    const first = await page('limit=10&page=1');
    const newest = await insertArticle(ctx.database.db, { publisherId, authorId }, { createdAt: at(10_000) });
    await ctx.changed();
    const second = await page('limit=10&page=2');
    expect(second.total).toBe(SIZE + 1);
    expect(first.articles.map((article) => article._id)).toEqual(before.slice(0, 10));
    // The last card of page 1 opens page 2; the rest follow in order.
    expect(second.articles.map((article) => article._id)).toEqual(before.slice(9, 19));
    expect((await page('limit=10&page=1')).articles[0]!._id).toBe(newest.id);
  });
});
