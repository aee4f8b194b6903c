// Renewing subscriptions (issue 31), in Chromium at a desktop's and a phone's width, on a server of their own with
// TEST_CLOCK=true: the admin moves the server's clock forward and every browser's clock follows it, as a reader's
// would while the days pass. A reader buys a monthly plan with 7 free days with 4242…, sees the first charge date
// at checkout and on /profile, and it renews when the free days end; they cancel, keep premium to the period's
// end, and then it is over. Another reader's 4000 0000 0000 0341 is accepted for the free days and declined at
// renewal: the banner on every page, the alert on /profile, and after the grace period premium lapses.
import {
  addInterval,
  BILLING_TEXT,
  DAY_MS,
  formatPrice,
  planNote,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_TEXT,
  TEXT,
  type AdminPlan,
  type MySubscription,
  type Subscription,
} from '@dispatch/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, logIn, navLinks, newAccount } from './support/actions.js';
import { axeViolations } from './support/axe.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN, startServer } from './support/server.js';

const T = SUBSCRIPTION_TEXT;
const P = TEXT.paymentPage;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const DAY_MINUTES = 24 * 60;
/** A session outlives 7 days without use: the clock moves in shorter steps, with a page loaded between them. */
const STEP_DAYS = 6;
const PRICE = formatPrice(9, 'usd');
const FREE_DAYS = 7;
/** The browsers show dates in UTC, so the journey can write them the way the pages do. */
const TIME_ZONE = 'UTC';
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const longFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const momentFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const day = (iso: string | Date) => dayFormat.format(new Date(iso));
const moment = (iso: string | Date) => momentFormat.format(new Date(iso));
/** ICU may put a narrow no-break space before AM/PM: compare texts with plain spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

let server: Awaited<ReturnType<typeof startServer>>;
let adminToken: string;

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK: 'true' });
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  adminToken = ((await response.json()) as { token: string }).token;
});
afterAll(() => server.stop());

/** `GET` and `POST /api/test-clock`: TestClockSchema. */
interface ClockAnswer {
  now: string;
  offsetMinutes: number;
}
const serverNow = async () => new Date((await call<ClockAnswer>(adminToken, 'GET', '/api/test-clock')).now);

/**
 * Moves the server's clock `days` forward (the server settles every renewal due by then before answering), in
 * steps the sessions outlive; after each, the reader's browser clock follows and it loads `path` again.
 */
async function passDays(session: Session, days: number, path: string) {
  let left = Math.round(days * DAY_MINUTES);
  while (left > 0) {
    const step = Math.min(left, STEP_DAYS * DAY_MINUTES);
    const { now } = await call<ClockAnswer>(adminToken, 'POST', '/api/test-clock', { advanceMinutes: step });
    left -= step;
    await session.context.clock.setSystemTime(new Date(now));
    await session.page.goto(path);
  }
}

async function monthlyPlan(stamp: string): Promise<AdminPlan> {
  return call<AdminPlan>(adminToken, 'POST', '/api/admin/plans', {
    name: `Monthly Dispatch ${stamp}`,
    price: 9,
    durationMinutes: 30 * DAY_MINUTES,
    features: ['Every premium article, renewed each month'],
    premiumArticles: null,
    visibility: 'listed',
    renewsEvery: 'month',
    freeDays: FREE_DAYS,
  });
}

async function payWith(page: Page, number: string) {
  await page.getByLabel(P.cardNumber).fill(number);
  await page.getByLabel(P.expiry).fill('12/34');
  await page.getByLabel(P.cvc).fill('123');
  await page.getByRole('button', { name: T.startFreeDays }).click();
}

/** A reader signed in, in a browser whose clock reads the server's. */
async function readerBrowser(viewport: { width: number; height: number }, name: string) {
  const session = await openBrowser(viewport, { baseUrl: server.baseUrl, timezoneId: TIME_ZONE });
  await session.context.clock.install({ time: await serverNow() });
  const account = await newAccount(server.baseUrl, name);
  await logIn(session.page, account.email, account.password);
  return session;
}

/** Chooses the plan on /subscription and opens its checkout: "7 days free, then $9.00 a month". */
async function checkout(page: Page, plan: AdminPlan) {
  await page.goto('/subscription');
  await page.getByLabel(TEXT.subscriptionPage.duration).selectOption({ value: plan.id });
  await page.getByRole('button', { name: TEXT.subscription.proceed }).click();
  await page.waitForURL('**/payment');
  await page.getByRole('heading', { level: 1, name: T.checkoutHeading(planNote(plan)) }).waitFor();
}

const mySubscription = async (page: Page) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return (await call<MySubscription>(token!, 'GET', '/api/subscription')).subscription!;
};

const panelOf = (page: Page) => page.getByRole('region', { name: T.heading });
const billingOf = (page: Page) => page.getByRole('region', { name: BILLING_TEXT.heading });
const badge = (page: Page, status: keyof typeof T.statuses) =>
  panelOf(page).getByText(T.statuses[status], { exact: true });

/** The billing section's sentence on premium: "Premium access until …" or "Your premium access ended on …". */
async function expectPremiumLine(page: Page, text: string) {
  const line = billingOf(page).getByText(/^(Premium access until|Your premium access ended on) /);
  await expect.poll(async () => plain(await line.innerText())).toBe(plain(text));
}

/** The main navigation's links as a person sees them: on a phone, in the menu, opened and closed again. */
async function menuLinks(page: Page): Promise<string[]> {
  const toggle = page.getByRole('banner').getByRole('button', { name: TEXT.layout.menu });
  if (!(await toggle.isVisible())) return navLinks(page);
  await toggle.click();
  const links = await navLinks(page);
  await toggle.click();
  return links;
}

async function expectPremium(page: Page, premium: boolean) {
  await page.goto('/');
  if (premium) await expect.poll(() => menuLinks(page)).toContain(TEXT.nav.premiumArticles);
  else
    await expect
      .poll(async () => {
        const links = await menuLinks(page);
        return links.includes(TEXT.nav.articles) && !links.includes(TEXT.nav.premiumArticles);
      })
      .toBe(true);
  await page.goto('/premium-articles');
  if (premium) await page.getByRole('heading', { level: 1, name: TEXT.articles.premiumHeading }).waitFor();
  else await page.waitForURL('**/subscription');
}

/** A picture to look at (the journey checks nothing in it): the element, or the whole page. */
async function shoot(page: Page, what: string, target?: Locator) {
  const path = `/tmp/subscriptions-${page.viewportSize()!.width}-${what}.png`;
  await (target ? target.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

async function expectAxeClean(page: Page, what: string) {
  expect(await axeViolations(page), `${what} at ${page.viewportSize()!.width} px`).toEqual([]);
}

describe.each([
  ['desktop', WIDE],
  ['phone', PHONE],
] as const)('renewing subscriptions, on a %s', (_form, viewport) => {
  let session: Session;
  afterEach(() => session.close());

  it('7 free days with 4242…, then it renews; cancelled, premium lasts to the period’s end, then it is over', async () => {
    const stamp = `${Date.now() % 1_000_000}${viewport.width}`;
    const plan = await monthlyPlan(stamp);
    session = await readerBrowser(viewport, 'Trial Reader');
    const { page } = session;

    // Checkout: nothing due today, and the day of the first charge.
    await checkout(page, plan);
    const summary = page.getByRole('complementary', { name: P.summary });
    const chargeDay = longFormat.format(new Date((await serverNow()).getTime() + FREE_DAYS * DAY_MS));
    await summary.getByText(T.checkoutFree(FREE_DAYS, PRICE, chargeDay)).waitFor();
    await summary.getByText(T.dueToday).waitFor();
    await summary.getByText(formatPrice(0, 'usd'), { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, '/payment of a plan with free days');
    await expectAxeClean(page, '/payment of a plan with free days');
    await shoot(page, 'payment');
    const boughtAt = await serverNow();
    await payWith(page, '4242 4242 4242 4242');
    await expectToast(page, TEXT.toast.subscriptionSuccess);
    await page.waitForURL('**/premium-articles');
    await expect.poll(() => menuLinks(page)).toContain(TEXT.nav.premiumArticles);

    // /profile: the free days, the first charge on the day checkout said, the card.
    const trial = await mySubscription(page);
    expect(trial).toMatchObject({ status: 'trialing', planName: plan.name, price: 9, cardLast4: '4242' });
    expect(Math.abs(new Date(trial.periodEnd).getTime() - boughtAt.getTime() - FREE_DAYS * DAY_MS)).toBeLessThan(
      60_000,
    );
    expect(longFormat.format(new Date(trial.nextChargeAt!))).toBe(chargeDay);
    await page.goto('/profile');
    const panel = panelOf(page);
    await badge(page, 'trialing').waitFor();
    await panel.getByText(T.freeUntil(day(trial.periodEnd), PRICE)).waitFor();
    await panel.getByText(T.card('4242')).waitFor();
    await panel.getByRole('button', { name: T.changeCard }).waitFor();
    await panel.getByRole('button', { name: T.cancel }).waitFor();
    const billing = billingOf(page);
    await billing
      .getByRole('row')
      .filter({ hasText: T.billingKinds.free_days })
      .getByText(T.freeStatus, { exact: true })
      .waitFor();
    await expectPremiumLine(page, BILLING_TEXT.activeUntil(moment(trial.periodEnd)));
    await expectNoSidewaysScroll(page, '/profile in free days');
    await expectAxeClean(page, '/profile in free days');
    await shoot(page, 'profile-free-days', panel);

    // The free days end: the first month is charged to the card on file.
    await passDays(session, FREE_DAYS + 1, '/profile');
    const renewed = await mySubscription(page);
    const monthEnd = addInterval(new Date(trial.periodEnd), 'month');
    expect(renewed).toMatchObject({
      status: 'active',
      periodStart: trial.periodEnd,
      periodEnd: monthEnd.toISOString(),
    });
    await badge(page, 'active').waitFor();
    await panel.getByText(T.renewsOn(day(monthEnd), PRICE)).waitFor();
    const renewal = billing.getByRole('row').filter({ hasText: T.billingKinds.renewal });
    await renewal.getByText(BILLING_TEXT.statuses.paid, { exact: true }).waitFor();
    await renewal.getByText(PRICE, { exact: true }).waitFor();
    await expectPremiumLine(page, BILLING_TEXT.activeUntil(moment(monthEnd)));
    await shoot(page, 'profile-active', panel);

    // Cancelled after the confirmation: premium continues until the month's end.
    await panel.getByRole('button', { name: T.cancel }).click();
    const dialog = page.getByRole('alertdialog', { name: T.cancelTitle });
    await dialog.getByText(T.cancelBody(day(monthEnd))).waitFor();
    await dialog.getByRole('button', { name: T.cancel, exact: true }).click();
    await expectToast(page, T.cancelled);
    await badge(page, 'cancelled').waitFor();
    await panel.getByText(T.endsOn(day(monthEnd))).waitFor();
    await panel.getByRole('button', { name: T.resume }).waitFor();
    expect(await panel.getByRole('button', { name: T.cancel }).count()).toBe(0);
    expect(await mySubscription(page)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextChargeAt: null });
    await expectAxeClean(page, '/profile, cancelled');
    await shoot(page, 'profile-cancelled', panel);

    // Still premium a day before the end, with nothing charged on the way.
    const untilLastDay = (monthEnd.getTime() - (await serverNow()).getTime()) / DAY_MS - 1;
    await passDays(session, untilLastDay, '/profile');
    await badge(page, 'cancelled').waitFor();
    await expectPremiumLine(page, BILLING_TEXT.activeUntil(moment(monthEnd)));
    await expectPremium(page, true);

    // Past the end: over, and premium with it.
    await passDays(session, 2, '/profile');
    expect(await mySubscription(page)).toMatchObject({
      status: 'ended',
      endedReason: 'cancelled',
      endedAt: monthEnd.toISOString(),
    });
    await badge(page, 'ended').waitFor();
    await panel.getByText(`${T.endedOn(day(monthEnd))} ${T.endedReasons.cancelled}`).waitFor();
    await panel.getByRole('link', { name: T.choosePlan }).waitFor();
    await expectPremiumLine(page, BILLING_TEXT.endedOn(moment(monthEnd)));
    expect(await billing.getByRole('row').filter({ hasText: T.billingKinds.renewal }).count()).toBe(1);
    await shoot(page, 'profile-ended', panel);
    await expectPremium(page, false);
    expectNoErrors(session);
  });

  it('a renewal declined on 4000 0000 0000 0341: the banner on every page, the alert on /profile, and premium lapses after the grace', async () => {
    const stamp = `${Date.now() % 1_000_000}${viewport.width}`;
    const plan = await monthlyPlan(stamp);
    session = await readerBrowser(viewport, 'Declined Reader');
    const { page } = session;

    // The card is accepted for the free days: nothing is charged yet.
    await checkout(page, plan);
    await payWith(page, '4000 0000 0000 0341');
    await expectToast(page, TEXT.toast.subscriptionSuccess);
    await page.waitForURL('**/premium-articles');
    const trial = await mySubscription(page);
    expect(trial).toMatchObject({ status: 'trialing', cardLast4: '0341' });

    // The free days end and the charge is declined: past due, premium kept through the grace.
    await passDays(session, FREE_DAYS + 1, '/');
    const pastDue: Subscription = await mySubscription(page);
    const graceEnd = new Date(new Date(trial.periodEnd).getTime() + SUBSCRIPTION_LIMITS.graceDaysDefault * DAY_MS);
    expect(pastDue).toMatchObject({ status: 'past_due', graceEndsAt: graceEnd.toISOString() });
    const banner = page.getByRole('status').filter({ hasText: T.banner });
    await banner.waitFor();
    await expect.poll(() => menuLinks(page)).toContain(TEXT.nav.premiumArticles);
    await expectNoSidewaysScroll(page, 'the home page with the past due banner');
    await page.screenshot({ path: `/tmp/subscriptions-${viewport.width}-home-past-due-banner.png` });
    await banner.getByRole('link', { name: T.bannerAction }).click();
    await page.waitForURL('**/profile#subscription');
    const panel = panelOf(page);
    await badge(page, 'past_due').waitFor();
    await expect.poll(() => panel.getByRole('alert').innerText()).toBe(T.pastDue(PRICE, day(graceEnd)));
    // The form for another card is open at once; the declined renewal is in the history.
    await panel.getByRole('form', { name: T.newCard }).getByRole('button', { name: T.payWithCard }).waitFor();
    await panel.getByText(T.card('0341')).waitFor();
    await billingOf(page)
      .getByRole('row')
      .filter({ hasText: T.billingKinds.renewal })
      .getByText(BILLING_TEXT.statuses.declined, { exact: true })
      .waitFor();
    await expectPremiumLine(page, BILLING_TEXT.activeUntil(moment(graceEnd)));
    await expectNoSidewaysScroll(page, '/profile, past due');
    await expectAxeClean(page, '/profile, past due');
    await shoot(page, 'profile-past-due', panel);

    // No other card by the grace's end: over, premium gone, and no banner.
    await passDays(session, SUBSCRIPTION_LIMITS.graceDaysDefault + 1, '/profile');
    expect(await mySubscription(page)).toMatchObject({
      status: 'ended',
      endedReason: 'payment_failed',
      endedAt: graceEnd.toISOString(),
    });
    await badge(page, 'ended').waitFor();
    await panel.getByText(`${T.endedOn(day(graceEnd))} ${T.endedReasons.payment_failed}`).waitFor();
    await expectPremiumLine(page, BILLING_TEXT.endedOn(moment(graceEnd)));
    expect(await page.getByRole('status').filter({ hasText: T.banner }).count()).toBe(0);
    await shoot(page, 'profile-payment-failed-ended', panel);
    await expectPremium(page, false);
    expect(await page.getByRole('status').filter({ hasText: T.banner }).count()).toBe(0);
    expectNoErrors(session);
  });
});
