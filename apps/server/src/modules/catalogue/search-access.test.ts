import { type ArticleDetail, type ArticlePage, LIMITS } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// Past the excerpt of a premium article: what a reader without premium access must learn nothing about.
const HIDDEN = 'The dockmaster quietly signed the zeppelin contract before the tide turned';
const EXCERPT = 'Opening lines about the harbour and its cranes.'.padEnd(LIMITS.excerptLength, ' ');
const FAR_FUTURE = new Date('2099-01-01T00:00:00Z');

describe('what a search matches of premium text (decision 037)', () => {
  let ctx: TestContext;
  let premiumId: string;
  const readers: Record<string, string | undefined> = {};

  beforeAll(async () => {
    // The searches of every reader come from one address: its limit is search-limit.test.ts's concern.
    ctx = await createTestContext({ env: { FREE_PREMIUM_READS: '3', LIMIT_SEARCHES_PER_MINUTE: '100000' } });
    const db = ctx.database.db;
    const refs = { publisherId: (await insertPublisher(db)).id, authorId: (await insertUser(db)).id };
    premiumId = (
      await insertArticle(db, refs, {
        title: 'Harbour inquiry',
        tags: ['Politics'],
        description: `${EXCERPT} ${HIDDEN}.`,
        isPremium: true,
      })
    ).id;
    await insertArticle(db, refs, {
      title: 'Coastal notes',
      tags: ['Health'],
      description: `${'Free words for everyone to read here.'.padEnd(LIMITS.excerptLength, ' ')} The lighthouse ledger was found.`,
    });

    readers.anonymous = undefined;
    readers.reader = (await signedInUser(ctx.app, db)).token;
    readers.metered = (await signedInUser(ctx.app, db)).token;
    // A metered read opens the article in full for this reader; their searches still see only its teaser.
    const opened = await ctx.app.inject({ url: `/api/articles/${premiumId}`, headers: bearer(readers.metered) });
    expect(opened.json<ArticleDetail>()).toMatchObject({ access: true, meter: { used: 1 } });
    readers.subscriber = (await signedInUser(ctx.app, db, { premiumUntil: FAR_FUTURE })).token;
    readers.admin = (await signedInUser(ctx.app, db, { role: 'admin' })).token;
  });
  afterAll(() => ctx.close());

  async function search(text: string, token: string | undefined) {
    const response = await ctx.app.inject({
      url: `/api/articles/approved?search=${encodeURIComponent(text)}`,
      ...(token && { headers: bearer(token) }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ArticlePage>();
    // The total agrees with the cards (every set here is smaller than a page), for every class of reader.
    expect(body.total, text).toBe(body.articles.length);
    expect(response.body).not.toMatch(/dockmaster|zeppelin/i);
    return body.articles.map((article) => article.title);
  }

  const withoutAccess = ['anonymous', 'reader', 'metered'];
  const withAccess = ['subscriber', 'admin'];

  // The probe's walk: a phrase grown word by word past the excerpt, each step confirmed by a result.
  const walk = HIDDEN.split(' ').map((_, n, words) => `"${words.slice(0, n + 2).join(' ')}"`);

  it.each(withoutAccess)('finds nothing past the excerpt for %s: no phrase, word or -word tells', async (who) => {
    for (const phrase of walk) expect(await search(phrase, readers[who]), phrase).toEqual([]);
    for (const word of ['dockmaster', 'zeppelin contract', 'harbour dockmaster']) {
      expect(await search(word, readers[who]), word).toEqual([]);
    }
    // Excluding a hidden word changes nothing: the article is its teaser for this reader.
    expect(await search('harbour -zeppelin', readers[who])).toEqual(['Harbour inquiry']);
  });

  it.each(withAccess)('finds the premium text for %s', async (who) => {
    for (const phrase of walk) expect(await search(phrase, readers[who]), phrase).toEqual(['Harbour inquiry']);
    expect(await search('harbour -zeppelin', readers[who])).toEqual([]);
  });

  it.each([...withoutAccess, ...withAccess])(
    "finds the premium article's title, excerpt and tag words, and free text in full, for %s",
    async (who) => {
      for (const text of ['inquiry', 'harb', 'cranes', '"harbour and its cranes"', 'politics']) {
        expect(await search(text, readers[who]), text).toEqual(['Harbour inquiry']);
      }
      expect(await search('"lighthouse ledger"', readers[who])).toEqual(['Coastal notes']);
      expect(await search('health', readers[who])).toEqual(['Coastal notes']);
    },
  );

  it("never serves one class's cached answer to the other", async () => {
    const subscriberFirst = '"signed the zeppelin"';
    expect(await search(subscriberFirst, readers.subscriber)).toEqual(['Harbour inquiry']);
    expect(await search(subscriberFirst, undefined)).toEqual([]);
    expect(await search(subscriberFirst, readers.reader)).toEqual([]);

    const anonymousFirst = '"quietly signed"';
    expect(await search(anonymousFirst, undefined)).toEqual([]);
    expect(await search(anonymousFirst, readers.admin)).toEqual(['Harbour inquiry']);
  });

  it('follows the article: made premium, its text stops being searchable without access', async () => {
    const db = ctx.database.db;
    const refs = { publisherId: (await insertPublisher(db)).id, authorId: (await insertUser(db)).id };
    const admin = readers.admin!;
    const row = await insertArticle(db, refs, {
      title: 'Quay report',
      tags: ['Sports'],
      description: `${EXCERPT} The wharfinger kept a second ledger.`,
    });
    expect(await search('wharfinger', undefined)).toEqual(['Quay report']);
    const made = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/premium/${row.id}`,
      headers: bearer(admin),
    });
    expect(made.statusCode).toBe(200);
    expect(await search('wharfinger', undefined)).toEqual([]);
    expect(await search('wharfinger', admin)).toEqual(['Quay report']);
  });
});
