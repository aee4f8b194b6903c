import type { RoleRecord } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, familyMembers, subscriptions } from '../../db/schema.js';
import { seedSnapshot } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

// GET /users/role, asked on every page a signed-in reader opens, answers their own record from their session
// (`viewerRoleRecord`); an admin asking about them reads it from the rows (`getRoleRecord`). They must agree.
describe("a reader's own role record and an admin's look-up of it", () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  const roleOf = (token: string, email?: string) =>
    ctx.app
      .inject({
        method: 'GET',
        url: `/api/users/role${email ? `?email=${encodeURIComponent(email)}` : ''}`,
        headers: bearer(token),
      })
      .then((response) => response.json<RoleRecord>());

  it.each<[string, { role?: 'admin'; premiumUntil?: Date; premiumArticles?: number }]>([
    ['a reader', {}],
    ['a subscriber', { premiumUntil: new Date(Date.now() + 30 * DAY) }],
    ['a reader whose premium lapsed', { premiumUntil: new Date(Date.now() - DAY) }],
    ['a pass with two premium articles', { premiumUntil: new Date(Date.now() + DAY), premiumArticles: 2 }],
    ['an admin', { role: 'admin' }],
  ])('agree for %s', async (_who, values) => {
    const reader = await signedInUser(ctx.app, ctx.database.db, values);
    const own = await roleOf(reader.token);
    expect(own).toEqual(await roleOf(admin.token, reader.user.email));
    expect(own.role).toBe(values.role ?? 'user');
    expect(own.premiumTaken).toBe(values.premiumUntil?.toISOString() ?? null);
  });

  it('agree for a family member while the owner’s renewal is undecided', async () => {
    const db = ctx.database.db;
    const periodEnd = new Date(ctx.clock.now.getTime() - 60_000);
    const owner = await signedInUser(ctx.app, db, { premiumUntil: periodEnd });
    await db.insert(subscriptions).values({
      userId: owner.user.id,
      planId: 'family',
      planSnapshot: { ...seedSnapshot('family'), familySeats: 6, renewsEvery: 'month' },
      provider: 'test',
      status: 'active',
      periodStart: new Date(periodEnd.getTime() - 30 * DAY),
      periodEnd,
      nextAttemptAt: periodEnd,
    });
    const [family] = await db.insert(families).values({ ownerId: owner.user.id, seats: 6 }).returning();
    const member = await signedInUser(ctx.app, db);
    await db.insert(familyMembers).values({ userId: member.user.id, familyId: family!.id });
    const own = await roleOf(member.token);
    expect(own.premiumTaken).toBe(periodEnd.toISOString());
    expect(own.renewing).toBeDefined();
    expect(own).toEqual(await roleOf(admin.token, member.user.email));
  });

  it('say a reader whose ended subscription used its free days has used them, and no one else', async () => {
    const db = ctx.database.db;
    const returning = await signedInUser(ctx.app, db);
    const periodEnd = new Date(ctx.clock.now.getTime() - 10 * DAY);
    await db.insert(subscriptions).values({
      userId: returning.user.id,
      planId: 'monthly',
      planSnapshot: { ...seedSnapshot('individual'), renewsEvery: 'month', freeDays: 7 },
      provider: 'test',
      status: 'ended',
      periodStart: new Date(periodEnd.getTime() - 7 * DAY),
      periodEnd,
      endedAt: periodEnd,
    });
    const firstTime = await signedInUser(ctx.app, db);

    const own = await roleOf(returning.token);
    expect(own.freeDaysUsed).toBe(true);
    expect(own).toEqual(await roleOf(admin.token, returning.user.email));
    expect((await roleOf(firstTime.token)).freeDaysUsed).toBeUndefined();
    expect((await roleOf(admin.token, firstTime.user.email)).freeDaysUsed).toBeUndefined();
  });

  it('answers a role change on the next request', async () => {
    const reader = await signedInUser(ctx.app, ctx.database.db);
    expect((await roleOf(reader.token)).role).toBe('user');
    const promoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/admin/${reader.user.id}`,
      headers: bearer(admin.token),
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await roleOf(reader.token)).role).toBe('admin');
  });
});
