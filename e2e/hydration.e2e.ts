import { DAY_MS, DEFAULT_PLAN_ID, FONTS_COOKIE, SEED_PLANS, STORAGE_KEYS, TEXT, toPlanChoice } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn } from './support/actions.js';
import { DESKTOP, openBrowser, PHONE, type Session } from './support/browser.js';
import { expectHydratedInPlace, expectNoErrors } from './support/expect.js';

/** The API calls a page makes once loaded, but for the ones the product asks for on every visit (the role lookup, a view). */
function dataRequests(session: Session): string[] {
  const seen: string[] = [];
  session.page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/uploads/')) return;
    if (url.pathname === '/api/users/role' || url.pathname.startsWith('/api/articles/views/')) return;
    // The bell's unread count is live, never in the page's HTML; a subscriber's gift links are theirs alone, asked
    // for once a page their audience shares has hydrated.
    if (url.pathname === '/api/notifications/unread' || url.pathname.endsWith('/gift-links')) return;
    seen.push(url.pathname);
  });
  return seen;
}

async function firstArticleId(session: Session, premium: boolean): Promise<string> {
  const response = await fetch(`${session.baseUrl}/api/articles/approved?limit=50`);
  const { articles } = (await response.json()) as { articles: { _id: string; isPremium: boolean }[] };
  return articles.find((article) => article.isPremium === premium)!._id;
}

describe('server-rendered pages hydrate in Chromium', () => {
  let session: Session;
  afterEach(() => session.close());

  for (const viewport of [DESKTOP, PHONE]) {
    it(`an anonymous reader at ${viewport.width} px: every public page, no console error or warning, no refetch`, async () => {
      session = await openBrowser(viewport);
      const requests = dataRequests(session);
      for (const path of [
        '/',
        '/articles',
        '/articles?page=2',
        '/articles?tag=Sports',
        '/login',
        '/register',
        '/forbidden',
        '/nope',
      ]) {
        requests.length = 0;
        await session.page.goto(path, { waitUntil: 'networkidle' });
        await expectHydratedInPlace(session.page, path);
        await session.page.waitForTimeout(300);
        expect(requests, `${path} fetched again what its HTML held`).toEqual([]);
      }
      expectNoErrors(session);
    });
  }

  it('an anonymous reader of an article, free or premium: straight to a hydrated /login, never the article page, and back', async () => {
    session = await openBrowser();
    const { page } = session;
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    for (const premium of [false, true]) {
      const path = `/articles/${await firstArticleId(session, premium)}`;
      documents.length = 0;
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      // The server's 302: the article page's HTML and code never reach the browser.
      expect(documents).toEqual([path, '/login']);
      expect(response?.request().redirectedFrom()?.url()).toBe(`${session.baseUrl}${path}`);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
      await expectHydratedInPlace(page, `/login for ${path}`);
      await page.getByLabel(TEXT.auth.email, { exact: true }).waitFor();
    }
    await page.getByLabel(TEXT.auth.email, { exact: true }).fill('reader@example.com');
    await page.getByLabel(TEXT.auth.password, { exact: true }).fill('Reader#2026');
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/articles\//);
    expectNoErrors(session);
  });

  it("a signed-in reader without premium: a premium article's teaser hydrates, with nothing fetched again", async () => {
    session = await openBrowser();
    const { page } = session;
    await logIn(page, 'reader@example.com', 'Reader#2026');
    const requests = dataRequests(session);
    const path = `/articles/${await firstArticleId(session, true)}`;
    await page.goto(path, { waitUntil: 'networkidle' });
    await expectHydratedInPlace(page, path);
    await page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
    await page.waitForTimeout(300);
    expect(requests, `${path} fetched again what its HTML held`).toEqual([]);
    expect(page.url()).toMatch(new RegExp(`${path}$`));
    expectNoErrors(session);
  });

  it('the check tells a fresh render from a hydration: HTML rendered for a session the browser does not hold', async () => {
    session = await openBrowser();
    const { page, context } = session;
    // The page cookie of a login made elsewhere: main.tsx renders afresh for the (absent) stored token.
    const response = await fetch(`${session.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com', password: 'Reader#2026' }),
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('dispatch_page='))!;
    const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
    await context.addCookies([{ name, value, url: session.baseUrl }]);
    await page.goto('/', { waitUntil: 'networkidle' });
    const rendered = await page.evaluate(() => window.__serverRendered);
    expect(rendered?.total).toBeGreaterThan(0);
    expect(rendered?.kept).toBe(0);
    await expect(expectHydratedInPlace(page)).rejects.toThrow();
  });

  it('/subscription and /payment hydrate for a reader who chose a plan before, then show that plan', async () => {
    session = await openBrowser();
    const { page } = session;
    await logIn(page, 'reader@example.com', 'Reader#2026');
    const stored = SEED_PLANS.find((plan) => plan.id !== DEFAULT_PLAN_ID)!;
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      STORAGE_KEYS.subscriptionPlan,
      JSON.stringify(toPlanChoice(stored)),
    ] as const);
    await page.goto('/subscription', { waitUntil: 'networkidle' });
    await expectHydratedInPlace(page, '/subscription');
    await expect.poll(() => page.getByLabel(TEXT.subscriptionPage.duration).inputValue()).toBe(stored.id);
    await page.getByText(stored.name, { exact: true }).waitFor();
    await page.goto('/payment', { waitUntil: 'networkidle' });
    await expectHydratedInPlace(page, '/payment');
    await page.getByRole('heading', { level: 1, name: new RegExp(stored.label) }).waitFor();
    expectNoErrors(session);
  });

  it('a signed-in reader and a subscriber: article, subscription and premium pages hydrate', async () => {
    session = await openBrowser();
    const { page } = session;
    await logIn(page, 'subscriber@example.com', 'Premium#2026');
    const requests = dataRequests(session);
    const premium = await firstArticleId(session, true);
    const free = await firstArticleId(session, false);
    for (const path of [`/articles/${free}`, `/articles/${premium}`, '/subscription', '/premium-articles', '/']) {
      requests.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      await expectHydratedInPlace(page, path);
      await page.waitForTimeout(300);
      expect(requests, `${path} fetched again what its HTML held`).toEqual([]);
    }
    // The navbar came signed in from the server: no anonymous navbar first.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(TEXT.nav.logout);
    expect(html).toContain(TEXT.nav.premiumArticles);
    expectNoErrors(session);
  });

  it("a subscriber's article page is their audience's: its HTML names no one, the navbar shows them once hydrated", async () => {
    session = await openBrowser();
    const { page } = session;
    await logIn(page, 'subscriber@example.com', 'Premium#2026');
    for (const premium of [true, false]) {
      const path = `/articles/${await firstArticleId(session, premium)}`;
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      const html = await response!.text();
      // The reader's own part is written after the shared page (the browser reads it, and shows who is signed in).
      const own = /<script type="application\/json" id="page-viewer">[\s\S]*?<\/script>/.exec(html)?.[0] ?? '';
      expect(own).toContain('subscriber@example.com');
      expect(html.replace(own, '')).not.toMatch(/Sam Subscriber|subscriber@example\.com/);
      await expectHydratedInPlace(page, path);
      await page.getByRole('img', { name: 'Sam Subscriber', exact: true }).waitFor();
      await page.getByRole('link', { name: TEXT.nav.premiumArticles }).first().waitFor();
    }
    expectNoErrors(session);
  });

  it("a page hydrated on another day than its HTML was rendered shows the rendered date, then the reader's", async () => {
    session = await openBrowser(PHONE);
    const { page } = session;
    // The reader's clock is a year and a day ahead of the server's: a page from the cache, or one hydrated
    // after midnight. Hydration draws the HTML's masthead date and footer year, then the reader's.
    const readersNow = new Date(Date.now() + 366 * DAY_MS);
    await page.clock.setFixedTime(readersNow);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expectHydratedInPlace(page, '/');
    const readersDay = readersNow.toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    });
    // The masthead's date is hidden on a phone, but there.
    await page.getByRole('banner').getByText(readersDay).waitFor({ state: 'attached' });
    await page.getByRole('contentinfo').getByText(`© ${readersNow.getUTCFullYear()}`).waitFor();
    expectNoErrors(session);
  });

  it('a first page loads before the web fonts and scripts and caches the fonts; the next page is drawn in them', async () => {
    session = await openBrowser(PHONE);
    const { page, context } = session;
    // At DOMContentLoaded: whether the web fonts' faces were there already (boot.ts adds them, or waits).
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const faces = [...document.fonts].filter((face) => face.family.includes('Inter Variable')).length;
        document.documentElement.dataset.webFacesAtReady = String(faces);
      }),
    );
    const requests: { url: string; afterLoad: boolean }[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => requests.push({ url: request.url(), afterLoad: loaded }));
    const webFontsLoaded = () =>
      page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family));

    await page.goto('/articles');
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === FONTS_COOKIE)?.value)
      .toBe('cached');
    const fetched = (pattern: RegExp) => requests.filter((request) => pattern.test(request.url));
    expect(fetched(/\.woff2$/).length).toBe(2);
    expect(fetched(/\/assets\/react-[\w-]+\.js$/).length).toBe(1);
    // Everything but the entry script (and the two tiny modules it imports) waits for the page's load.
    const early = requests.filter((request) => !request.afterLoad && /\.(js|woff2|css)$/.test(request.url));
    expect(early.map((request) => new URL(request.url).pathname.replace(/-[\w-]{8}(?=\.js$)/, ''))).toEqual([
      '/assets/index.js',
      '/assets/constants.js',
      '/assets/preload-helper.js',
    ]);
    // The first page stays in the metric-matched fallbacks: the fonts were fetched for the next one.
    expect(await page.getAttribute('html', 'data-web-faces-at-ready')).toBe('0');
    expect(await webFontsLoaded()).not.toContain('Inter Variable');

    // The next page: the fonts are in this browser's cache, so its text is in them before the page has loaded.
    await page.goto('/');
    expect(Number(await page.getAttribute('html', 'data-web-faces-at-ready'))).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    expect(await webFontsLoaded()).toEqual(expect.arrayContaining(['Inter Variable', 'Playfair Display Variable']));
    expectNoErrors(session);
  });
});
