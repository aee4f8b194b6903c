import type { UserStats } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/fixtures.js';
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
    await insertUser(ctx.database.db, { premiumTaken: new Date(now + 5 * MINUTE) });
    await insertUser(ctx.database.db, { premiumTaken: new Date(now - MINUTE) });
    await insertUser(ctx.database.db, { role: 'admin' });
    await ctx.changed();
    expect(await stats()).toEqual({ totalUsers: 4, normalUsers: 3, premiumUsers: 1 });

    ctx.clock.advance(6 * MINUTE);
    expect(await stats()).toEqual({ totalUsers: 4, normalUsers: 4, premiumUsers: 0 });
  });
});
