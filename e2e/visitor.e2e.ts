import { BRIEF_TEXT, TAGS, TEXT, UPGRADE_TEXT } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, PHONE, type Session } from './support/browser.js';
import { logIn } from './support/actions.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';

const HOME_SECTIONS = [
  TEXT.home.trending,
  TEXT.home.publishers,
  TEXT.home.stats,
  TEXT.home.plans,
  TEXT.home.trust,
  TEXT.home.testimonials,
];

describe('a visitor on the home page', () => {
  let session: Session;
  afterEach(() => session.close());

  it("sees the six sections in order, with demo content, and the daily brief's box after them", async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/');
    // The brief's box comes in its own chunk once the page has hydrated: SPEC's six stay first, in order.
    await expect
      .poll(() => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents())
      .toEqual([...HOME_SECTIONS, BRIEF_TEXT.heading]);
    await page.getByRole('link', { name: TEXT.home.readMore }).first().waitFor();
    expect(await page.getByText('The Morning Ledger').count()).toBeGreaterThan(0);
    await page.getByText(TEXT.home.totalUsers).scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: TEXT.home.choosePlan }).count()).toBe(3);
    expectNoErrors(session);
  });

  it('gets the upgrade modal after 10 seconds, and its button leads to /subscription', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('heading', { name: TEXT.home.trending }).waitFor();
    await page.clock.runFor(9_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.clock.runFor(1_500);
    const dialog = page.getByRole('dialog', { name: UPGRADE_TEXT.title });
    await dialog.waitFor();
    await dialog.getByText(UPGRADE_TEXT.body).waitFor();
    await dialog.getByRole('button', { name: UPGRADE_TEXT.closeLabel }).click();
    await dialog.waitFor({ state: 'hidden' });

    // /subscription needs an account: an anonymous visitor is asked to log in, then taken there.
    await page.goto('/');
    await page.getByRole('heading', { name: TEXT.home.trending }).waitFor();
    await page.clock.runFor(10_500);
    await page.getByRole('button', { name: UPGRADE_TEXT.goToSubscription }).click();
    await page.waitForURL('**/login');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel(TEXT.auth.email, { exact: true }).fill('reader@example.com');
    await page.getByLabel(TEXT.auth.password, { exact: true }).fill('Reader#2026');
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await page.waitForURL('**/subscription');
    await page.getByRole('heading', { name: TEXT.subscription.heading }).waitFor();
  });

  it('stores the chosen plan and goes to /payment', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/');
    await page.getByRole('button', { name: TEXT.home.choosePlan }).nth(1).click();
    await page.waitForURL('**/payment');
    const stored = await page.evaluate(() => localStorage.getItem('subscriptionPlan'));
    expect(JSON.parse(stored!)).toEqual({ id: 'individual', label: '5 Days', value: 7200, price: 300 });
  });
});

describe('a visitor on /articles', () => {
  let session: Session;
  afterEach(() => session.close());

  const cardTitles = (session: Session) =>
    session.page.locator('main article').getByRole('heading', { level: 2 }).allTextContents();

  it('filters by title search, publisher and tag, keeping the filters in the URL', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/articles');
    await page.getByRole('heading', { name: TEXT.articles.heading }).waitFor();
    await expect.poll(() => cardTitles(session).then((titles) => titles.length)).toBe(12);

    await page.getByLabel(TEXT.articles.searchLabel).fill('budget');
    await page.waitForURL(/search=budget/);
    await expect.poll(() => cardTitles(session)).toEqual(['What the New Budget Means for Your Household Bills']);

    await page.getByLabel(TEXT.articles.searchLabel).fill('');
    await page.getByLabel(TEXT.articles.publisherLabel, { exact: true }).selectOption('Northwind Sports');
    await page.waitForURL(/publisher=Northwind/);
    await expect
      .poll(async () => {
        const publishers = await page.locator('main article').getByText('Northwind Sports', { exact: false }).count();
        return publishers > 0 && publishers === (await cardTitles(session)).length;
      })
      .toBe(true);

    await page.getByLabel(TEXT.articles.tagLabel, { exact: true }).selectOption('Health');
    await page.waitForURL(/tag=Health/);
    await expect.poll(() => cardTitles(session)).toEqual(['The Marathon Runner Who Trains on Night Shifts']);

    await page.reload();
    await expect.poll(() => cardTitles(session)).toEqual(['The Marathon Runner Who Trains on Night Shifts']);
    expect(await page.getByLabel(TEXT.articles.tagLabel, { exact: true }).inputValue()).toBe('Health');
    expectNoErrors(session);
  });

  it('offers All Tags and the five tags, and locks premium cards for visitors', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/articles');
    await page.getByRole('heading', { name: TEXT.articles.heading }).waitFor();
    const options = await page.getByLabel(TEXT.articles.tagLabel, { exact: true }).locator('option').allTextContents();
    expect(options).toEqual([TEXT.articles.allTags, ...TAGS]);
    const premiumCard = page.locator('main article', { hasText: TEXT.articles.premium }).first();
    await premiumCard.waitFor();
    expect(await premiumCard.getByRole('button', { name: TEXT.articles.details }).isDisabled()).toBe(true);
    const card = page.locator('main article').first();
    const preview = await card.locator('p').filter({ hasText: '...' }).first().textContent();
    expect(preview!.trim().endsWith('...')).toBe(true);
  });
});

describe('fallback pages', () => {
  let session: Session;
  afterEach(() => session.close());

  it('shows the 404 page for an unknown route, and the 403 page', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/no/such/page');
    await page.getByText(TEXT.notFound.message).waitFor();
    await page.getByRole('link', { name: TEXT.notFound.back }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/forbidden');
    await page.getByText(TEXT.forbidden.message).waitFor();
    await page.getByRole('link', { name: TEXT.forbidden.back }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expectNoErrors(session);
  });
});

describe('every public route, on a desktop and on a phone', () => {
  let session: Session;
  afterEach(() => session.close());

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens without a console error on a ${device}`, async () => {
      session = await openBrowser(viewport);
      const { page } = session;
      for (const path of [
        '/',
        '/articles',
        '/articles?tag=Sports&page=2',
        '/forbidden',
        '/nothing-here',
        '/login',
        '/register',
      ]) {
        await page.goto(path);
        await page.getByRole('contentinfo').waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page, `${path} on a ${device}`);
      }
      expectNoErrors(session);
    });
  }

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens every signed-in and admin route without a console error on a ${device}`, async () => {
      session = await openBrowser(viewport);
      const { page } = session;
      await logIn(page, ADMIN.email, ADMIN.password);
      const firstArticle = await (await fetch(`${session.baseUrl}/api/articles/approved?limit=1`)).json();
      const paths = [
        '/addArticle',
        '/my-articles',
        '/profile',
        '/subscription',
        '/payment',
        '/premium-articles',
        `/articles/${firstArticle.articles[0]._id}`,
        '/dashboard',
        '/dashboard/all-articles',
        '/dashboard/all-users',
        '/dashboard/add-publisher',
      ];
      for (const path of paths) {
        await page.goto(path);
        await page.getByRole('main').waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page, `${path} on a ${device}`);
      }
      expectNoErrors(session);
    });
  }

  it('collapses the navbar into a menu on a phone', async () => {
    session = await openBrowser(PHONE);
    const { page } = session;
    await page.goto('/');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: TEXT.nav.articles }).isVisible()).toBe(false);
    await banner.getByRole('button', { name: TEXT.layout.menu }).click();
    await banner.getByRole('link', { name: TEXT.nav.articles }).click();
    await page.waitForURL('**/articles');
  });
});
