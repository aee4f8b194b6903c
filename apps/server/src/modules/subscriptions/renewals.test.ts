import { DAY_MS, type AdminPlan, type PaymentIntent } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewingPlan } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { renewDue } from './renewals.js';

const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const FREE_DAYS = 3;

describe('the renewal job told to stop', () => {
  let ctx: TestContext;
  let planId = '';

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const plan = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(admin.token),
      payload: renewingPlan({ freeDays: FREE_DAYS }),
    });
    expect(plan.statusCode).toBe(201);
    planId = plan.json<AdminPlan>().id;
  });
  afterAll(() => ctx?.close());

  async function subscribe() {
    const reader = await signedInUser(ctx.app, ctx.database.db);
    const intent = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(reader.token),
      payload: { planId },
    });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(reader.token),
      payload: { clientSecret: intent.json<PaymentIntent>().clientSecret, card: VISA },
    });
    expect(paid.statusCode).toBe(200);
  }

  it('commits the batch in hand and takes no other; the rest is settled by the next run', async () => {
    for (let n = 0; n < 3; n += 1) await subscribe();
    const due = new Date(ctx.clock.now.getTime() + FREE_DAYS * DAY_MS + 60_000);
    // Aborts once the first batch is under way, as SIGTERM would.
    let checks = 0;
    const stopping = {
      get aborted() {
        checks += 1;
        return checks > 1;
      },
    } as AbortSignal;
    expect((await renewDue(ctx.deps, due, 1, stopping)).renewed).toBe(1);
    expect((await renewDue(ctx.deps, due, 1)).renewed).toBe(2);
  });
});
