// Publisher and tag pages, and the dark theme, in Chromium at a desktop's and a phone's width.
import { TEXT, THEME_COOKIE } from '@dispatch/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { axeViolations } from './support/axe.js';

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PAPER = { light: 'rgb(251, 250, 247)', dark: 'rgb(20, 18, 16)' };

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** The page as the HTML and stylesheet alone paint it: every script refused. */
async function firstPaint(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const painted = { background: await background(page), theme: await page.getAttribute('html', 'data-theme') };
  await page.close();
  return painted;
}

describe.each([
  ['desktop', WIDE],
  ['phone', PHONE],
] as const)('publisher and tag pages on a %s', (_form, viewport) => {
  let session: Session;
  afterEach(() => session.close());

  it("the home page's publishers lead to a publisher's page: its logo, name, articles and feeds", async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await page.goto('/');
    const publishers = page.getByRole('region', { name: TEXT.home.publishers });
    await publishers.getByRole('link', { name: 'The Morning Ledger' }).click();
    await page.waitForURL('**/publishers/the-morning-ledger');
    await page.getByRole('heading', { level: 1, name: 'The Morning Ledger' }).waitFor();
    expect(await page.title()).toBe('The Morning Ledger · The Daily Dispatch');
    const cards = page.getByRole('main').getByRole('article');
    await cards.first().waitFor();
    const kickers = await cards.locator('.kicker a').allTextContents();
    expect(kickers.length).toBeGreaterThan(0);
    expect(new Set(kickers)).toEqual(new Set(['The Morning Ledger']));
    expect(await page.getByRole('link', { name: TEXT.feeds.rss }).getAttribute('href')).toBe(
      '/rss.xml?publisher=The+Morning+Ledger',
    );
    await expectNoSidewaysScroll(page, 'a publisher page');
    expectNoErrors(session);
  });

  it("a card's tag and publisher lead to their pages; an article page links to both", async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await page.goto('/articles');
    const card = page.getByRole('main').getByRole('article').first();
    const tag = (await card.getByRole('list', { name: TEXT.listing.tags }).getByRole('link').first().textContent())!;
    await card.getByRole('link', { name: tag, exact: true }).click();
    await page.waitForURL(`**/tags/${tag.toLowerCase()}`);
    await page.getByRole('heading', { level: 1, name: tag }).waitFor();
    const tagged = page.getByRole('main').getByRole('article');
    await tagged.first().waitFor();
    for (const tags of await tagged.getByRole('list', { name: TEXT.listing.tags }).allTextContents()) {
      expect(tags).toContain(tag);
    }

    const publisher = (await tagged.first().locator('.kicker a').textContent())!;
    await tagged.first().locator('.kicker a').click();
    await page.getByRole('heading', { level: 1, name: publisher }).waitFor();
    expect(page.url()).toMatch(/\/publishers\/[\w-]+$/);

    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/articles');
    await page.getByRole('main').getByRole('link', { name: TEXT.articles.details }).first().click();
    const article = page.getByRole('main').getByRole('article').first();
    await article.getByRole('heading', { level: 1 }).waitFor();
    const articlePublisher = (await article.locator('.kicker a').textContent())!;
    const articleTag = (await article
      .getByRole('list', { name: TEXT.detail.tags })
      .getByRole('link')
      .first()
      .textContent())!;
    await article.getByRole('link', { name: articleTag, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: articleTag }).waitFor();
    await page.goBack();
    await page.getByRole('main').getByRole('article').first().locator('.kicker a').click();
    await page.getByRole('heading', { level: 1, name: articlePublisher }).waitFor();
    expectNoErrors(session);
  });

  it('an unknown publisher or tag says so, with a way on', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await page.goto('/publishers/no-such-paper');
    await page.getByRole('heading', { level: 1, name: TEXT.publisherPage.notFound }).waitFor();
    await page.goto('/tags/weather');
    await page.getByRole('heading', { level: 1, name: TEXT.tagPage.notFound }).waitFor();
    await page.getByRole('link', { name: TEXT.tagPage.backToArticles }).click();
    await page.waitForURL('**/articles');
  });
});

describe('the dark theme', () => {
  let session: Session;
  afterEach(() => session.close());

  it("follows the system's setting from the first paint, before any script", async () => {
    session = await openBrowser(PHONE);
    await session.page.emulateMedia({ colorScheme: 'dark' });
    const page = await session.context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.goto('/publishers/the-morning-ledger', { waitUntil: 'domcontentloaded' });
    expect(await background(page)).toBe(PAPER.dark);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe(PAPER.light);
    await page.close();
  });

  it('the toggle switches the theme, is remembered across a reload with no flash, and can go back', async () => {
    session = await openBrowser(WIDE);
    const { page, context } = session;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/articles');
    const toggle = page.getByRole('button', { name: TEXT.theme.dark });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await background(page)).toBe(PAPER.light);

    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await background(page)).toBe(PAPER.dark);
    expect((await context.cookies()).find((cookie) => cookie.name === THEME_COOKIE)?.value).toBe('dark');

    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await background(page)).toBe(PAPER.dark);
    expect(await page.getByRole('button', { name: TEXT.theme.dark }).getAttribute('aria-pressed')).toBe('true');
    // The server paints the chosen theme itself: with every script refused the page is already dark.
    expect(await firstPaint(context, '/')).toEqual({ background: PAPER.dark, theme: 'dark' });

    // Back to the system's (light) setting: the choice is forgotten, so the page follows the system again.
    await page.getByRole('button', { name: TEXT.theme.dark }).click();
    expect(await background(page)).toBe(PAPER.light);
    expect((await context.cookies()).some((cookie) => cookie.name === THEME_COOKIE)).toBe(false);
    expect(await firstPaint(context, '/')).toEqual({ background: PAPER.light, theme: null });
    expectNoErrors(session);
  });

  it('on a phone the toggle is beside the menu, and a light choice holds on a dark system', async () => {
    session = await openBrowser(PHONE);
    const { page } = session;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/articles');
    expect(await background(page)).toBe(PAPER.dark);
    const toggle = page.getByRole('button', { name: TEXT.theme.dark });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await background(page)).toBe(PAPER.light);
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await background(page)).toBe(PAPER.light);
    await expectNoSidewaysScroll(page, 'a phone in the light theme');
    expectNoErrors(session);
  });

  it.each(['light', 'dark'] as const)(
    'axe finds nothing to fix in the %s theme',
    async (scheme) => {
      for (const viewport of [WIDE, PHONE]) {
        session = await openBrowser(viewport);
        const { page } = session;
        await page.emulateMedia({ colorScheme: scheme });
        await logIn(page, ADMIN.email, ADMIN.password);
        await page.goto('/articles');
        const article = await page
          .getByRole('main')
          .getByRole('link', { name: TEXT.articles.details })
          .first()
          .getAttribute('href');
        for (const url of ['/', '/articles', article!, '/publishers/the-morning-ledger', '/tags/technology']) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          expect(await background(page)).toBe(PAPER[scheme]);
          expect(await axeViolations(page), `${url} at ${viewport.width} px, ${scheme}`).toEqual([]);
        }
        await session.close();
      }
      session = await openBrowser();
    },
    300_000,
  );
});
