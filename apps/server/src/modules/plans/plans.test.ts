import {
  PLAN_MESSAGES,
  SEED_PLANS,
  type AdminPlan,
  type ArticleDetail,
  type BillingHistory,
  type ErrorResponse,
  type Funnel,
  type PaymentIntent,
  type Plan,
  type PlanInput,
  type PremiumAccess,
  type RoleRecord,
  type UserPage,
} from '@dispatch/shared';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationActions, paymentIntents, plans, premiumArticleOpens, users } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const MINUTE = 60_000;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const SECRET = 'PREMIUM-PARAGRAPH';

const newPlan = (values: Partial<PlanInput> = {}): PlanInput => ({
  name: `Pass ${Math.random().toString(36).slice(2, 8)}`,
  price: 12,
  durationMinutes: 120,
  features: ['Two hours of everything'],
  premiumArticles: null,
  visibility: 'listed',
  ...values,
});

/** One app and its callers: an admin, readers, premium articles. */
function planSuite() {
  const suite = {
    ctx: undefined as unknown as TestContext,
    adminToken: '',
    premium: [] as string[],
    async open() {
      suite.ctx = await createTestContext();
      const db = suite.ctx.database.db;
      suite.adminToken = (await signedInUser(suite.ctx.app, db, { role: 'admin' })).token;
      const publisher = await insertPublisher(db);
      const refs = { publisherId: publisher.id, authorId: (await insertUser(db)).id };
      suite.premium = [];
      for (let n = 0; n < 4; n += 1) {
        const row = await insertArticle(db, refs, {
          isPremium: true,
          description: `${'Opening words. '.repeat(10)}${SECRET}-${n}`,
        });
        suite.premium.push(row.id);
      }
    },
    call(options: InjectOptions, token?: string) {
      return suite.ctx.app.inject({ ...options, headers: token ? bearer(token) : {} });
    },
    asAdmin(options: InjectOptions) {
      return suite.call(options, suite.adminToken);
    },
    async createPlan(values: Partial<PlanInput> = {}) {
      const response = await suite.asAdmin({ method: 'POST', url: '/api/admin/plans', payload: newPlan(values) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<AdminPlan>();
    },
    patchPlan(id: string, payload: object) {
      return suite.asAdmin({ method: 'PATCH', url: `/api/admin/plans/${id}`, payload });
    },
    async listed() {
      return (await suite.call({ method: 'GET', url: '/api/plans' })).json<{ plans: Plan[] }>().plans;
    },
    reader() {
      return signedInUser(suite.ctx.app, suite.ctx.database.db);
    },
    openIntent(token: string, planId: string) {
      return suite.call({ method: 'POST', url: '/api/create-payment-intent', payload: { planId } }, token);
    },
    async pay(token: string, clientSecret: string) {
      const response = await suite.call(
        { method: 'POST', url: '/api/payments/confirm', payload: { clientSecret, card: GOOD_CARD } },
        token,
      );
      expect(response.statusCode, response.body).toBe(200);
    },
    async buy(token: string, planId: string) {
      const response = await suite.openIntent(token, planId);
      expect(response.statusCode, response.body).toBe(200);
      await suite.pay(token, response.json<PaymentIntent>().clientSecret);
    },
    read(token: string, id: string) {
      return suite.call({ method: 'GET', url: `/api/articles/${id}` }, token);
    },
    async role(token: string) {
      return (await suite.call({ method: 'GET', url: '/api/users/role' }, token)).json<RoleRecord>();
    },
    access(token: string, email?: string) {
      return suite.call({ method: 'GET', url: `/api/users/access${email ? `?email=${email}` : ''}` }, token);
    },
    async premiumTakenOf(id: string) {
      const [row] = await suite.ctx.database.db.select().from(users).where(eq(users.id, id));
      return row!.premiumUntil;
    },
  };
  return suite;
}

describe('plans: the list anyone reads, the admin edits', () => {
  const suite = planSuite();
  beforeAll(() => suite.open());
  afterAll(() => suite.ctx.close());

  it("starts with SPEC's three plans exactly as the shared SEED_PLANS (migration 0022)", async () => {
    expect(await suite.listed()).toEqual(SEED_PLANS);
    const one = await suite.call({ method: 'GET', url: '/api/plans/individual' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(SEED_PLANS[1]);
  });

  // Benefit lines that name premium articles: "Access to 1 premium article", "Unlimited premium articles",
  // "Full access". Each seeded plan is timed full premium (SPEC), so its buyer reads every premium article.
  it.each(SEED_PLANS.map((plan) => [plan.name, plan.id]))(
    "keeps %s's promise of premium articles: its buyer reads premium articles in full",
    async (_name, id) => {
      const reader = await suite.reader();
      expect((await suite.read(reader.token, suite.premium[0]!)).json<ArticleDetail>().access).toBe(false);
      await suite.buy(reader.token, id);
      for (const [n, article] of suite.premium.slice(0, 2).entries()) {
        const answer = await suite.read(reader.token, article);
        expect(answer.json<ArticleDetail>().access).toBe(true);
        expect(answer.body).toContain(`${SECRET}-${n}`);
      }
      expect((await suite.role(reader.token)).premiumArticles).toBeNull();
    },
  );

  it('keeps the admin routes to admins: 401 anonymous, 403 for a reader', async () => {
    const { token } = await suite.reader();
    const routes: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/plans' },
      { method: 'POST', url: '/api/admin/plans', payload: newPlan() },
      { method: 'PATCH', url: '/api/admin/plans/trial', payload: { price: 1 } },
      { method: 'PUT', url: '/api/admin/plans/order', payload: { ids: ['trial'] } },
    ];
    for (const route of routes) {
      expect((await suite.call(route)).statusCode).toBe(401);
      expect((await suite.call(route, token)).statusCode).toBe(403);
    }
    expect((await suite.listed()).map((plan) => plan.price)).toEqual([10, 300, 500]);
  });

  it('creates a plan with a slug of its name for id, placed last, and records who did it', async () => {
    const before = (await suite.asAdmin({ method: 'GET', url: '/api/admin/plans' })).json<{ plans: AdminPlan[] }>();
    const created = await suite.createPlan({ name: 'Weekend Pass', price: 7.5, currency: 'EUR', premiumArticles: 3 });
    expect(created).toMatchObject({
      id: 'weekend-pass',
      name: 'Weekend Pass',
      price: 7.5,
      currency: 'eur',
      label: '2 Hours',
      value: 120,
      premiumArticles: 3,
      position: Math.max(...before.plans.map((plan) => plan.position)) + 1,
      visibility: 'listed',
      purchases: 0,
      activeHolders: 0,
    });
    // Another name with the same slug is numbered.
    expect((await suite.createPlan({ name: 'Weekend pass!', visibility: 'unlisted' })).id).toBe('weekend-pass-2');
    expect((await suite.listed()).at(-1)).toMatchObject({ id: 'weekend-pass', price: 7.5 });
    expect((await suite.listed()).map((plan) => plan.id)).not.toContain('weekend-pass-2');
    const [record] = await suite.ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.action, 'plan-create'));
    expect(record?.detail).toContain('weekend-pass');
  });

  it.each([
    ['a price with three decimals', { price: 9.999 }, 'price', PLAN_MESSAGES.priceInvalid],
    ['a currency without two decimals', { currency: 'jpy' }, 'currency', PLAN_MESSAGES.currencyInvalid],
    ['a code that is no ISO 4217 currency (xxx)', { currency: 'xxx' }, 'currency', PLAN_MESSAGES.currencyInvalid],
    ['a code that is no ISO 4217 currency (abc)', { currency: 'ABC' }, 'currency', PLAN_MESSAGES.currencyInvalid],
    ['no benefits', { features: [] }, 'features', PLAN_MESSAGES.featuresRequired],
    ['zero premium articles', { premiumArticles: 0 }, 'premiumArticles', PLAN_MESSAGES.premiumArticlesInvalid],
    ['a blank name', { name: '   ' }, 'name', PLAN_MESSAGES.nameRequired],
    ['a duration of 0', { durationMinutes: 0 }, 'durationMinutes', PLAN_MESSAGES.durationInvalid],
  ])('refuses %s with a 400 and the shared message', async (_what, values, field, message) => {
    const response = await suite.asAdmin({ method: 'POST', url: '/api/admin/plans', payload: newPlan(values) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fieldErrors?.[field]).toContain(message);
    const patched = await suite.patchPlan('family', values);
    expect(patched.statusCode).toBe(400);
    expect(patched.json<ErrorResponse>().fieldErrors?.[field]).toContain(message);
  });

  it('refuses a second plan of the same name in any case (409), on create and on rename', async () => {
    const response = await suite.asAdmin({
      method: 'POST',
      url: '/api/admin/plans',
      payload: newPlan({ name: 'family PLAN' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorResponse>().message).toBe(PLAN_MESSAGES.nameTaken);
    const renamed = await suite.patchPlan('trial', { name: 'INDIVIDUAL premium' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json<ErrorResponse>().message).toBe(PLAN_MESSAGES.nameTaken);
    // Its own name, in another case, is no clash.
    expect((await suite.patchPlan('trial', { name: 'Free Trial (1 Minute, for testing)' })).statusCode).toBe(200);
  });

  it('answers 404 for a plan that does not exist', async () => {
    const patched = await suite.patchPlan('gold', { price: 1 });
    expect(patched.statusCode).toBe(404);
    expect(patched.json<ErrorResponse>().message).toBe(PLAN_MESSAGES.planNotFound);
    const read = await suite.call({ method: 'GET', url: '/api/plans/gold' });
    expect(read.statusCode).toBe(404);
    expect(read.json<ErrorResponse>().message).toBe(PLAN_MESSAGES.planUnavailable);
  });

  it('changes the price for later buyers only: an earlier buyer pays and gets what they were offered', async () => {
    const plan = await suite.createPlan({ name: 'Snapshot Pass', price: 12, durationMinutes: 120 });
    const buyer = await suite.reader();
    const intent = (await suite.openIntent(buyer.token, plan.id)).json<PaymentIntent>();
    expect(intent).toMatchObject({ amount: 12, currency: 'usd' });

    const edited = await suite.patchPlan(plan.id, { price: 20, durationMinutes: 60, features: ['One hour'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminPlan>()).toMatchObject({ price: 20, value: 60, label: '1 Hour' });
    expect((await suite.listed()).find((listed) => listed.id === plan.id)).toMatchObject({ price: 20, value: 60 });
    const later = (await suite.openIntent((await suite.reader()).token, plan.id)).json<PaymentIntent>();
    expect(later.amount).toBe(20);

    await suite.pay(buyer.token, intent.clientSecret);
    const [row] = await suite.ctx.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.clientSecret, intent.clientSecret));
    expect(row).toMatchObject({ amount: 1200, status: 'succeeded' });
    expect(row!.periodEnd!.getTime() - row!.periodStart!.getTime()).toBe(120 * MINUTE);
    expect((await suite.premiumTakenOf(buyer.user.id))!.getTime() - suite.ctx.clock.now.getTime()).toBe(120 * MINUTE);
    const history = (
      await suite.call({ method: 'GET', url: '/api/payments/history' }, buyer.token)
    ).json<BillingHistory>();
    expect(history.payments[0]).toMatchObject({
      planId: plan.id,
      planName: 'Snapshot Pass',
      amount: 12,
      status: 'paid',
    });
  });

  it('archives a plan: gone from the list and its link, not for sale, and its earlier buyer keeps premium', async () => {
    const plan = await suite.createPlan({ name: 'Archived Soon' });
    const buyer = await suite.reader();
    await suite.buy(buyer.token, plan.id);
    const until = await suite.premiumTakenOf(buyer.user.id);
    const pending = await suite.reader();
    const opened = (await suite.openIntent(pending.token, plan.id)).json<PaymentIntent>();

    const archived = await suite.patchPlan(plan.id, { visibility: 'archived' });
    expect(archived.statusCode).toBe(200);
    expect((await suite.listed()).map((listed) => listed.id)).not.toContain(plan.id);
    const link = await suite.call({ method: 'GET', url: `/api/plans/${plan.id}` });
    expect(link.statusCode).toBe(404);
    expect(link.json<ErrorResponse>().message).toBe(PLAN_MESSAGES.planUnavailable);
    const refused = await suite.openIntent((await suite.reader()).token, plan.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().fieldErrors?.planId).toEqual([PLAN_MESSAGES.planUnavailable]);

    expect(await suite.premiumTakenOf(buyer.user.id)).toEqual(until);
    expect((await suite.read(buyer.token, suite.premium[0]!)).json<ArticleDetail>().access).toBe(true);
    // An intent opened before the archive still pays for what it offered.
    await suite.pay(pending.token, opened.clientSecret);
    expect((await suite.role(pending.token)).premiumTaken).not.toBeNull();
    const admin = (await suite.asAdmin({ method: 'GET', url: '/api/admin/plans' })).json<{ plans: AdminPlan[] }>();
    expect(admin.plans.find((row) => row.id === plan.id)).toMatchObject({
      visibility: 'archived',
      purchases: 2,
      activeHolders: 2,
    });
  });

  it('sells an unlisted plan by its link', async () => {
    const plan = await suite.createPlan({ name: 'Friends Only', visibility: 'unlisted' });
    expect((await suite.listed()).map((listed) => listed.id)).not.toContain(plan.id);
    expect((await suite.call({ method: 'GET', url: `/api/plans/${plan.id}` })).json()).toMatchObject({
      id: plan.id,
      visibility: 'unlisted',
    });
    expect((await suite.openIntent((await suite.reader()).token, plan.id)).statusCode).toBe(200);
  });

  it('reorders the plans: every id exactly once, else 400', async () => {
    const all = (await suite.asAdmin({ method: 'GET', url: '/api/admin/plans' })).json<{ plans: AdminPlan[] }>();
    const ids = all.plans.map((plan) => plan.id).reverse();
    const reorder = (payload: object) => suite.asAdmin({ method: 'PUT', url: '/api/admin/plans/order', payload });
    const response = await reorder({ ids });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ plans: AdminPlan[] }>().plans.map((plan) => [plan.id, plan.position])).toEqual(
      ids.map((id, index) => [id, index + 1]),
    );
    const listedIds = (await suite.listed()).map((plan) => plan.id);
    expect(listedIds).toEqual(ids.filter((id) => listedIds.includes(id)));
    for (const wrong of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 'gold'], [ids[0], ...ids.slice(0, -1)]]) {
      const refused = await reorder({ ids: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorResponse>().fieldErrors?.ids).toEqual([PLAN_MESSAGES.orderInvalid]);
    }
    expect((await reorder({ ids: [] })).statusCode).toBe(400);
  });
});

describe('plans: the last listed plan', () => {
  const suite = planSuite();
  beforeAll(() => suite.open());
  afterAll(() => suite.ctx.close());

  it('refuses (409) a change that would leave no plan listed', async () => {
    expect((await suite.patchPlan('trial', { visibility: 'archived' })).statusCode).toBe(200);
    expect((await suite.patchPlan('individual', { visibility: 'unlisted' })).statusCode).toBe(200);
    for (const visibility of ['archived', 'unlisted']) {
      const refused = await suite.patchPlan('family', { visibility });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorResponse>().message).toBe(PLAN_MESSAGES.lastListedPlan);
    }
    expect((await suite.listed()).map((plan) => plan.id)).toEqual(['family']);
    expect((await suite.patchPlan('trial', { visibility: 'listed' })).statusCode).toBe(200);
    expect((await suite.patchPlan('family', { visibility: 'archived' })).statusCode).toBe(200);
  });
});

describe('plans: the cached list follows committed changes only', () => {
  const suite = planSuite();
  beforeAll(() => suite.open());
  afterAll(() => suite.ctx.close());

  it('keeps the cached list when a change rolls back after marking it stale, and drops it once a change commits', async () => {
    const db = suite.ctx.database.db;
    const trialRow = async () => (await db.select().from(plans).where(eq(plans.id, 'trial')))[0];
    const cached = await suite.listed();
    const before = await trialRow();
    // A row changed behind the services shows in the list only once the cached answer is dropped.
    await db.update(plans).set({ name: 'Renamed Behind The Cache' }).where(eq(plans.id, 'individual'));

    // The change's record cannot be written: its transaction rolls back after the plan's row changed.
    await db.execute(sql`alter table moderation_actions rename to moderation_actions_away`);
    try {
      expect((await suite.patchPlan('trial', { price: 2 })).statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table moderation_actions_away rename to moderation_actions`);
    }
    expect(await trialRow()).toEqual(before);
    expect(await suite.listed()).toEqual(cached);

    expect((await suite.patchPlan('trial', { price: 2 })).statusCode).toBe(200);
    const listed = await suite.listed();
    expect(listed.find((plan) => plan.id === 'trial')?.price).toBe(2);
    expect(listed.find((plan) => plan.id === 'individual')?.name).toBe('Renamed Behind The Cache');
  });
});

describe('a plan that includes a number of premium articles', () => {
  const suite = planSuite();
  beforeAll(() => suite.open());
  afterAll(() => suite.ctx.close());

  it('opens one premium article in full, then teasers; the opened one stays open and its view counts', async () => {
    const plan = await suite.createPlan({ name: 'One Article', premiumArticles: 1, durationMinutes: 600 });
    const reader = await suite.reader();
    await suite.buy(reader.token, plan.id);
    expect(await suite.role(reader.token)).toMatchObject({ premiumArticles: { included: 1, opened: 0 } });

    const first = await suite.read(reader.token, suite.premium[0]!);
    expect(first.json<ArticleDetail>().access).toBe(true);
    expect(first.body).toContain(`${SECRET}-0`);
    const second = await suite.read(reader.token, suite.premium[1]!);
    expect(second.json<ArticleDetail>().access).toBe(false);
    expect(second.body).not.toContain(SECRET);
    expect((await suite.read(reader.token, suite.premium[0]!)).json<ArticleDetail>().access).toBe(true);
    expect(await suite.role(reader.token)).toMatchObject({ premiumArticles: { included: 1, opened: 1 } });

    const view = (id: string) => suite.call({ method: 'PATCH', url: `/api/articles/views/${id}` }, reader.token);
    expect((await view(suite.premium[0]!)).statusCode).toBe(200);
    expect((await view(suite.premium[1]!)).statusCode).toBe(403);
    // The premium list is open to a limited pass, with teasers only: it opens articles from there.
    const list = await suite.call({ method: 'GET', url: '/api/premium-articles' }, reader.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(SECRET);
  });

  it('gives one article, not two, to opens of different articles at the same moment with one left', async () => {
    const plan = await suite.createPlan({ name: 'Race Article', premiumArticles: 1 });
    const reader = await suite.reader();
    await suite.buy(reader.token, plan.id);
    const ids = [...suite.premium, ...suite.premium];
    const answers = await Promise.all(
      ids.map(async (id) => (await suite.read(reader.token, id)).json<ArticleDetail>()),
    );
    const opened = new Set(ids.filter((_id, index) => answers[index]!.access));
    expect(opened.size).toBe(1);
    expect(await suite.role(reader.token)).toMatchObject({ premiumArticles: { included: 1, opened: 1 } });
    const rows = await suite.ctx.database.db
      .select()
      .from(premiumArticleOpens)
      .where(eq(premiumArticleOpens.userId, reader.user.id));
    expect(rows).toHaveLength(1);
  });

  it('stacks passes: limited ones add up, a full one makes the run full, a lapse starts a new run', async () => {
    const one = await suite.createPlan({ name: 'Stack One', premiumArticles: 1, durationMinutes: 60 });
    const full = await suite.createPlan({ name: 'Stack Full', premiumArticles: null, durationMinutes: 60 });
    const reader = await suite.reader();

    await suite.buy(reader.token, one.id);
    expect((await suite.read(reader.token, suite.premium[0]!)).json<ArticleDetail>().access).toBe(true);
    await suite.buy(reader.token, one.id);
    expect(await suite.role(reader.token)).toMatchObject({ premiumArticles: { included: 2, opened: 1 } });
    expect((await suite.premiumTakenOf(reader.user.id))!.getTime() - suite.ctx.clock.now.getTime()).toBe(120 * MINUTE);

    await suite.buy(reader.token, full.id);
    expect((await suite.role(reader.token)).premiumArticles).toBeNull();
    for (const id of suite.premium)
      expect((await suite.read(reader.token, id)).json<ArticleDetail>().access).toBe(true);
    await suite.buy(reader.token, one.id);
    expect((await suite.role(reader.token)).premiumArticles).toBeNull();

    // Access lapses; a limited pass bought afterwards starts a run of its own, with nothing opened yet.
    suite.ctx.clock.advance(4 * 60 * MINUTE);
    expect((await suite.role(reader.token)).premiumArticles).toBeNull();
    await suite.buy(reader.token, one.id);
    expect(await suite.role(reader.token)).toMatchObject({ premiumArticles: { included: 1, opened: 0 } });
    expect((await suite.read(reader.token, suite.premium[3]!)).json<ArticleDetail>().access).toBe(true);
    expect((await suite.read(reader.token, suite.premium[0]!)).json<ArticleDetail>().access).toBe(false);

    // An admin's complimentary grant opens every premium article.
    const until = new Date(suite.ctx.clock.now.getTime() + 24 * 60 * MINUTE).toISOString();
    const granted = await suite.asAdmin({
      method: 'PATCH',
      url: `/api/users/premium/${reader.user.email}`,
      payload: { premiumTaken: until },
    });
    expect(granted.statusCode).toBe(200);
    expect((await suite.role(reader.token)).premiumArticles).toBeNull();
    expect((await suite.read(reader.token, suite.premium[0]!)).json<ArticleDetail>().access).toBe(true);
  });
});

describe("GET /api/users/access: where a reader's premium comes from", () => {
  const suite = planSuite();
  beforeAll(() => suite.open());
  afterAll(() => suite.ctx.close());

  it('answers a pass with its plan as bought, a complimentary grant, never, and 403 for someone else', async () => {
    const never = await suite.reader();
    const neverAccess = await suite.access(never.token);
    expect(neverAccess.statusCode).toBe(200);
    expect(neverAccess.json<PremiumAccess>()).toEqual({
      until: null,
      active: false,
      source: null,
      plan: null,
      premiumArticles: null,
    });

    const plan = await suite.createPlan({ name: 'Access Pass', premiumArticles: 2, features: ['Two articles'] });
    const buyer = await suite.reader();
    await suite.buy(buyer.token, plan.id);
    await suite.read(buyer.token, suite.premium[0]!);
    await suite.patchPlan(plan.id, { name: 'Renamed Pass', features: ['Changed'] });
    const passAccess = (await suite.access(buyer.token)).json<PremiumAccess>();
    expect(passAccess).toEqual({
      until: (await suite.premiumTakenOf(buyer.user.id))!.toISOString(),
      active: true,
      source: 'pass',
      plan: { id: plan.id, name: 'Access Pass', features: ['Two articles'] },
      premiumArticles: { included: 2, opened: 1 },
    });

    const gifted = await suite.reader();
    const until = new Date(suite.ctx.clock.now.getTime() + 24 * 60 * MINUTE).toISOString();
    await suite.asAdmin({
      method: 'PATCH',
      url: `/api/users/premium/${gifted.user.email}`,
      payload: { premiumTaken: until },
    });
    expect((await suite.access(gifted.token)).json<PremiumAccess>()).toEqual({
      until,
      active: true,
      source: 'complimentary',
      plan: null,
      premiumArticles: null,
    });

    expect((await suite.access(never.token, buyer.user.email)).statusCode).toBe(403);
    expect((await suite.call({ method: 'GET', url: '/api/users/access' })).statusCode).toBe(401);
    const byAdmin = await suite.call(
      { method: 'GET', url: `/api/users/access?email=${buyer.user.email}` },
      suite.adminToken,
    );
    expect(byAdmin.json<PremiumAccess>().source).toBe('pass');

    // The admin's users table says the same, and the funnel counts the purchase under the name bought.
    const page = (await suite.asAdmin({ method: 'GET', url: '/api/users?limit=50' })).json<UserPage>();
    const rowOf = (email: string) => page.users.find((user) => user.email === email);
    expect(rowOf(buyer.user.email)).toMatchObject({ accessSource: 'pass', planName: 'Access Pass' });
    expect(rowOf(gifted.user.email)).toMatchObject({ accessSource: 'complimentary', planName: null });
    expect(rowOf(never.user.email)).toMatchObject({ accessSource: null, planName: null });
    const funnel = (await suite.asAdmin({ method: 'GET', url: '/api/dashboard/funnel' })).json<Funnel>();
    expect(funnel.plans).toEqual([
      { planId: plan.id, name: 'Access Pass', purchases: 1, revenue: 12, currency: 'usd' },
    ]);
  });
});
