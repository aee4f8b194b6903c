import { DAY_MS, type AdminPlan, type ArticleDetail, type PaymentIntent, type RoleRecord } from '@dispatch/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, renewingPlan } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { writeStubWebApp } from '../../test/stub-web-app.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { renewDue } from './renewals.js';

/*
 * Premium across a renewal (decision 055): a subscription in good standing holds access from the second its period
 * ends until the renewal job settles it, on whichever instance; a cancelled one ends with its period and a refused
 * renewal gives the grace, as before. Read through the API and through the article's page.
 */

/** A stand-in for the web app's server bundle: an article page shows whether its reader got the whole text. */
const RENDERER = `
export const PAGE_STATE_ELEMENT_ID = 'page-state';
export function pageAudience(url) {
  const match = /^\\/articles\\/([^/]+)$/.exec(new URL(url).pathname);
  return match ? { kind: 'article', id: match[1] } : undefined;
}
export async function renderPage({ url, reads, audience }) {
  const id = /^\\/articles\\/([^/]+)$/.exec(new URL(url).pathname)?.[1];
  if (!id) return { kind: 'page', status: 404, head: '', body: 'Not found', state: null };
  const detail = audience?.article?.detail ?? (await reads.article(id, undefined));
  const body = '<article data-access="' + detail.access + '">' + detail.article.description + '</article>';
  return { kind: 'page', status: 200, head: '<title>Article</title>', body, state: null };
}
`;

const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
/** Stripe's card that attaches to a customer and then fails every charge. */
const FAILS_LATER = { ...VISA, number: '4000 0000 0000 0341' };
const FREE_DAYS = 3;
const GRACE_DAYS = 3;
const SECOND = 1000;
const WHOLE_TEXT = 'The whole of the premium story, well past its first hundred characters: '.repeat(3);

describe('premium across a renewal', () => {
  let root: string;
  let ctx: TestContext;
  let adminToken = '';
  let premium = '';
  let planId = '';

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-renewal-access-'));
    ctx = await createTestContext({ webDir: writeStubWebApp(root, RENDERER) });
    const db = ctx.database.db;
    adminToken = (await signedInUser(ctx.app, db, { role: 'admin' })).token;
    const publisher = await insertPublisher(db);
    const author = await signedInUser(ctx.app, db);
    const article = await insertArticle(
      db,
      { publisherId: publisher.id, authorId: author.user.id },
      { isPremium: true, description: WHOLE_TEXT },
    );
    premium = article.id;
    await ctx.changed();
    const plan = await call(
      {
        method: 'POST',
        url: '/api/admin/plans',
        payload: renewingPlan({ freeDays: FREE_DAYS }),
      },
      adminToken,
    );
    expect(plan.statusCode).toBe(201);
    planId = plan.json<AdminPlan>().id;
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(root, { recursive: true, force: true });
  });

  function call(options: InjectOptions, token?: string) {
    return ctx.app.inject({ ...options, headers: token ? bearer(token) : {} });
  }

  /** A new reader subscribes with the card: free days, ending FREE_DAYS from now. */
  async function subscriber(card = VISA) {
    const reader = await signedInUser(ctx.app, ctx.database.db);
    const intent = await call({ method: 'POST', url: '/api/create-payment-intent', payload: { planId } }, reader.token);
    const { clientSecret } = intent.json<PaymentIntent>();
    const paid = await call(
      { method: 'POST', url: '/api/payments/confirm', payload: { clientSecret, card } },
      reader.token,
    );
    expect(paid.statusCode).toBe(200);
    return reader;
  }

  /** What the reader gets of the premium article: from the API, from its page, and whether the role says premium. */
  async function reads(reader: Awaited<ReturnType<typeof subscriber>>) {
    const api = await call({ method: 'GET', url: `/api/articles/${premium}` }, reader.token);
    expect(api.statusCode).toBe(200);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/articles/${premium}`,
      headers: { cookie: reader.pageCookie },
    });
    expect(page.statusCode).toBe(200);
    const role = await call(
      { method: 'GET', url: `/api/users/role?email=${encodeURIComponent(reader.user.email)}` },
      reader.token,
    );
    const list = await call({ method: 'GET', url: '/api/premium-articles' }, reader.token);
    return {
      api: api.json<ArticleDetail>().access && api.body.includes(WHOLE_TEXT),
      page: page.body.includes('data-access="true"') && page.body.includes(WHOLE_TEXT),
      list: list.statusCode === 200,
      role: role.json<RoleRecord>(),
    };
  }
  const premiumEverywhere = { api: true, page: true, list: true };
  const premiumNowhere = { api: false, page: false, list: false };

  it('reads premium through the second the period ends, until the renewal job has charged it', async () => {
    const start = ctx.clock.now;
    const reader = await subscriber();
    const trialEnd = new Date(start.getTime() + FREE_DAYS * DAY_MS);
    try {
      for (const at of [trialEnd.getTime() - SECOND, trialEnd.getTime(), trialEnd.getTime() + 59 * SECOND]) {
        ctx.clock.set(new Date(at));
        expect(await reads(reader)).toMatchObject(premiumEverywhere);
      }
      // The role still names the period's end as the date premium was paid to, and until when at most its renewal holds it.
      ctx.clock.set(new Date(trialEnd.getTime() + 59 * SECOND));
      expect((await reads(reader)).role).toMatchObject({
        premiumTaken: trialEnd.toISOString(),
        renewing: new Date(trialEnd.getTime() + GRACE_DAYS * DAY_MS).toISOString(),
      });
      // Another instance settles it at last: charged, premium runs to the new period's end.
      const counts = await renewDue(ctx.deps, ctx.clock.now);
      expect(counts.renewed).toBeGreaterThanOrEqual(1);
      expect(await reads(reader)).toMatchObject(premiumEverywhere);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('ends a cancelled subscription’s premium on time, before the job has ended it', async () => {
    const start = ctx.clock.now;
    const reader = await subscriber();
    expect((await call({ method: 'POST', url: '/api/subscription/cancel' }, reader.token)).statusCode).toBe(200);
    const trialEnd = new Date(start.getTime() + FREE_DAYS * DAY_MS);
    try {
      ctx.clock.set(new Date(trialEnd.getTime() - SECOND));
      expect(await reads(reader)).toMatchObject(premiumEverywhere);
      ctx.clock.set(trialEnd);
      const at = await reads(reader);
      expect(at).toMatchObject(premiumNowhere);
      expect(at.role.renewing).toBeUndefined();
    } finally {
      ctx.clock.set(start);
    }
  });

  it('keeps premium through a refused renewal’s grace, and ends it on time', async () => {
    const start = ctx.clock.now;
    const reader = await subscriber(FAILS_LATER);
    const trialEnd = new Date(start.getTime() + FREE_DAYS * DAY_MS);
    const graceEnd = new Date(trialEnd.getTime() + GRACE_DAYS * DAY_MS);
    try {
      ctx.clock.set(new Date(trialEnd.getTime() + 30 * SECOND));
      expect(await reads(reader)).toMatchObject(premiumEverywhere);
      expect((await renewDue(ctx.deps, ctx.clock.now)).failed).toBeGreaterThanOrEqual(1);
      expect(await reads(reader)).toMatchObject(premiumEverywhere);
      ctx.clock.set(new Date(graceEnd.getTime() - SECOND));
      expect(await reads(reader)).toMatchObject(premiumEverywhere);
      // The grace is over before the job has ended the subscription: premium ends with it.
      ctx.clock.set(graceEnd);
      expect(await reads(reader)).toMatchObject(premiumNowhere);
    } finally {
      ctx.clock.set(start);
    }
  });
});
