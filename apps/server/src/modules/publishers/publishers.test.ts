import type { Publisher } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('GET /api/publishers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('lists every publisher by name with the API field names', async () => {
    await insertPublisher(ctx.database.db, { name: 'Zeta Times', logo: '/api/uploads/z.webp' });
    await insertPublisher(ctx.database.db, { name: 'Alpha Post', logo: '/api/uploads/a.webp' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/publishers' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Publisher[]>();
    expect(body.map((publisher) => publisher.name)).toEqual(['Alpha Post', 'Zeta Times']);
    expect(Object.keys(body[0]!).sort()).toEqual(['_id', 'createdAt', 'logo', 'name']);
    expect(body[0]!.logo).toBe('/api/uploads/a.webp');
  });

  it('refuses the same name in another letter case', async () => {
    await expect(insertPublisher(ctx.database.db, { name: 'ALPHA POST' })).rejects.toThrow();
  });
});
