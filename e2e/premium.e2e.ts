import { PAYMENT_MESSAGES, SEED_PLANS, TEXT, formatPrice } from '@dispatch/shared';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, navLinks, newAccount } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';

const P = TEXT.paymentPage;

async function payWith(page: Page, number: string) {
  await page.getByLabel(P.cardNumber).fill(number);
  await page.getByLabel(P.expiry).fill('12/34');
  await page.getByLabel(P.cvc).fill('123');
  await page.getByRole('button', { name: TEXT.payment.payNow }).click();
}

describe('premium', () => {
  let session: Session;
  afterEach(() => session.close());

  it('home plan -> /payment -> 4242 -> Premium Articles in the navbar -> a premium article in full', async () => {
    session = await openBrowser();
    const { page } = session;
    const reader = await newAccount(session.baseUrl, 'Paula Payer');
    await logIn(page, reader.email, reader.password);
    expect(await navLinks(page)).not.toContain(TEXT.nav.premiumArticles);

    await page.goto('/');
    await page.getByRole('button', { name: TEXT.home.choosePlan }).first().click();
    await page.waitForURL('**/payment');
    const trial = SEED_PLANS[0]!;
    await page.getByRole('heading', { name: P.heading(formatPrice(trial.price, 'usd'), trial.label) }).waitFor();
    await payWith(page, '4242 4242 4242 4242');
    await expectToast(page, TEXT.toast.subscriptionSuccess);
    await page.waitForURL('**/premium-articles');
    await expect.poll(() => navLinks(page)).toContain(TEXT.nav.premiumArticles);

    const card = page.locator('main article').first();
    await card.getByRole('link', { name: TEXT.articles.details }).click();
    await page.waitForURL(/\/articles\/[0-9a-f-]{36}$/);
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const detail = await (
      await fetch(`${session.baseUrl}/api/articles/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(detail).toMatchObject({ access: true, article: { isPremium: true } });
    const lastParagraph = detail.article.description.split('\n\n').at(-1);
    await page.getByText(lastParagraph).waitFor();
  });

  it("shows a declined card's message and unlocks nothing", async () => {
    session = await openBrowser();
    const { page } = session;
    const reader = await newAccount(session.baseUrl, 'Dee Clined');
    await logIn(page, reader.email, reader.password);
    await page.goto('/subscription');
    await page.getByRole('heading', { name: TEXT.subscription.heading }).waitFor();
    await page.getByRole('button', { name: TEXT.subscription.proceed }).click();
    await page.waitForURL('**/payment');
    await payWith(page, '4000 0000 0000 0002');
    await expectToast(page, PAYMENT_MESSAGES.cardDeclined);
    expect(new URL(page.url()).pathname).toBe('/payment');
    expect(await navLinks(page)).not.toContain(TEXT.nav.premiumArticles);
    await page.goto('/premium-articles');
    await page.waitForURL('**/subscription');
  });

  it('sends a reader without premium from /premium-articles to /subscription, and asks for a duration', async () => {
    session = await openBrowser();
    const { page } = session;
    await logIn(page, 'reader@example.com', 'Reader#2026');
    await page.goto('/premium-articles');
    await page.waitForURL('**/subscription');
    const select = page.getByLabel(TEXT.subscriptionPage.duration);
    expect((await select.locator('option').allTextContents())[0]).toBe(TEXT.subscription.selectDuration);
    await select.selectOption({ index: 0 });
    await page.getByRole('button', { name: TEXT.subscription.proceed }).click();
    await page.getByText(TEXT.validation.durationRequired).waitFor();
  });

  it('sells every plan, and a renewal extends the subscription', async () => {
    session = await openBrowser();
    const { page } = session;
    const reader = await newAccount(session.baseUrl, 'Rene Wal');
    await logIn(page, reader.email, reader.password);
    for (const plan of SEED_PLANS) {
      await page.goto('/subscription');
      await page.getByLabel(TEXT.subscriptionPage.duration).selectOption({ value: plan.id });
      await page.getByRole('button', { name: TEXT.subscription.proceed }).click();
      await page.getByRole('heading', { name: P.heading(formatPrice(plan.price, 'usd'), plan.label) }).waitFor();
      await payWith(page, '4242424242424242');
      await expectToast(page, TEXT.toast.subscriptionSuccess);
      await page.waitForURL('**/premium-articles');
    }
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const role = await (
      await fetch(`${session.baseUrl}/api/users/role`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const minutes = (new Date(role.premiumTaken).getTime() - Date.now()) / 60_000;
    const total = SEED_PLANS.reduce((sum, plan) => sum + plan.value, 0);
    expect(minutes).toBeGreaterThan(total - 5);
    expect(minutes).toBeLessThanOrEqual(total);
  });
});
