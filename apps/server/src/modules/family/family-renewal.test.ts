import {
  DAY_MS,
  MINUTE_MS,
  type ArticleDetail,
  type FamilyView,
  type PremiumAccess,
  type RoleRecord,
} from '@dispatch/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, familyMembers, subscriptions } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser, seedSnapshot } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/*
 * A family across its owner's renewal (decision 055): while the owner's renewing subscription in good standing is
 * undecided, the family is active for the owner and every member, as the owner's own premium is; a member's own
 * later access keeps its date; and the hold ends with the period's end plus the grace days, decided or not.
 */

const GRACE_DAYS = 3;
const SECRET = 'A-FAMILY-PREMIUM-PARAGRAPH';

describe('a family while its owner’s renewal is undecided', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let premiumArticle = '';

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RENEWAL_GRACE_DAYS: String(GRACE_DAYS) } });
    const db = ctx.database.db;
    admin = await signedInUser(ctx.app, db, { role: 'admin' });
    const publisher = await insertPublisher(db);
    const author = await insertUser(db);
    premiumArticle = (
      await insertArticle(
        db,
        { publisherId: publisher.id, authorId: author.id },
        { isPremium: true, description: `${'Opening words. '.repeat(10)}${SECRET}` },
      )
    ).id;
  });
  afterAll(() => ctx.close());

  const call = (options: InjectOptions, token: string) => ctx.app.inject({ ...options, headers: bearer(token) });
  const familyOf = async (token: string) =>
    (await call({ method: 'GET', url: '/api/family' }, token)).json<FamilyView>();
  const roleOf = async (token: string, email?: string) =>
    (
      await call({ method: 'GET', url: `/api/users/role${email ? `?email=${encodeURIComponent(email)}` : ''}` }, token)
    ).json<RoleRecord>();
  const opensPremium = async (token: string) => {
    const detail = (await call({ method: 'GET', url: `/api/articles/${premiumArticle}` }, token)).json<ArticleDetail>();
    return detail.access && JSON.stringify(detail).includes(SECRET);
  };

  /** An owner whose renewing family subscription's period ends at `periodEnd`, with one member. */
  async function familyRenewingAt(periodEnd: Date, memberPremiumTaken: Date | null = null) {
    const db = ctx.database.db;
    const owner = await signedInUser(ctx.app, db, { premiumUntil: periodEnd });
    await db.insert(subscriptions).values({
      userId: owner.user.id,
      planId: 'family',
      planSnapshot: { ...seedSnapshot('family'), familySeats: 6, renewsEvery: 'month' },
      provider: 'test',
      status: 'active',
      periodStart: new Date(periodEnd.getTime() - 30 * DAY_MS),
      periodEnd,
      nextAttemptAt: periodEnd,
    });
    const [family] = await db
      .insert(families)
      .values({ ownerId: owner.user.id, seats: 6, createdAt: ctx.clock.now })
      .returning();
    const member = await signedInUser(ctx.app, db, { premiumUntil: memberPremiumTaken });
    await db.insert(familyMembers).values({ userId: member.user.id, familyId: family!.id, joinedAt: ctx.clock.now });
    await ctx.changed();
    return { owner, member };
  }

  it('keeps the family active, and lets the owner invite and a reader accept, past the period’s end', async () => {
    const start = ctx.clock.now;
    const periodEnd = new Date(start.getTime() + DAY_MS);
    const { owner, member } = await familyRenewingAt(periodEnd);
    try {
      ctx.clock.set(new Date(periodEnd.getTime() + 30 * MINUTE_MS));
      expect(await opensPremium(owner.token)).toBe(true);
      expect(await familyOf(owner.token)).toMatchObject({ role: 'owner', active: true });
      expect(await familyOf(member.token)).toMatchObject({ role: 'member', active: true });
      const newcomer = await signedInUser(ctx.app, ctx.database.db);
      const invited = await call(
        { method: 'POST', url: '/api/family/invitations', payload: { email: newcomer.user.email } },
        owner.token,
      );
      expect(invited.statusCode, invited.body).toBe(201);
      const token = new URL(invited.json<{ link: string }>().link).searchParams.get('token')!;
      const accepted = await call(
        { method: 'POST', url: '/api/family/invitations/accept', payload: { token } },
        newcomer.token,
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await opensPremium(newcomer.token)).toBe(true);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('keeps a member’s own later date in their session, profile and role, which an admin’s look-up agrees with', async () => {
    const start = ctx.clock.now;
    const periodEnd = new Date(start.getTime() + DAY_MS);
    const ownUntil = new Date(start.getTime() + 20 * DAY_MS);
    const { member } = await familyRenewingAt(periodEnd, ownUntil);
    try {
      ctx.clock.set(new Date(periodEnd.getTime() + 30 * MINUTE_MS));
      const own = await roleOf(member.token);
      expect(own.premiumTaken).toBe(ownUntil.toISOString());
      expect(own).toEqual(await roleOf(admin.token, member.user.email));
      const access = (await call({ method: 'GET', url: '/api/users/access' }, member.token)).json<PremiumAccess>();
      expect(access).toMatchObject({ until: ownUntil.toISOString(), active: true });
      expect(await opensPremium(member.token)).toBe(true);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('ends the hold at the period’s end plus the grace days when nothing decided the renewal', async () => {
    const start = ctx.clock.now;
    const periodEnd = new Date(start.getTime() + DAY_MS);
    const holdEnd = new Date(periodEnd.getTime() + GRACE_DAYS * DAY_MS);
    const { owner, member } = await familyRenewingAt(periodEnd);
    try {
      ctx.clock.set(new Date(holdEnd.getTime() - MINUTE_MS));
      expect(await opensPremium(owner.token)).toBe(true);
      expect(await opensPremium(member.token)).toBe(true);
      ctx.clock.set(holdEnd);
      expect(await opensPremium(owner.token)).toBe(false);
      expect(await opensPremium(member.token)).toBe(false);
      expect(await familyOf(owner.token)).toMatchObject({ active: false });
      const own = await roleOf(owner.token);
      expect(own).toEqual(await roleOf(admin.token, owner.user.email));
      const premiumList = await call({ method: 'GET', url: '/api/premium-articles' }, member.token);
      expect(premiumList.statusCode).toBe(403);
    } finally {
      ctx.clock.set(start);
    }
  });
});
