import { excerpt, REVENUE_TEXT, TEXT } from '@dispatch/shared';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount } from './support/actions.js';
import { DESKTOP, openBrowser, type Session } from './support/browser.js';
import { startServer } from './support/server.js';
import { expectNoErrors } from './support/expect.js';

const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Premium#2026' };

async function apiLogin(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return ((await response.json()) as { token: string }).token;
}

/** The newest premium articles of a site, with their text's last paragraph (read as a subscriber). */
async function premiumArticles(baseUrl: string, count: number) {
  const token = await apiLogin(baseUrl, SUBSCRIBER);
  const headers = { authorization: `Bearer ${token}` };
  const page = (await (await fetch(`${baseUrl}/api/premium-articles?limit=50`, { headers })).json()) as {
    articles: { _id: string }[];
  };
  const articles = await Promise.all(
    page.articles.map(async ({ _id }) => {
      const detail = (await (await fetch(`${baseUrl}/api/articles/${_id}`, { headers })).json()) as {
        article: { description: string };
      };
      const { description } = detail.article;
      return { id: _id, description, lastParagraph: description.split('\n\n').at(-1)!.trim() };
    }),
  );
  // Only text a teaser never shows says that a page unlocked the article (other journeys add short ones).
  return articles
    .filter((article) => !excerpt(article.description).includes(article.lastParagraph.slice(0, 40)))
    .slice(0, count)
    .map(({ id, lastParagraph }) => ({ id, lastParagraph }));
}

/** A reader's page cookie (the server renders their pages with it), from an API login. */
async function pageCookie(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return response.headers
    .getSetCookie()
    .find((line) => line.startsWith('dispatch_page='))!
    .split(';')[0]!;
}

/**
 * Every answer someone who may not read the article can get: its page anonymously (twice, so the second
 * comes from the cached HTML) and for `cookies`, feeds, the sitemap and the public lists.
 */
async function expectNowhere(baseUrl: string, paths: string[], cookies: string[], secret: string) {
  const answers: [string, Response][] = [];
  for (const path of paths) {
    for (const cookie of ['', '', ...cookies]) {
      answers.push([
        `${path} ${cookie ? 'signed in' : 'anonymous'}`,
        await fetch(`${baseUrl}${path}`, {
          headers: cookie ? { cookie } : {},
          redirect: 'manual',
        }),
      ]);
    }
  }
  for (const path of ['/rss.xml', '/feed.atom', '/sitemaps/articles-1.xml', '/api/articles/approved?limit=50']) {
    answers.push([path, await fetch(`${baseUrl}${path}`)]);
  }
  for (const [what, response] of answers) expect(await response.text(), what).not.toContain(secret);
}

describe('reader revenue', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const session of sessions.splice(0)) {
      expect(session.errors).toEqual([]);
      await session.close();
    }
  });

  it('a subscriber makes a gift link, a second reader opens it, the subscriber sees the open and revokes it', async () => {
    const giver = await openBrowser();
    sessions.push(giver);
    const [article] = await premiumArticles(giver.baseUrl, 1);
    await logIn(giver.page, SUBSCRIBER.email, SUBSCRIBER.password);
    await giver.page.goto(`/articles/${article!.id}`);
    const panel = giver.page.getByRole('region', { name: REVENUE_TEXT.gifts.heading });
    await panel.getByRole('button', { name: REVENUE_TEXT.gifts.create }).click();
    await expectToast(giver.page, REVENUE_TEXT.gifts.created);
    const url = await panel.getByRole('textbox', { name: REVENUE_TEXT.gifts.heading }).inputValue();
    expect(url).toMatch(new RegExp(`/articles/${article!.id}\\?gift=[A-Za-z0-9_-]{43}$`));
    await panel.getByText(REVENUE_TEXT.gifts.opens(0)).waitFor();

    const friend = await openBrowser();
    sessions.push(friend);
    const reader = await newAccount(friend.baseUrl, 'Gift Reader');
    await logIn(friend.page, reader.email, reader.password);
    // The gift reader's view counts, with the link's token.
    const view = friend.page.waitForResponse((response) => response.url().includes('/api/articles/views/'));
    await friend.page.goto(url.replace(friend.baseUrl, ''));
    await friend.page.getByText(article!.lastParagraph).waitFor();
    expect((await view).status()).toBe(200);
    expect(new URL((await view).url()).searchParams.get('gift')).toBe(new URL(url).searchParams.get('gift'));
    await friend.page
      .getByRole('note')
      .getByText(/A subscriber shared this article with you/)
      .waitFor();
    expect(await friend.page.getByRole('heading', { name: TEXT.detail.teaserTitle }).count()).toBe(0);

    await giver.page.reload();
    await giver.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await panel.getByText(REVENUE_TEXT.gifts.opens(1)).waitFor();
    await panel.getByRole('button', { name: REVENUE_TEXT.gifts.revoke }).click();
    await giver.page.getByRole('alertdialog').getByRole('button', { name: REVENUE_TEXT.gifts.revoke }).click();
    await expectToast(giver.page, REVENUE_TEXT.gifts.revokedToast);
    await panel.getByText(REVENUE_TEXT.gifts.revoked).waitFor();

    // The link itself opens nothing for a visitor who is not signed in, nor from the cached page.
    const path = url.replace(friend.baseUrl, '');
    await expectNowhere(friend.baseUrl, [path, `/articles/${article!.id}`], [], article!.lastParagraph);

    await friend.page.goto(path);
    await friend.page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
    await friend.page.getByText(REVENUE_TEXT.detail.giftRefused.revoked).waitFor();
    expect(await friend.page.getByText(article!.lastParagraph).count()).toBe(0);
  });

  describe('with FREE_PREMIUM_READS=2 (its own server: the other journeys keep the SPEC wall)', () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      server = await startServer({ FREE_PREMIUM_READS: '2' });
    });
    afterAll(() => server.stop());

    it('a metered reader sees the count on two premium articles, then the wall on the third', async () => {
      const articles = await premiumArticles(server.baseUrl, 3);
      const session = await openBrowser(DESKTOP, { baseUrl: server.baseUrl });
      sessions.push(session);
      const { page } = session;
      const reader = await newAccount(server.baseUrl, 'Metered Reader');
      await logIn(page, reader.email, reader.password);

      for (const [index, article] of articles.slice(0, 2).entries()) {
        // A metered read counts a view like any other.
        const view = page.waitForResponse((response) => response.url().includes(`/api/articles/views/${article.id}`));
        await page.goto(`/articles/${article.id}`);
        await page.getByText(article.lastParagraph).waitFor();
        expect((await view).status()).toBe(200);
        await page
          .getByRole('note')
          .getByText(REVENUE_TEXT.detail.meterCount(index + 1, 2))
          .waitFor();
      }
      // Back to the first: still open, still counted once.
      await page.goto(`/articles/${articles[0]!.id}`);
      await page.getByRole('note').getByText(REVENUE_TEXT.detail.meterCount(2, 2)).waitFor();

      await page.goto(`/articles/${articles[2]!.id}`);
      await page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
      await page.getByText(REVENUE_TEXT.detail.meterSpent(2)).waitFor();
      expect(await page.getByText(articles[2]!.lastParagraph).count()).toBe(0);

      // What the meter opened for this reader reaches no one else: not a visitor, not a reader whose
      // reads are spent, not the cached page; the reader's own page is never cached.
      const own = await fetch(`${server.baseUrl}/articles/${articles[0]!.id}`, {
        headers: { cookie: await pageCookie(server.baseUrl, reader) },
      });
      expect(await own.text()).toContain(articles[0]!.lastParagraph);
      expect(own.headers.get('cache-control')).toContain('no-store');
      const spent = await newAccount(server.baseUrl, 'Spent Reader');
      const spentCookie = await pageCookie(server.baseUrl, spent);
      for (const article of articles.slice(1)) {
        await fetch(`${server.baseUrl}/articles/${article.id}`, { headers: { cookie: spentCookie } });
      }
      await expectNowhere(server.baseUrl, [`/articles/${articles[0]!.id}`], [spentCookie], articles[0]!.lastParagraph);
    });

    it('a reader arriving from another site spends no free read until they choose to, then reads the article', async () => {
      const [article] = await premiumArticles(server.baseUrl, 1);
      // Another site linking to the article (another port: not the site's own origin). Marked hydrated, as
      // the journeys' page.goto waits for that on every page.
      const elsewhere = createServer((_request, response) =>
        response
          .setHeader('content-type', 'text/html')
          .end(
            `<!doctype html><html data-hydrated><title>Elsewhere</title><a href="${server.baseUrl}/articles/${article!.id}">A story</a>`,
          ),
      );
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      try {
        const session = await openBrowser(DESKTOP, { baseUrl: server.baseUrl });
        sessions.push(session);
        const { page } = session;
        const reader = await newAccount(server.baseUrl, 'Arriving Reader');
        await logIn(page, reader.email, reader.password);
        await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
        await page.getByRole('link', { name: 'A story' }).click();
        await page.waitForURL(`**/articles/${article!.id}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

        const offer = page.getByRole('button', { name: REVENUE_TEXT.detail.readWithFreeRead(2) });
        await offer.waitFor();
        expect(await page.getByText(article!.lastParagraph).count()).toBe(0);
        // The offer counts both reads: the arrival spent none. The click spends one.
        await offer.click();
        await page.getByText(article!.lastParagraph).waitFor();
        await page.getByRole('note').getByText(REVENUE_TEXT.detail.meterCount(1, 2)).waitFor();
        expectNoErrors(session);
      } finally {
        elsewhere.close();
      }
    });

    it('another site sending a signed-in reader through /login or /register to an article spends no free read', async () => {
      const articles = await premiumArticles(server.baseUrl, 2);
      const through = (page: string, id: string) =>
        `${server.baseUrl}${page}?redirect=${encodeURIComponent(`/articles/${id}`)}`;
      // A link the reader clicks, and a script that goes there without a click.
      const elsewhere = createServer((request, response) =>
        response
          .setHeader('content-type', 'text/html')
          .end(
            request.url === '/script'
              ? `<!doctype html><html data-hydrated><title>Elsewhere</title><script>location.assign(${JSON.stringify(through('/register', articles[1]!.id))})</script>`
              : `<!doctype html><html data-hydrated><title>Elsewhere</title><a href="${through('/login', articles[0]!.id)}">A story</a>`,
          ),
      );
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      const elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      try {
        const session = await openBrowser(DESKTOP, { baseUrl: server.baseUrl });
        sessions.push(session);
        const { page } = session;
        const reader = await newAccount(server.baseUrl, 'Redirected Reader');
        await logIn(page, reader.email, reader.password);

        await page.goto(`${elsewhereUrl}/`);
        await page.getByRole('link', { name: 'A story' }).click();
        await page.waitForURL(`**/articles/${articles[0]!.id}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
        await page.getByRole('button', { name: REVENUE_TEXT.detail.readWithFreeRead(2) }).waitFor();
        expect(await page.getByText(articles[0]!.lastParagraph).count()).toBe(0);

        await page.goto(`${elsewhereUrl}/script`, { waitUntil: 'commit' });
        await page.waitForURL(`**/articles/${articles[1]!.id}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
        // Both reads are still there: neither arrival spent one.
        await page.getByRole('button', { name: REVENUE_TEXT.detail.readWithFreeRead(2) }).waitFor();
        expect(await page.getByText(articles[1]!.lastParagraph).count()).toBe(0);
        expectNoErrors(session);
      } finally {
        elsewhere.close();
      }
    });
  });
});
