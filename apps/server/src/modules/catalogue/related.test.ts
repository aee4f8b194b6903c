import { LIMITS, type ErrorResponse, type RelatedArticles } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const SECRET = 'SECRET-PREMIUM-PARAGRAPH';

describe("an article page's closing sections: more from its publisher, more on its tag", () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let refs: { ledger: { publisherId: string; authorId: string }; civic: { publisherId: string; authorId: string } };
  const base = new Date('2026-01-01T00:00:00Z').getTime();
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    admin = await signedInUser(ctx.app, db, { role: 'admin' });
    const authorId = (await insertUser(db)).id;
    const ledger = await insertPublisher(db, { name: 'The Ledger' });
    const civic = await insertPublisher(db, { name: 'Civic Standard' });
    refs = { ledger: { publisherId: ledger.id, authorId }, civic: { publisherId: civic.id, authorId } };
    const add = async (
      title: string,
      where: keyof typeof refs,
      minute: number,
      values: Parameters<typeof insertArticle>[2] = {},
    ) => {
      ids[title] = (
        await insertArticle(db, refs[where], { title, tags: ['Sports'], createdAt: at(minute), ...values })
      ).id;
    };
    await add('Read now', 'ledger', 10, { tags: ['Health', 'Sports'] });
    for (let n = 1; n <= 4; n += 1) await add(`Ledger ${n}`, 'ledger', n, { tags: ['Health'] });
    await add('Ledger pending', 'ledger', 20, { status: 'pending' });
    await add('Ledger declined', 'ledger', 21, { status: 'declined' });
    await add('Civic health', 'civic', 5, { tags: ['Health'] });
    await add('Civic premium health', 'civic', 6, {
      tags: ['Health', 'Politics'],
      isPremium: true,
      description: `${'a'.repeat(LIMITS.excerptLength)}${SECRET}`,
    });
    await add('Civic pending health', 'civic', 22, { tags: ['Health'], status: 'pending' });
    await add('Civic sports', 'civic', 7, { tags: ['Sports'] });
  });
  afterAll(() => ctx.close());

  const related = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/articles/${id}/related` });
  const titles = (list: { articles: { title: string }[] } | null) => list?.articles.map((article) => article.title);

  it('gives the newest approved others of the publisher, then of the first tag, none twice, to anyone', async () => {
    const response = await related(ids['Read now']!);
    expect(response.statusCode).toBe(200);
    const body = response.json<RelatedArticles>();
    expect(body.publisher.name).toBe('The Ledger');
    expect(titles(body.publisher)).toEqual(['Ledger 4', 'Ledger 3', 'Ledger 2']);
    expect(body.tag?.name).toBe('Health');
    // Ledger 1 is a Health article the publisher's section left out: it may be shown here.
    expect(titles(body.tag)).toEqual(['Civic premium health', 'Civic health', 'Ledger 1']);
  });

  it('shows a premium article as its card: the excerpt, never the text', async () => {
    const response = await related(ids['Read now']!);
    const premium = response.json<RelatedArticles>().tag?.articles.find((card) => card.isPremium);
    expect(premium?.excerpt).toBe('a'.repeat(LIMITS.excerptLength));
    expect(response.body).not.toContain(SECRET);
  });

  it('is a 404 for an article that is not approved, or not there, or not an id', async () => {
    for (const id of [ids['Ledger pending']!, ids['Ledger declined']!, crypto.randomUUID(), 'nope']) {
      const response = await related(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json<ErrorResponse>().code).toBe('NOT_FOUND');
    }
  });

  it('follows an approval: the cached sections change with the catalogue', async () => {
    const before = (await related(ids['Civic sports']!)).json<RelatedArticles>();
    expect(titles(before.publisher)).toEqual(['Civic premium health', 'Civic health']);
    expect(titles(before.tag)).toEqual(['Read now']);
    const approve = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/approve/${ids['Civic pending health']!}`,
      headers: bearer(admin.token),
    });
    expect(approve.statusCode).toBe(200);
    const after = (await related(ids['Civic sports']!)).json<RelatedArticles>();
    expect(titles(after.publisher)).toEqual(['Civic pending health', 'Civic premium health', 'Civic health']);
  });
});
