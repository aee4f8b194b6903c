// What readers, writers and editors trip over (issue 15): cards that open by their headline, an article
// that reads well in the reader's time zone, a writer told where their article stands and what the
// one-article rule allows before the work, pickers that say which file they hold, focus that follows the
// page, a carousel that can be paused, and one message when the front page's data does not come.
import { OWN_ARTICLE_TEXT, TEXT, type MyArticlePage } from '@dispatch/shared';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount, pngFile, register, uniqueEmail } from './support/actions.js';
import { api, apiLogin, approvedArticle, submittedArticle } from './support/api.js';
import { DESKTOP, openBrowser, PHONE, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const O = OWN_ARTICLE_TEXT;
const BODY =
  'The harbour authority reopened the north quay on Monday after eleven weeks of repairs to the sea wall, ' +
  'which had been undermined by the winter storms. Fishing boats that had moored in the next town came ' +
  'back before dawn, and the first catch was landed by seven.\n\n' +
  'Engineers say the new wall is built to stand a storm twice as strong as any on record, and the ' +
  'authority has promised a public report on what the work cost and who paid for it by the end of the month.';

const sessions: Session[] = [];
async function open(viewport = DESKTOP, options: { timezoneId?: string } = {}) {
  const session = await openBrowser(viewport, options);
  sessions.push(session);
  return session;
}
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

let editor: Awaited<ReturnType<typeof apiLogin>>;
const created: string[] = [];
beforeAll(async () => {
  editor = await apiLogin(ADMIN);
});
afterAll(async () => {
  // Other journeys count the seeded articles.
  for (const id of created) await api(editor.token, 'DELETE', `/api/articles/${id}`);
});

/** An article's views as its writer's list has them (the article's own answer may be a minute old). */
async function viewsOf(writerToken: string, email: string, id: string) {
  const mine = (await api(writerToken, 'GET', `/api/articles/user/${encodeURIComponent(email)}`)) as MyArticlePage;
  return mine.articles.find((article) => article._id === id)?.views;
}

/** The id of the element that has focus, or its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}:${element.textContent?.trim().slice(0, 60)}` : '';
  });

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`on a ${device}`, () => {
    it('a card opens its article by its headline and by its image; a locked card by neither', async () => {
      const session = await open(viewport);
      const { page } = session;
      const reader = await newAccount(stack().baseUrl, 'Cora Cards');
      await logIn(page, reader.email, reader.password);
      await page.goto('/articles');
      const card = page
        .locator('main article')
        .filter({ hasNot: page.getByText(TEXT.articles.premium, { exact: true }) })
        .first();
      const headline = card.getByRole('heading').getByRole('link');
      const href = await headline.getAttribute('href');
      expect(href).toMatch(/^\/articles\/[\w-]+$/);
      await headline.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { level: 1 }).waitFor();

      await page.goBack();
      // The list again (the article's own page links nowhere to itself by an image).
      await page.locator(`main a[href="${href}"]:has(img)`).click();
      await page.waitForURL((url) => url.pathname === href);

      await page.goto('/articles');
      const locked = page.locator('main article', { hasText: TEXT.articles.premium }).first();
      await locked.waitFor();
      expect(await locked.getByRole('heading').getByRole('link').count()).toBe(0);
      expect(await locked.locator('a[href^="/articles/"]').count()).toBe(0);
      expectNoErrors(session);
    });

    it("an article reads in a serif at a reading size and measure, with its image's caption, dated in the reader's time zone", async () => {
      const author = await newAccount(stack().baseUrl, 'Tomas Tide');
      const { token } = await apiLogin(author);
      const id = await approvedArticle(token, editor.token, {
        title: `The quay reopens (${device})`,
        description: BODY,
        imageCaption: 'The north quay at dawn. Photo: T. Tide',
      });
      created.push(id);
      const session = await open(viewport, { timezoneId: 'Asia/Tokyo' });
      const { page } = session;
      await logIn(page, author.email, author.password);
      await page.goto(`/articles/${id}`);
      const paragraph = page.locator('main article .article-body p').first();
      await paragraph.waitFor();

      const type = await paragraph.evaluate((element) => {
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const text = element.textContent ?? '';
        const averageWidth = context.measureText(text).width / text.length;
        return {
          family: style.fontFamily,
          size: parseFloat(style.fontSize),
          charactersPerLine: element.clientWidth / averageWidth,
        };
      });
      expect(type.family).toMatch(/Charter|Georgia|serif/);
      expect(type.family).not.toMatch(/^'?Inter/);
      expect(type.size).toBeGreaterThanOrEqual(18);
      if (device === 'desktop') {
        expect(type.charactersPerLine).toBeGreaterThanOrEqual(60);
        expect(type.charactersPerLine).toBeLessThanOrEqual(75);
      }

      expect(await page.locator('main article figure figcaption').textContent()).toBe(
        'The north quay at dawn. Photo: T. Tide',
      );

      // The posted time as a reader in Tokyo reads it (the server's HTML said UTC until hydration).
      const time = page.locator('main article header time').first();
      const iso = (await time.getAttribute('datetime'))!;
      const tokyo = new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: 'Asia/Tokyo',
      }).format(new Date(iso));
      await expect.poll(() => time.textContent()).toBe(tokyo);
      await expectNoSidewaysScroll(page, `an article on a ${device}`);
      expectNoErrors(session);
    });

    it('a writer sees where their own article stands, with a reason when declined; their visits are not views', async () => {
      const author = await newAccount(stack().baseUrl, 'Wren Writer');
      const { token } = await apiLogin(author);
      const id = await submittedArticle(token, { title: `Tide tables revised (${device})`, description: BODY });
      created.push(id);
      const session = await open(viewport);
      const { page } = session;
      await logIn(page, author.email, author.password);

      await page.goto(`/articles/${id}`);
      const banner = page.getByRole('region', { name: O.label });
      await banner.getByText(O.pending).waitFor();
      expect(await banner.textContent()).toContain(`${O.label}: ${TEXT.writing.statuses.pending}`);
      await page.reload();
      await banner.getByText(O.pending).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await viewsOf(token, author.email, id)).toBe(0);

      await api(editor.token, 'PATCH', `/api/articles/decline/${id}`, { reason: 'Name your sources, please.' });
      await page.reload();
      await banner.getByText(O.declined).waitFor();
      await banner.getByText('Name your sources, please.').waitFor();
      await banner.getByRole('link', { name: O.myArticles }).click();
      await page.waitForURL((url) => url.pathname === '/my-articles');

      // Someone else's reading still counts.
      const reader = await open(viewport);
      await logIn(reader.page, ADMIN.email, ADMIN.password);
      await reader.page.goto(`/articles/${id}`);
      await reader.page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => viewsOf(token, author.email, id)).toBe(1);
      expectNoErrors(session);
    });

    it('/addArticle tells a writer who has an article, at once, what premium changes; a new writer sees no such note', async () => {
      const author = await newAccount(stack().baseUrl, 'Olive Once');
      const { token } = await apiLogin(author);
      created.push(await submittedArticle(token, { title: `Ferry timetable (${device})`, description: BODY }));
      const session = await open(viewport);
      const { page } = session;
      await logIn(page, author.email, author.password);
      await page.goto('/addArticle');
      const notice = page.getByRole('status').filter({ hasText: TEXT.addArticle.limitReachedTitle });
      await notice.getByText(TEXT.addArticle.limitReachedBody).waitFor();
      // Before the form: the writer reads it before the work.
      const noticeTop = (await notice.boundingBox())!.y;
      const titleTop = (await page.getByLabel(TEXT.writing.title, { exact: true }).boundingBox())!.y;
      expect(noticeTop).toBeLessThan(titleTop);
      await expectNoSidewaysScroll(page, `/addArticle with the note on a ${device}`);
      await notice.getByRole('link', { name: TEXT.addArticle.seePlans }).click();
      await page.waitForURL((url) => url.pathname === '/subscription');

      const newcomer = await open(viewport);
      const fresh = await newAccount(stack().baseUrl, 'Nell New');
      await logIn(newcomer.page, fresh.email, fresh.password);
      await newcomer.page.goto('/addArticle');
      await newcomer.page.getByLabel(TEXT.writing.title, { exact: true }).waitFor();
      await newcomer.page.waitForLoadState('networkidle');
      expect(await newcomer.page.getByText(TEXT.addArticle.limitReachedTitle).count()).toBe(0);
      expectNoErrors(session);
    });

    it('after registering, /login has the e-mail; a picker names the file it holds, readable on the screen', async () => {
      const session = await open(viewport);
      const { page } = session;
      const email = uniqueEmail('pia.picker');
      await register(page, { name: 'Pia Picker', email, password: 'Picker#2026' });
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.getByLabel(TEXT.auth.email, { exact: true }).inputValue()).toBe(email);
      await page.getByLabel(TEXT.auth.password, { exact: true }).fill('Picker#2026');
      await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
      await expectToast(page, TEXT.toast.loginSuccess);

      await page.goto('/addArticle');
      const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.ok());
      await page.getByLabel(TEXT.writing.image, { exact: true }).setInputFiles(await pngFile('quay-at-dawn.png'));
      await uploaded;
      const name = page.getByText(TEXT.upload.chosen('quay-at-dawn.png'));
      await name.waitFor();
      const box = (await name.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page, `/addArticle with a chosen file on a ${device}`);
      expectNoErrors(session);
    });
  });
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('keyboard and motion on a %s', (_device, viewport) => {
  it('focus moves to the new page after login and navigation; Enter and Space open the image picker', async () => {
    const session = await open(viewport);
    const { page } = session;
    const account = await newAccount(stack().baseUrl, 'Kai Keys');
    await page.goto('/login');
    await page.getByLabel(TEXT.auth.email, { exact: true }).fill(account.email);
    await page.getByLabel(TEXT.auth.password, { exact: true }).fill(account.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    // The home page's heading (the site's name, for screen readers).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // The footer's link: the navbar's folds into a menu on a phone.
    await page.getByRole('contentinfo').getByRole('link', { name: TEXT.nav.articles }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/articles');
    await expect.poll(() => focused(page)).toMatch(/^h1:/);
    // A search keeps focus in its field: only a new page moves it.
    const search = page.getByRole('searchbox').first();
    await search.fill('harbour');
    await search.press('Enter');
    await page.waitForURL((url) => url.search.includes('harbour'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');

    await page.goto('/addArticle');
    const picker = page.getByLabel(TEXT.writing.image, { exact: true });
    for (const key of ['Enter', 'Space']) {
      // The picker is disabled while a file uploads: the next key waits for it.
      await expect.poll(() => picker.isEnabled()).toBe(true);
      // The form's code may still be arriving (its route is lazy): a key pressed before it is asked again.
      let opened: FileChooser | undefined;
      for (let attempt = 0; attempt < 3 && !opened; attempt += 1) {
        await picker.focus();
        const chooser = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => undefined);
        await page.keyboard.press(key);
        opened = await chooser;
      }
      expect(opened, `${key} opens the image picker`).toBeDefined();
      const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.ok());
      await opened!.setFiles(await pngFile(`by-${key.toLowerCase()}.png`));
      await uploaded;
      await page.getByText(TEXT.upload.chosen(`by-${key.toLowerCase()}.png`)).waitFor();
    }
    expectNoErrors(session);
  });

  it('the trending carousel has a pause button that holds, also after a pointer passes over the slides', async () => {
    const session = await open(viewport);
    const { page } = session;
    await page.goto('/');
    const carousel = page.getByRole('group', { name: TEXT.home.trending });
    const current = () => carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
    const pause = carousel.getByRole('button', { name: TEXT.homeCopy.pauseSlides });
    // The carousel's code is lazy: Embla has taken the slides over once it moves their track.
    await carousel.locator('[style*="transform"]').first().waitFor({ state: 'attached' });
    await pause.focus();
    await page.keyboard.press('Enter');
    const play = carousel.getByRole('button', { name: TEXT.homeCopy.playSlides });
    await play.waitFor();
    const held = await current();
    await carousel.locator('[aria-roledescription="slide"]').first().hover();
    await page.mouse.move(5, 5);
    await page.waitForTimeout(4_500);
    expect(await current()).toBe(held);

    await play.click();
    await pause.waitFor();
    await expect.poll(current, { timeout: 6_000 }).not.toBe(held);
    expectNoErrors(session);
  });
});

describe('the front page when the API does not answer', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`says so once, with one retry, on a ${device}`, async () => {
      const session = await open(viewport);
      const { page } = session;
      let down = true;
      for (const path of ['/api/articles/trending', '/api/publishers', '/api/stats/users']) {
        await page.route(`**${path}`, (route) =>
          down
            ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' })
            : route.continue(),
        );
      }
      await page.goto('/login');
      // Within the app: the server's own page would have its data already.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const problem = page.getByRole('alert').filter({ hasText: TEXT.homeCopy.loadFailed });
      await problem.waitFor({ timeout: 20_000 });
      // One message from the first failure on; each section notes its own once its retries are spent.
      await expect.poll(() => page.getByText(TEXT.states.unavailable).count(), { timeout: 20_000 }).toBe(3);
      expect(await page.getByText(TEXT.states.loadFailed).count()).toBe(0);
      await expectNoSidewaysScroll(page, `the front page without its data on a ${device}`);

      down = false;
      await problem.getByRole('button', { name: TEXT.states.retry }).click();
      await page.getByRole('group', { name: TEXT.home.trending }).waitFor();
      await problem.waitFor({ state: 'detached' });
      expect(await page.getByText(TEXT.states.unavailable).count()).toBe(0);
      // The failed requests are the console's only errors.
      expect(session.errors.filter((error) => !error.includes('503'))).toEqual([]);
    });
  }
});
