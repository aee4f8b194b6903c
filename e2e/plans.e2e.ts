// Plans the publisher sets (issue 26), in Chromium at a desktop's and a phone's width: the admin creates a
// plan, edits another's price and archives a third; a reader sees what is on sale, buys with 4242… and reads
// premium; the archived plan's earlier buyer keeps access; a one-article plan opens one premium article
// (followed from another site, only by the reader's click) and teases the next. The journey sells its own
// plans and archives them after, so the seeded three (which the other journeys buy) stay as SPEC says.
import {
  ACCESS_TEXT,
  formatPrice,
  PLAN_MESSAGES,
  PLAN_TEXT,
  TEXT,
  type AdminPlan,
  type PlanInput,
} from '@dispatch/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount } from './support/actions.js';
import { api, apiLogin, approvedArticle } from './support/api.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
const P = TEXT.paymentPage;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const created: string[] = [];

async function payWith(page: Page, number: string) {
  await page.getByLabel(P.cardNumber).fill(number);
  await page.getByLabel(P.expiry).fill('12/34');
  await page.getByLabel(P.cvc).fill('123');
  await page.getByRole('button', { name: TEXT.payment.payNow }).click();
}

async function createPlan(token: string, input: PlanInput) {
  const plan = (await api(token, 'POST', '/api/admin/plans', input)) as AdminPlan;
  created.push(plan.id);
  return plan;
}

/** Buys `planId` through the API with Stripe's succeeding test card; answers the new expiry. */
async function bought(token: string, planId: string) {
  const intent = (await api(token, 'POST', '/api/create-payment-intent', { planId })) as { clientSecret: string };
  const paid = (await api(token, 'POST', '/api/payments/confirm', {
    clientSecret: intent.clientSecret,
    card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
  })) as { premiumTaken: string };
  return paid.premiumTaken;
}

async function premiumArticle(editorToken: string, title: string, closing: string) {
  const writer = await apiLogin(await newAccount(baseUrl, 'Prem Writer'));
  const id = await approvedArticle(writer.token, editorToken, {
    title,
    description: `The opening lines of a premium story about ${title}.\n\n${closing}`,
  });
  await api(editorToken, 'PATCH', `/api/articles/premium/${id}`);
  return id;
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

const planOptions = (page: Page) => page.getByLabel(TEXT.subscriptionPage.duration).locator('option').allTextContents();

afterAll(async () => {
  // Leave the site selling only the seeded plans: the other journeys count them.
  const editor = await apiLogin(ADMIN);
  for (const id of created) await api(editor.token, 'PATCH', `/api/admin/plans/${id}`, { visibility: 'archived' });
});

describe.each([
  ['desktop', WIDE],
  ['phone', PHONE],
] as const)('plans the publisher sets, on a %s', (_form, viewport) => {
  let session: Session;
  afterEach(() => session.close());

  it('the admin creates a plan, edits the price of another and archives a third; a reader buys the new one and reads premium, and the archived plan’s earlier buyer keeps access', async () => {
    const stamp = `${Date.now() % 1_000_000}${viewport.width}`;
    const editor = await apiLogin(ADMIN);
    const weekend = await createPlan(editor.token, {
      name: `Weekend Pass ${stamp}`,
      price: 4,
      durationMinutes: 2 * 24 * 60,
      features: ['Every premium article for a weekend'],
      premiumArticles: null,
      visibility: 'listed',
    });
    const old = await createPlan(editor.token, {
      name: `Old Pass ${stamp}`,
      price: 7,
      durationMinutes: 7 * 24 * 60,
      features: ['Every premium article for a week'],
      premiumArticles: null,
      visibility: 'listed',
    });
    const earlierBuyer = await apiLogin(await newAccount(baseUrl, 'Early Buyer'));
    const earlierExpiry = await bought(earlierBuyer.token, old.id);
    const closing = `The harbour board agreed at dawn ${stamp}.`;
    const articleId = await premiumArticle(editor.token, `Harbour accounts ${stamp}`, closing);

    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/plans');
    await page.getByRole('heading', { level: 1, name: PLAN_TEXT.pageTitle }).waitFor();
    await expectNoSidewaysScroll(page, '/dashboard/plans');

    // A new plan: a price, 30 days, two benefits.
    const monthlyName = `Monthly Reader ${stamp}`;
    await page.getByRole('button', { name: PLAN_TEXT.newPlan }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(PLAN_TEXT.fields.name).fill(monthlyName);
    await form.getByLabel(PLAN_TEXT.fields.price).fill('12.50');
    await form.getByLabel(PLAN_TEXT.fields.duration, { exact: true }).fill('30');
    await form.getByLabel(PLAN_TEXT.fields.durationUnit).selectOption('days');
    await form.getByLabel(PLAN_TEXT.fields.features).fill('Every premium article\nCorrections by e-mail');
    await form.getByRole('button', { name: PLAN_TEXT.create }).click();
    await expectToast(page, PLAN_MESSAGES.created);
    await rowOf(page, monthlyName).getByText('30 Days').waitFor();
    const monthly = ((await api(editor.token, 'GET', '/api/admin/plans')) as { plans: AdminPlan[] }).plans.find(
      (plan) => plan.name === monthlyName,
    )!;
    created.push(monthly.id);
    expect(monthly).toMatchObject({
      price: 12.5,
      value: 30 * 24 * 60,
      features: ['Every premium article', 'Corrections by e-mail'],
    });

    // Another plan's price.
    await rowOf(page, weekend.name).getByRole('button', { name: PLAN_TEXT.edit }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel(PLAN_TEXT.fields.price).fill('5.25');
    await edit.getByRole('button', { name: PLAN_TEXT.save }).click();
    await expectToast(page, PLAN_MESSAGES.saved);
    await rowOf(page, weekend.name).getByText(formatPrice(5.25, 'usd')).waitFor();

    // The third archived, after a confirmation.
    await rowOf(page, old.name).getByRole('button', { name: PLAN_TEXT.archive }).click();
    const confirm = page.getByRole('alertdialog', { name: PLAN_TEXT.archiveTitle });
    await confirm.getByRole('button', { name: PLAN_TEXT.archive }).click();
    await expectToast(page, PLAN_MESSAGES.archived);
    await rowOf(page, old.name).getByText(PLAN_TEXT.visibility.archived).waitFor();
    expectNoErrors(session);
    await session.close();

    // A reader sees the two on sale, on /subscription and the home page, and not the archived one.
    session = await openBrowser(viewport);
    const reader = session.page;
    const account = await newAccount(baseUrl, 'Monthly Buyer');
    await logIn(reader, account.email, account.password);
    await reader.goto('/subscription');
    await reader.getByRole('heading', { name: TEXT.subscription.heading }).waitFor();
    const options = await planOptions(reader);
    expect(options).toContain(`30 Days — ${formatPrice(12.5, 'usd')}`);
    expect(options).toContain(`2 Days — ${formatPrice(5.25, 'usd')}`);
    expect(options.join('\n')).not.toContain(formatPrice(7, 'usd'));
    await reader.goto('/');
    const plansOnHome = reader.locator('section').filter({
      has: reader.getByRole('heading', { name: TEXT.home.plans }),
    });
    await plansOnHome.getByText(monthlyName).waitFor();
    await plansOnHome.getByText(weekend.name).waitFor();
    expect(await plansOnHome.getByText(old.name).count()).toBe(0);

    // …buys the new plan with 4242… and reads premium.
    await reader.goto('/subscription');
    await reader.getByLabel(TEXT.subscriptionPage.duration).selectOption({ value: monthly.id });
    await reader.getByText('Corrections by e-mail').waitFor();
    await reader.getByRole('button', { name: TEXT.subscription.proceed }).click();
    await reader.waitForURL('**/payment');
    await reader.getByRole('heading', { name: P.heading(formatPrice(12.5, 'usd'), '30 Days') }).waitFor();
    await payWith(reader, '4242 4242 4242 4242');
    await expectToast(reader, TEXT.toast.subscriptionSuccess);
    await reader.waitForURL('**/premium-articles');
    await reader.goto(`/articles/${articleId}`);
    await reader.getByText(closing).waitFor();
    expectNoErrors(session);

    // The archived plan: sold to no one new, its earlier buyer keeps what they bought.
    const { token } = await apiLogin(account);
    const refused = await fetch(`${baseUrl}/api/create-payment-intent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: old.id }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(PLAN_MESSAGES.planUnavailable);
    const role = (await api(earlierBuyer.token, 'GET', '/api/users/role')) as { premiumTaken: string };
    expect(role.premiumTaken).toBe(earlierExpiry);
    const detail = (await api(earlierBuyer.token, 'GET', `/api/articles/${articleId}`)) as { access: boolean };
    expect(detail.access).toBe(true);
  });

  it('a plan with one premium article included opens the first premium article in full (from another site, on a click) and teases the next', async () => {
    const stamp = `${Date.now() % 1_000_000}${viewport.width}`;
    const editor = await apiLogin(ADMIN);
    const trial = await createPlan(editor.token, {
      name: `One Story ${stamp}`,
      price: 1,
      durationMinutes: 24 * 60,
      features: ['One premium article of your choice'],
      premiumArticles: 1,
      visibility: 'unlisted',
    });
    const firstClosing = `The first lock opened at noon ${stamp}.`;
    const secondClosing = `The second lock stayed shut ${stamp}.`;
    const first = await premiumArticle(editor.token, `Canal locks ${stamp} one`, firstClosing);
    const second = await premiumArticle(editor.token, `Canal locks ${stamp} two`, secondClosing);

    session = await openBrowser(viewport);
    const { page } = session;
    const account = await newAccount(baseUrl, 'One Story');
    await logIn(page, account.email, account.password);
    // Sold by its link only.
    await page.goto(`/subscription?plan=${trial.id}`);
    await expect.poll(() => page.getByLabel(TEXT.subscriptionPage.duration).inputValue()).toBe(trial.id);
    await page.getByRole('button', { name: TEXT.subscription.proceed }).click();
    await page.waitForURL('**/payment');
    await page.getByRole('heading', { name: P.heading(formatPrice(1, 'usd'), '1 Day') }).waitFor();
    await payWith(page, '4242 4242 4242 4242');
    await expectToast(page, TEXT.toast.subscriptionSuccess);
    await page.waitForURL('**/premium-articles');
    // Reloaded, the pass's premium list renders on the server too: one access rule for both (issue 29).
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: TEXT.articles.premiumHeading }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/premium-articles');

    // Followed from another site (a link in a mail or a chat): the page opens nothing; the click spends the pass.
    const elsewhere = await session.context.newPage();
    await elsewhere.goto(`data:text/html,<a href="${baseUrl}/articles/${first}">Canal locks</a>`);
    await elsewhere.getByRole('link', { name: 'Canal locks' }).click();
    await elsewhere.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const offer = elsewhere.getByRole('button', { name: ACCESS_TEXT.readWithPass(1) });
    await offer.waitFor();
    expect(await elsewhere.getByText(firstClosing).count()).toBe(0);
    await offer.click();
    await elsewhere.getByText(firstClosing).waitFor();
    await elsewhere.close();
    await page.goto(`/articles/${second}`);
    await page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
    expect(await page.getByText(secondClosing).count()).toBe(0);
    // The one opened stays open.
    await page.goto(`/articles/${first}`);
    await page.getByText(firstClosing).waitFor();
    expectNoErrors(session);
  });
});
