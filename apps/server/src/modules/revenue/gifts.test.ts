import {
  GIFT_MESSAGES,
  type ArticleDetail,
  type CreatedGiftLink,
  type ErrorResponse,
  type GiftLinkList,
} from '@dispatch/shared';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftLinks } from '../../db/schema.js';
import { insertArticle, insertPublisher } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const SECRET = 'GIFTED-PREMIUM-PARAGRAPH';
const DAY = 24 * 60 * 60_000;

describe('gift links', () => {
  let ctx: TestContext;
  let refs: { publisherId: string; authorId: string };
  let gifted: string;
  let other: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date('2026-05-10T09:00:00Z'));
    const db = ctx.database.db;
    const publisher = await insertPublisher(db);
    const author = await signedInUser(ctx.app, db);
    refs = { publisherId: publisher.id, authorId: author.user.id };
    const premiumArticle = async (n: number) =>
      (await insertArticle(db, refs, { isPremium: true, description: `${'Lead. '.repeat(30)}${SECRET}-${n}` })).id;
    gifted = await premiumArticle(1);
    other = await premiumArticle(2);
  });
  afterAll(() => ctx.close());

  const subscriber = () =>
    signedInUser(ctx.app, ctx.database.db, { premiumUntil: new Date(ctx.clock.now.getTime() + 60 * DAY) });
  const reader = () => signedInUser(ctx.app, ctx.database.db);
  const create = (id: string, token: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/articles/${id}/gift-links`, headers: bearer(token) });
  const open = (id: string, token: string, gift?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/articles/${id}${gift === undefined ? '' : `?gift=${encodeURIComponent(gift)}`}`,
      headers: bearer(token),
    });
  const list = (token: string, articleId?: string) =>
    ctx.app
      .inject({
        method: 'GET',
        url: articleId ? `/api/articles/${articleId}/gift-links` : '/api/gift-links',
        headers: bearer(token),
      })
      .then((response) => response.json<GiftLinkList>());

  it('opens exactly its article, for 14 days, and counts the readers who opened it', async () => {
    const sender = await subscriber();
    const made = await create(gifted, sender.token);
    expect(made.statusCode).toBe(201);
    const { token, link } = made.json<CreatedGiftLink>();
    // 32 random bytes: 256 bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ articleId: gifted, opens: 0, revokedAt: null });
    expect(new Date(link.expiresAt).getTime() - ctx.clock.now.getTime()).toBe(14 * DAY);

    // Only the hash is stored.
    const [row] = await ctx.database.db.select().from(giftLinks);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const first = await reader();
    const opened = await open(gifted, first.token, token);
    expect(opened.json<ArticleDetail>()).toMatchObject({ access: true, gift: { expiresAt: link.expiresAt } });
    expect(opened.body).toContain(`${SECRET}-1`);
    // Without the token, the same reader gets the teaser.
    expect((await open(gifted, first.token)).body).not.toContain(SECRET);

    // The token does not open another premium article, nor does it tell that it exists.
    const elsewhere = await open(other, first.token, token);
    expect(elsewhere.json<ArticleDetail>()).toMatchObject({ access: false, giftRefused: 'unknown' });
    expect(elsewhere.body).not.toContain(SECRET);

    // Opened twice by one reader and once by another: two readers.
    await open(gifted, first.token, token);
    await open(gifted, (await reader()).token, token);
    expect((await list(sender.token, gifted)).links).toMatchObject([{ _id: link._id, opens: 2 }]);

    ctx.clock.advance(14 * DAY - 60_000);
    const late = await reader();
    expect((await open(gifted, late.token, token)).json<ArticleDetail>().access).toBe(true);
    ctx.clock.advance(60_000);
    const expired = await open(gifted, late.token, token);
    expect(expired.json<ArticleDetail>()).toMatchObject({ access: false, giftRefused: 'expired' });
    expect(expired.body).not.toContain(SECRET);
    ctx.clock.set(new Date('2026-05-10T09:00:00Z'));
  });

  it('stops opening once its sender revokes it; only the sender or an admin may', async () => {
    const sender = await subscriber();
    const { token, link } = (await create(gifted, sender.token)).json<CreatedGiftLink>();
    const someone = await reader();
    expect((await open(gifted, someone.token, token)).json<ArticleDetail>().access).toBe(true);

    const stranger = await subscriber();
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/gift-links/${link._id}`,
      headers: bearer(stranger.token),
    });
    expect(refused.statusCode).toBe(404);

    const revoke = () =>
      ctx.app.inject({ method: 'DELETE', url: `/api/gift-links/${link._id}`, headers: bearer(sender.token) });
    expect((await revoke()).statusCode).toBe(200);
    expect((await revoke()).json<ErrorResponse>()).toMatchObject({ message: GIFT_MESSAGES.alreadyRevoked });
    const after = await open(gifted, someone.token, token);
    expect(after.json<ArticleDetail>()).toMatchObject({ access: false, giftRefused: 'revoked' });
    expect(after.body).not.toContain(SECRET);
    expect((await list(sender.token)).links[0]).toMatchObject({ _id: link._id, revokedAt: expect.any(String) });
  });

  it("counts a gift reader's view with the link's token; without it, or once the link is revoked, none", async () => {
    const sender = await subscriber();
    const { token, link } = (await create(gifted, sender.token)).json<CreatedGiftLink>();
    const someone = await reader();
    const view = (gift?: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/articles/views/${gifted}${gift === undefined ? '' : `?gift=${encodeURIComponent(gift)}`}`,
        headers: bearer(someone.token),
      });
    const opened = (await open(gifted, someone.token, token)).json<ArticleDetail>();
    expect(opened.access).toBe(true);
    const counted = await view(token);
    expect(counted.statusCode).toBe(200);
    expect(counted.json<{ views: number }>().views).toBe(opened.article.views + 1);

    expect((await view()).statusCode).toBe(403);
    // Another article's link counts no view of this one.
    const { token: otherToken } = (await create(other, sender.token)).json<CreatedGiftLink>();
    expect((await view(otherToken)).statusCode).toBe(403);
    expect((await view('A'.repeat(43))).statusCode).toBe(403);
    expect((await view('x'.repeat(500))).statusCode).toBe(400);
    await ctx.app.inject({ method: 'DELETE', url: `/api/gift-links/${link._id}`, headers: bearer(sender.token) });
    expect((await view(token)).statusCode).toBe(403);
  });

  it('gives a made-up or malformed token the teaser or a 400, never the article', async () => {
    const someone = await reader();
    const unknown = await open(gifted, someone.token, 'A'.repeat(43));
    expect(unknown.json<ArticleDetail>()).toMatchObject({ access: false, giftRefused: 'unknown' });
    expect((await open(gifted, someone.token, 'x'.repeat(500))).statusCode).toBe(400);
    expect((await open(gifted, someone.token, 'a\u0000b')).statusCode).toBe(400);
  });

  it('allows GIFT_LINKS_PER_MONTH (5) a calendar month to a subscriber, and no limit to an admin', async () => {
    const sender = await subscriber();
    for (let n = 0; n < 5; n += 1) expect((await create(gifted, sender.token)).statusCode).toBe(201);
    const sixth = await create(other, sender.token);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json<ErrorResponse>().message).toBe(GIFT_MESSAGES.quotaReached(5));
    expect(await list(sender.token)).toMatchObject({ usedThisMonth: 5, allowedPerMonth: 5 });

    ctx.clock.set(new Date('2026-06-01T00:00:00Z'));
    const renewed = await signedInUser(ctx.app, ctx.database.db, {
      email: `renewed-${Date.now()}@example.com`,
      premiumUntil: new Date('2026-09-01T00:00:00Z'),
    });
    expect((await create(gifted, renewed.token)).statusCode).toBe(201);
    ctx.clock.set(new Date('2026-05-10T09:00:00Z'));

    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    for (let n = 0; n < 7; n += 1) expect((await create(gifted, admin.token)).statusCode).toBe(201);
    expect(await list(admin.token)).toMatchObject({ usedThisMonth: 7, allowedPerMonth: null });
  });

  it('holds the quota under parallel requests', async () => {
    const sender = await subscriber();
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(gifted, sender.token)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(7);
    expect((await list(sender.token)).links).toHaveLength(5);
  });

  it('is made only by subscribers, only for an approved premium article', async () => {
    const plain = await reader();
    expect((await create(gifted, plain.token)).statusCode).toBe(403);
    const sender = await subscriber();
    const free = (await insertArticle(ctx.database.db, refs)).id;
    const freeAnswer = await create(free, sender.token);
    expect(freeAnswer.statusCode).toBe(400);
    expect(freeAnswer.json<ErrorResponse>().message).toBe(GIFT_MESSAGES.onlyPremiumArticles);
    const pending = (await insertArticle(ctx.database.db, refs, { isPremium: true, status: 'pending' })).id;
    expect((await create(pending, sender.token)).statusCode).toBe(404);
    expect((await create('00000000-0000-0000-0000-000000000000', sender.token)).statusCode).toBe(404);
  });
});
