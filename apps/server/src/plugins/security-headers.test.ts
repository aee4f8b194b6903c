import type { CreatedGiftLink } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, makeImage } from '../test/fixtures.js';
import { bearer, signedInUser } from '../test/http.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

const DAY = 86_400_000;
const SECRET = 'PREMIUM-ONLY-PARAGRAPH';

describe('API answers: no cache keeps them unless their route says so (decision 054)', () => {
  let ctx: TestContext;
  let premium: string[];
  let authorToken: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { FREE_PREMIUM_READS: '1' } });
    const db = ctx.database.db;
    const publisher = await insertPublisher(db);
    const author = await signedInUser(ctx.app, db);
    authorToken = author.token;
    const refs = { publisherId: publisher.id, authorId: author.user.id };
    premium = [];
    for (let n = 0; n < 4; n += 1) {
      const row = await insertArticle(db, refs, { isPremium: true, description: `${'Words. '.repeat(20)}${SECRET}` });
      premium.push(row.id);
    }
  });
  afterAll(() => ctx.close());

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('sends every answer that can carry premium text `private, no-store`', async () => {
    const db = ctx.database.db;
    const subscriber = await signedInUser(ctx.app, db, { premiumUntil: new Date(ctx.clock.now.getTime() + 60 * DAY) });
    const admin = await signedInUser(ctx.app, db, { role: 'admin' });
    const metered = await signedInUser(ctx.app, db);
    const offered = await signedInUser(ctx.app, db);
    const gifted = await signedInUser(ctx.app, db);
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/articles/${premium[1]}/gift-links`,
      headers: bearer(subscriber.token),
    });
    const { token: gift } = made.json<CreatedGiftLink>();
    // Spends the offered reader's one free read on another article: the next one gets the teaser.
    await get(`/api/articles/${premium[3]}`, offered.token);

    const answers = {
      "a subscriber's article": await get(`/api/articles/${premium[0]}`, subscriber.token),
      "the author's own article": await get(`/api/articles/${premium[0]}`, authorToken),
      'a metered free read': await get(`/api/articles/${premium[2]}`, metered.token),
      'a gift link read': await get(`/api/articles/${premium[1]}?gift=${gift}`, gifted.token),
      'the teaser of a reader whose reads are spent': await get(`/api/articles/${premium[0]}`, offered.token),
      'a free read spent by a click': await ctx.app.inject({
        method: 'POST',
        url: `/api/articles/${premium[0]}/free-read`,
        headers: bearer(subscriber.token),
      }),
      "an admin's read": await get(`/api/articles/${premium[0]}`, admin.token),
      "the author's revisions": await get(`/api/articles/${premium[0]}/revisions`, authorToken),
      'the premium list': await get('/api/premium-articles', subscriber.token),
      'a preview': await get(`/api/articles/${premium[0]}/preview`),
      'a refusal': await get('/api/articles/not-an-id', subscriber.token),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.statusCode, what).toBeLessThan(what === 'a refusal' ? 500 : 300);
      expect(answer.headers['cache-control'], what).toBe('private, no-store');
    }
    // The answers above did carry the text, where the reader may read it.
    for (const what of ["a subscriber's article", 'a metered free read', 'a gift link read', "an admin's read"]) {
      expect(answers[what as keyof typeof answers].body, what).toContain(SECRET);
    }
    expect(answers['the teaser of a reader whose reads are spent'].body).not.toContain(SECRET);
  });

  it("keeps a route's own Cache-Control: uploads are immutable, and no page or feed becomes private", async () => {
    const image = await makeImage(ctx.images);
    expect((await get(image)).headers['cache-control']).toMatch(/immutable/);
    expect((await get('/rss.xml')).headers['cache-control']).toMatch(/^public/);
  });
});
