import type { AdminUser, UserPage, UserStats } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, familyMembers } from '../../db/schema.js';
import { insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const MINUTE = 60_000;

describe('GET /api/stats/users', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const stats = async () => (await ctx.app.inject({ method: 'GET', url: '/api/stats/users' })).json<UserStats>();

  it('answers zeros for an empty site', async () => {
    expect(await stats()).toEqual({ totalUsers: 0, normalUsers: 0, premiumUsers: 0 });
  });

  it('counts unexpired premium by server time, and normal as the rest', async () => {
    const now = ctx.clock.now.getTime();
    await insertUser(ctx.database.db);
    await insertUser(ctx.database.db, { premiumUntil: new Date(now + 5 * MINUTE) });
    await insertUser(ctx.database.db, { premiumUntil: new Date(now - MINUTE) });
    await insertUser(ctx.database.db, { role: 'admin' });
    await ctx.changed();
    expect(await stats()).toEqual({ totalUsers: 4, normalUsers: 3, premiumUsers: 1 });

    ctx.clock.advance(6 * MINUTE);
    expect(await stats()).toEqual({ totalUsers: 4, normalUsers: 4, premiumUsers: 0 });
  });
});

describe("GET /api/users: the admin's users table shows each account's family", () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ token } = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' }));
  });
  afterAll(() => ctx.close());

  const list = async (query = 'limit=50') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<UserPage>();
  };
  const familyOf = (page: UserPage, email: string): AdminUser['family'] | undefined =>
    page.users.find((user) => user.email === email)?.family;

  it('says owner with members and seats, member with the owner, or null, one row per account', async () => {
    const db = ctx.database.db;
    const owner = await insertUser(db, { name: 'Olive Owner' });
    const [mia, max, loner, emptyOwner, both] = await Promise.all([
      insertUser(db, { name: 'Mia Member' }),
      insertUser(db, { name: 'Max Member' }),
      insertUser(db, { name: 'Lena Loner' }),
      insertUser(db, { name: 'Edda Empty' }),
      insertUser(db, { name: 'Bo Both' }),
    ]);
    const [family] = await db.insert(families).values({ ownerId: owner.id, seats: 5 }).returning();
    await db.insert(families).values([
      { ownerId: emptyOwner!.id, seats: 3 },
      { ownerId: both!.id, seats: 2 },
    ]);
    await db.insert(familyMembers).values([
      { userId: mia!.id, familyId: family!.id },
      { userId: max!.id, familyId: family!.id },
      { userId: both!.id, familyId: family!.id },
    ]);

    const page = await list();
    expect(familyOf(page, owner.email)).toEqual({ role: 'owner', members: 3, seats: 5 });
    expect(familyOf(page, mia!.email)).toEqual({ role: 'member', owner: 'Olive Owner' });
    expect(familyOf(page, max!.email)).toEqual({ role: 'member', owner: 'Olive Owner' });
    expect(familyOf(page, emptyOwner!.email)).toEqual({ role: 'owner', members: 0, seats: 3 });
    // Owning a family and sitting in another: shown as the owner, as GET /api/family shows them.
    expect(familyOf(page, both!.email)).toEqual({ role: 'owner', members: 0, seats: 2 });
    expect(familyOf(page, loner!.email)).toBeNull();

    const ids = page.users.map((user) => user._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.total).toBe(ids.length);
  });

  it('keeps each family when searching, and pages without losing or repeating an account', async () => {
    const page = await list('q=mia%20member');
    expect(page.total).toBe(1);
    expect(page.users.map((user) => [user.name, user.family])).toEqual([
      ['Mia Member', { role: 'member', owner: 'Olive Owner' }],
    ]);

    const whole = await list();
    const paged: AdminUser[] = [];
    for (let page = 1; paged.length < whole.total; page += 1) {
      const next = await list(`limit=2&page=${page}`);
      expect(next.total).toBe(whole.total);
      expect(next.users.length).toBeGreaterThan(0);
      paged.push(...next.users);
    }
    expect(paged.map((user) => [user._id, user.family])).toEqual(whole.users.map((user) => [user._id, user.family]));
  });
});
