import type { CreatedGiftLink, Funnel, PaymentIntent } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paywallEvents } from '../../db/schema.js';
import { sweep } from '../system/housekeeping.js';
import { insertArticle, insertPublisher } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const GOOD_CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' };
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-07-10T12:00:00Z');

describe('the paywall funnel (FREE_PREMIUM_READS=1)', () => {
  let ctx: TestContext;
  let a: { id: string; title: string };
  let b: { id: string; title: string };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { FREE_PREMIUM_READS: '1' } });
    ctx.clock.set(T0);
    const db = ctx.database.db;
    const publisher = await insertPublisher(db);
    const author = await signedInUser(ctx.app, db);
    const refs = { publisherId: publisher.id, authorId: author.user.id };
    a = await insertArticle(db, refs, { isPremium: true, title: 'Article A' });
    b = await insertArticle(db, refs, { isPremium: true, title: 'Article B' });
  });
  afterAll(() => ctx.close());

  const open = (id: string, token: string, gift?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/articles/${id}${gift ? `?gift=${gift}` : ''}`,
      headers: bearer(token),
    });
  const login = async (email: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } })).json<{
      token: string;
    }>().token;
  async function subscribe(email: string) {
    const token = await login(email);
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(token),
        payload: { planId: 'trial' },
      })
    ).json<PaymentIntent>();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(token),
      payload: { clientSecret, card: GOOD_CARD },
    });
    expect(paid.statusCode).toBe(200);
  }
  const funnel = async (days = 30) => {
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/dashboard/funnel?days=${days}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<Funnel>();
  };

  it('counts a scripted sequence: walls, a registration, a subscription within 7 days, a gift open, metered reads', async () => {
    const db = ctx.database.db;
    // A new reader (registered an hour ago): a metered read of A, then the wall of B, twice.
    const fresh = await signedInUser(ctx.app, db, { createdAt: new Date(T0.getTime() - HOUR) });
    expect((await open(a.id, fresh.token)).json()).toMatchObject({ access: true });
    expect((await open(b.id, fresh.token)).json()).toMatchObject({ access: false });
    await open(b.id, fresh.token);
    // An older reader: a metered read of A, the wall of B; not a registration.
    const old = await signedInUser(ctx.app, db, { createdAt: new Date(T0.getTime() - 30 * DAY) });
    await open(a.id, old.token);
    await open(b.id, old.token);
    // A subscriber's gift link for A, opened by a third reader twice: one gift open.
    const giver = await signedInUser(ctx.app, db, { premiumUntil: new Date(T0.getTime() + 60 * DAY) });
    const { token } = (
      await ctx.app.inject({ method: 'POST', url: `/api/articles/${a.id}/gift-links`, headers: bearer(giver.token) })
    ).json<CreatedGiftLink>();
    const friend = await signedInUser(ctx.app, db, { createdAt: new Date(T0.getTime() - 30 * DAY) });
    await open(a.id, friend.token, token);
    await open(a.id, friend.token, token);

    // The new reader subscribes two days later (counted for B); the old one eight days later (too late).
    ctx.clock.set(new Date(T0.getTime() + 2 * DAY));
    await subscribe(fresh.user.email);
    ctx.clock.set(new Date(T0.getTime() + 8 * DAY));
    await subscribe(old.user.email);

    ctx.clock.set(new Date(T0.getTime() + 9 * DAY));
    const result = await funnel();
    expect(result.site).toEqual({ wall: 2, registered: 1, subscribed: 1, gift: 1, metered: 2 });
    expect(result.articles).toEqual([
      { _id: b.id, title: 'Article B', wall: 2, registered: 1, subscribed: 1, gift: 0, metered: 0 },
      { _id: a.id, title: 'Article A', wall: 0, registered: 0, subscribed: 0, gift: 1, metered: 2 },
    ]);
    expect(result.byDay).toHaveLength(30);
    expect(result.byDay.find((day) => day.day === '2026-07-10')).toMatchObject({ wall: 2, metered: 2, gift: 1 });
    expect(result.byDay.find((day) => day.day === '2026-07-12')).toMatchObject({ subscribed: 1 });

    // A window that starts after the walls sees only what came later.
    expect((await funnel(7)).site).toEqual({ wall: 0, registered: 0, subscribed: 1, gift: 0, metered: 0 });
  });

  it("records a reader's wall again only for another article, after an hour or on another day", async () => {
    const db = ctx.database.db;
    const reader = await signedInUser(ctx.app, db, { createdAt: new Date(T0.getTime() - 30 * DAY) });
    ctx.clock.set(new Date('2026-07-10T21:00:00Z'));
    await open(a.id, reader.token); // the one free read
    const walls = async () =>
      (await db.select().from(paywallEvents))
        .filter((event) => event.userId === reader.user.id && event.kind === 1)
        .map((event) => `${event.articleId === b.id ? 'B' : 'A'} ${event.at.toISOString().slice(11, 16)}`);
    const wallOf = async (id: string, at: Date) => {
      ctx.clock.set(at);
      expect((await open(id, reader.token)).json()).toMatchObject({ access: false });
    };
    const writer = await signedInUser(ctx.app, db);
    const c = await insertArticle(
      db,
      { publisherId: (await insertPublisher(db)).id, authorId: writer.user.id },
      {
        isPremium: true,
      },
    );
    // A reload of the same wall is the same reader at the same wall.
    await wallOf(b.id, new Date('2026-07-10T22:00:00Z'));
    await wallOf(b.id, new Date('2026-07-10T22:10:00Z'));
    expect(await walls()).toEqual(['B 22:00']);
    // Another article's wall in between: the last wall is B's again, as a subscription would count it.
    await wallOf(c.id, new Date('2026-07-10T22:20:00Z'));
    await wallOf(b.id, new Date('2026-07-10T22:30:00Z'));
    // An hour later, and past midnight, it counts again.
    await wallOf(b.id, new Date('2026-07-10T23:31:00Z'));
    await wallOf(b.id, new Date('2026-07-11T00:01:00Z'));
    expect((await walls()).filter((wall) => wall.startsWith('B'))).toEqual([
      'B 22:00',
      'B 22:30',
      'B 23:31',
      'B 00:01',
    ]);
    ctx.clock.set(T0);
  });

  it('refuses a window it does not offer', async () => {
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    for (const days of ['0', '366', 'week']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboard/funnel?days=${days}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode, days).toBe(400);
    }
  });

  it('is pruned by the housekeeping sweep after the retention period', async () => {
    const before = (await ctx.database.db.select().from(paywallEvents)).length;
    expect(before).toBeGreaterThan(0);
    ctx.clock.set(new Date(T0.getTime() + 403 * DAY));
    const result = await sweep({ db: ctx.database.db, images: ctx.images, clock: () => ctx.clock.now });
    expect(result).toMatchObject({ swept: true, funnelEvents: before });
    expect(await ctx.database.db.select().from(paywallEvents)).toEqual([]);
  });
});
