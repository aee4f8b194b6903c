import { FONTS_COOKIE, readingMinutes, TEXT, type ArticleDetail, type ArticlePage } from '@dispatch/shared';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors } from './support/expect.js';
import { stack } from './support/stack.js';

/** The widths the reading experience is held to: a laptop and a phone. */
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const READER = { email: 'reader@example.com', password: 'Reader#2026' };
const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Premium#2026' };

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

/** Back or Forward, as a reader presses it: the page they return to is ready (hydrated) before they go on. */
async function traverse(page: Page, direction: 'back' | 'forward') {
  await (direction === 'back' ? page.goBack() : page.goForward());
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Follows an in-app link without Playwright scrolling it into view first: the position left is the one set. */
async function followLink(page: Page, selector: string) {
  await page.evaluate((css) => document.querySelector<HTMLAnchorElement>(css)!.click(), selector);
}

/** The page's first approved article that is (or is not) premium, from the list's first page. */
async function firstArticle(session: Session, premium: boolean) {
  const response = await fetch(`${session.baseUrl}/api/articles/approved`);
  const { articles } = (await response.json()) as ArticlePage;
  return articles.find((article) => article.isPremium === premium)!;
}

/** What the API gives this reader of the article: the page must show the same. */
async function detailFor(session: Session, account: typeof READER, id: string): Promise<ArticleDetail> {
  const login = await fetch(`${session.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${session.baseUrl}/api/articles/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as ArticleDetail;
}

for (const viewport of VIEWPORTS) {
  describe(`reading at ${viewport.width} px`, () => {
    let session: Session;
    afterEach(() => session.close());

    it('a page opened fresh starts at its top or its #fragment, whatever the tab scrolled before', async () => {
      session = await openBrowser(viewport);
      const { page } = session;
      await page.goto('/articles');
      await scrollTo(page, 900);
      // A typed address, a bookmark, a link from elsewhere: a new document in the same tab.
      await page.goto('/');
      await page.waitForTimeout(300);
      expect(await scrollY(page)).toBe(0);

      await scrollTo(page, 700);
      await page.goto('/articles?page=2');
      await page.waitForTimeout(300);
      expect(await scrollY(page)).toBe(0);

      await page.goto('/#plans');
      await expect
        .poll(() => page.evaluate(() => Math.round(document.getElementById('plans')!.getBoundingClientRect().top)))
        .toBe(0);
      expect(await scrollY(page)).toBeGreaterThan(500);
      expectNoErrors(session);
    });

    it('back and forward return to where the reader was, within the app and across documents', async () => {
      session = await openBrowser(viewport);
      const { page } = session;
      const allArticles = `footer a[href="/articles"]`;
      await page.goto('/articles?tag=Politics');
      await scrollTo(page, 1200);
      // Within the app: the footer's link, followed from where the reader stands, opens at the top.
      await followLink(page, allArticles);
      await page.waitForURL((url) => url.search === '');
      await expect.poll(() => scrollY(page)).toBe(0);
      await scrollTo(page, 400);
      await traverse(page, 'back');
      await page.waitForURL('**/articles?tag=Politics');
      await expect.poll(() => scrollY(page)).toBe(1200);
      await traverse(page, 'forward');
      await page.waitForURL((url) => url.search === '');
      await expect.poll(() => scrollY(page)).toBe(400);

      // Across documents: a list opened fresh and left in the app, then another opened fresh in the tab
      // and scrolled. Back twice returns to the first list where it was left, not where the other one was.
      await page.goto('/articles?tag=Sports');
      await scrollTo(page, 600);
      await followLink(page, allArticles);
      await page.waitForURL((url) => url.search === '');
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.goto('/articles?tag=Health');
      await scrollTo(page, 300);
      await traverse(page, 'back');
      await page.waitForURL((url) => url.search === '');
      await expect.poll(() => scrollY(page)).toBe(0);
      await traverse(page, 'back');
      await page.waitForURL('**/articles?tag=Sports');
      await expect.poll(() => scrollY(page)).toBe(600);
      expectNoErrors(session);
    });

    it("another page of a list opens at the list's top; back returns to the page links", async () => {
      session = await openBrowser(viewport);
      const { page } = session;
      await page.goto('/articles');
      const pages = page.getByRole('navigation', { name: TEXT.listing.pagination });
      await pages.scrollIntoViewIfNeeded();
      const atLinks = await scrollY(page);
      expect(atLinks).toBeGreaterThan(1000);
      await followLink(page, `nav[aria-label="${TEXT.listing.pagination}"] a[aria-label="${TEXT.listing.page} 2"]`);
      await page.waitForURL('**/articles?page=2');
      const count = page.getByText(new RegExp(`^${TEXT.listing.showing} 13–`));
      await count.waitFor();
      // The list's first line at the top of the screen: the heading and filters above it scrolled away.
      await expect.poll(async () => Math.round((await count.boundingBox())!.y)).toBeLessThanOrEqual(24);
      expect((await count.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      expect(await scrollY(page)).toBeGreaterThan(100);

      await traverse(page, 'back');
      await page.waitForURL('**/articles');
      await expect.poll(() => scrollY(page)).toBe(atLinks);
      expectNoErrors(session);
    });

    it('an article shows its reading time, shares by plain links or by copying, and ends with more to read', async () => {
      session = await openBrowser(viewport);
      const { page, context, baseUrl } = session;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await logIn(page, READER.email, READER.password);
      const free = await firstArticle(session, false);
      const detail = await detailFor(session, READER, free._id);
      if (!detail.access) throw new Error('the demo reader should read a free article');
      const url = `${baseUrl}/articles/${free._id}`;
      const hosts = new Set<string>();
      page.on('request', (request) => hosts.add(new URL(request.url()).origin));

      await page.goto(`/articles/${free._id}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: free.title }).waitFor();
      const main = page.getByRole('main');
      await main.getByText(TEXT.detail.readingTime(readingMinutes(detail.article.description))).waitFor();

      // No share sheet in this Chromium: copy-link and plain links, nothing loaded from their hosts.
      const share = main.getByRole('group', { name: TEXT.detail.shareThis });
      expect(await share.getByRole('button', { name: TEXT.detail.share, exact: true }).count()).toBe(0);
      const href = (name: string) => share.getByRole('link', { name }).getAttribute('href');
      expect(await href(TEXT.detail.shareOn('X'))).toBe(
        `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(free.title)}`,
      );
      expect(await href(TEXT.detail.shareOn('Facebook'))).toBe(
        `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      );
      expect(await href(TEXT.detail.shareOn('LinkedIn'))).toBe(
        `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
      );
      const mail = new URL((await href(TEXT.detail.shareByEmail))!);
      expect(mail.protocol).toBe('mailto:');
      expect(mail.searchParams.get('subject')).toBe(free.title);
      expect(mail.searchParams.get('body')).toContain(url);
      await share.getByRole('button', { name: TEXT.detail.copyLink }).click();
      await share.getByRole('status').getByText(TEXT.detail.linkCopied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // More from the publisher, more on the first tag: other approved articles, none twice.
      const fromPublisher = main.locator('section', {
        has: page.getByRole('heading', { name: TEXT.detail.moreFrom(free.publisher) }),
      });
      const onTag = main.locator('section', {
        has: page.getByRole('heading', { name: TEXT.detail.moreOn(free.tags[0]!) }),
      });
      const cardTitles = async (section: typeof fromPublisher) =>
        section.locator('article').getByRole('heading', { level: 2 }).allTextContents();
      const publisherTitles = await cardTitles(fromPublisher);
      const tagTitles = await cardTitles(onTag);
      expect(publisherTitles.length).toBeGreaterThan(0);
      expect(publisherTitles.length).toBeLessThanOrEqual(3);
      expect(tagTitles.length).toBeGreaterThan(0);
      expect([...publisherTitles, ...tagTitles]).not.toContain(free.title);
      expect(publisherTitles.filter((title) => tagTitles.includes(title))).toEqual([]);
      for (const kicker of await fromPublisher.locator('article .kicker').allTextContents()) {
        expect(kicker).toContain(free.publisher);
      }
      for (const card of await onTag.locator('article').all()) {
        expect(await card.getByRole('list', { name: TEXT.listing.tags }).textContent()).toContain(free.tags[0]);
      }
      // A premium card shown to a reader without premium keeps its details closed, as in the lists.
      const lockedCards = main.locator('section article', { has: page.getByText(TEXT.articles.premiumLocked) });
      for (const card of await lockedCards.all()) {
        expect(await card.getByRole('button', { name: TEXT.articles.details }).isDisabled()).toBe(true);
      }
      // Rendered with the page by the server, not fetched after it.
      const html = await (await context.request.get(url)).text();
      expect(html).toContain(`>${TEXT.detail.moreFrom(free.publisher)}<`);
      expect([...hosts]).toEqual([baseUrl]);
      expectNoErrors(session);
    });

    it("a premium article's teaser gives the teaser's reading time; a device share sheet replaces the links", async () => {
      session = await openBrowser(viewport);
      const { page, context, baseUrl } = session;
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: (data: ShareData) => {
            (window as unknown as { shared: ShareData }).shared = data;
            return Promise.resolve();
          },
        });
      });
      await logIn(page, READER.email, READER.password);
      const premium = await firstArticle(session, true);
      const detail = await detailFor(session, READER, premium._id);
      if (detail.access) throw new Error('the demo reader has no premium');
      await page.goto(`/articles/${premium._id}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
      await main.getByText(TEXT.detail.readingTime(readingMinutes(detail.article.excerpt))).waitFor();

      expect(await main.getByRole('button', { name: TEXT.detail.copyLink }).count()).toBe(0);
      await main.getByRole('button', { name: TEXT.detail.share, exact: true }).click();
      expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
        title: premium.title,
        url: `${baseUrl}/articles/${premium._id}`,
      });
      expectNoErrors(session);
    });

    it('an article prints as an article: no site chrome or controls, a book face, its URL and date at the end', async () => {
      session = await openBrowser(viewport);
      const { page, baseUrl } = session;
      await logIn(page, READER.email, READER.password);
      const free = await firstArticle(session, false);
      await page.goto(`/articles/${free._id}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: TEXT.detail.moreFrom(free.publisher) }).waitFor();
      await page.emulateMedia({ media: 'print' });

      const main = page.getByRole('main');
      expect(await page.getByRole('heading', { level: 1, name: free.title }).isVisible()).toBe(true);
      const hidden = {
        navigation: page.getByRole('navigation', { name: TEXT.layout.mainNavigation }),
        'site footer': page.locator('footer:not(article footer)'),
        'skip link': page.getByRole('link', { name: TEXT.layout.skipToContent }),
        buttons: page.locator('button'),
        'share controls': main.getByRole('link', { name: TEXT.detail.shareOn('X') }),
        'more from the publisher': page.getByRole('heading', { name: TEXT.detail.moreFrom(free.publisher) }),
      };
      for (const [what, locator] of Object.entries(hidden)) {
        for (const element of await locator.all()) expect(await element.isVisible(), what).toBe(false);
      }
      const paragraph = main
        .locator('article p')
        .filter({ hasText: free.excerpt.slice(0, 30) })
        .first();
      expect(await paragraph.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/Georgia/);

      const ending = main.getByText(`${TEXT.detail.printedFrom} ${baseUrl}/articles/${free._id}`);
      expect(await ending.isVisible()).toBe(true);
      expect(await ending.locator(`time[datetime="${free.publishedAt}"]`).isVisible()).toBe(true);
      expect((await ending.boundingBox())!.y).toBeGreaterThan((await paragraph.boundingBox())!.y);

      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expectNoErrors(session);
    });

    it('the article page and a list show their shapes while loading, and images keep their place', async () => {
      session = await openBrowser(viewport);
      const { page, context } = session;
      await context.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await logIn(page, SUBSCRIBER.email, SUBSCRIBER.password);
      const free = await firstArticle(session, false);
      const release: (() => void)[] = [];
      const holdBack = (path: string) =>
        page.route(
          (url) => url.pathname === path,
          async (route) => {
            await new Promise<void>((resolve) => release.push(resolve));
            await route.continue();
          },
        );

      // The article, opened from the list: a skeleton of its header, picture and text, no spinner.
      await page.goto('/articles');
      await holdBack(`/api/articles/${free._id}`);
      await followLink(page, `a[href="/articles/${free._id}"]`);
      const main = page.getByRole('main');
      const skeleton = main.locator('[aria-busy="true"]').first();
      await skeleton.waitFor();
      expect(await main.getByRole('status').textContent()).toBe(TEXT.states.loading);
      expect(await main.locator('.animate-spin').count()).toBe(0);
      const picture = (await skeleton.locator('.aspect-\\[16\\/9\\]').boundingBox())!;
      expect(picture.width / picture.height).toBeCloseTo(16 / 9, 1);
      release.splice(0).forEach((go) => go());
      await page.getByRole('heading', { level: 1, name: free.title }).waitFor();
      const image = (await main.locator('article figure img').boundingBox())!;
      expect(Math.abs(image.width - picture.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(image.height - picture.height)).toBeLessThanOrEqual(1);

      // A list opened in the app: the grid of cards' shapes, no spinner.
      await holdBack('/api/premium-articles');
      await followLink(page, 'footer a[href="/premium-articles"]');
      await page.getByRole('heading', { level: 1, name: TEXT.articles.premiumHeading }).waitFor();
      await main.locator('[aria-busy="true"] ul[aria-hidden="true"] > li').first().waitFor();
      expect(await main.locator('[aria-busy="true"] ul[aria-hidden="true"] > li').count()).toBe(6);
      expect(await main.locator('.animate-spin').count()).toBe(0);
      release.splice(0).forEach((go) => go());
      await main.locator('article').first().waitFor();
      await page.unrouteAll();

      // Every picture of a list and of an article has its size before it loads, and the sizes to choose from.
      for (const path of ['/articles', `/articles/${free._id}`]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        for (const image of await main.locator('img').all()) {
          const attributes = await image.evaluate((element) => ({
            src: element.getAttribute('src'),
            width: element.getAttribute('width'),
            height: element.getAttribute('height'),
            srcset: element.getAttribute('srcset'),
          }));
          expect(attributes.width, `${path} ${attributes.src}`).toMatch(/^\d+$/);
          expect(attributes.height, `${path} ${attributes.src}`).toMatch(/^\d+$/);
          if (attributes.src?.startsWith('/api/uploads/')) expect(attributes.srcset, attributes.src).toMatch(/ 640w/);
        }
        // Scrolled to the end, as a reader would: nothing moved under them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 30));
          }
        });
        await page.waitForLoadState('networkidle');
        const shift = await page.evaluate(() =>
          (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
        );
        expect(shift, `${path}: layout shift`).toBeLessThan(0.02);
      }
      expectNoErrors(session);
    });

    it('headlines keep their lines when the web fonts arrive: the fallback faces have their metrics', async () => {
      // The same pages twice: once with the web fonts refused (the fallback faces stay), once with them.
      const { articles } = (await (await fetch(`${stack().baseUrl}/api/articles/approved`)).json()) as ArticlePage;
      const paths = ['/articles', ...articles.slice(0, 4).map((article) => `/articles/${article._id}`)];
      const measure = async (fonts: 'refused' | 'loaded') => {
        session = await openBrowser(viewport);
        const { page, context } = session;
        if (fonts === 'refused') await context.route(/\.woff2$/, (route) => route.abort());
        await logIn(page, READER.email, READER.password);
        // A first page only fetches the fonts for the next ones: wait until it has.
        if (fonts === 'loaded') {
          await expect
            .poll(async () => (await context.cookies()).some((cookie) => cookie.name === FONTS_COOKIE))
            .toBe(true);
        }
        const heights: string[] = [];
        for (const path of paths) {
          await page.goto(path);
          await page.evaluate(() => document.fonts.ready);
          const families = await page.evaluate(() =>
            [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
          );
          expect(families.some((family) => family.includes('Playfair Display Variable'))).toBe(fonts === 'loaded');
          for (const heading of await page.locator('main h1, main h2').all()) {
            heights.push(
              `${path} ${await heading.textContent()}: ${Math.round((await heading.boundingBox())!.height)}`,
            );
          }
        }
        await session.close();
        return heights;
      };
      const fallback = await measure('refused');
      const web = await measure('loaded');
      expect(fallback.length).toBeGreaterThan(paths.length);
      expect(fallback).toEqual(web);
      session = await openBrowser(viewport);
    });
  });
}
