import { TEXT } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn } from './support/actions.js';
import { DESKTOP, openBrowser, PHONE, type Session } from './support/browser.js';
import { expectNoErrors } from './support/expect.js';

/** The API calls a page makes once loaded, but for the ones the product asks for on every visit (the role lookup, a view). */
function dataRequests(session: Session): string[] {
  const seen: string[] = [];
  session.page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/uploads/')) return;
    if (url.pathname === '/api/users/role' || url.pathname.startsWith('/api/articles/views/')) return;
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
        await session.page.waitForTimeout(300);
        expect(requests, `${path} fetched again what its HTML held`).toEqual([]);
      }
      expectNoErrors(session);
    });
  }

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
      await page.waitForTimeout(300);
      expect(requests, `${path} fetched again what its HTML held`).toEqual([]);
    }
    // The navbar came signed in from the server: no anonymous navbar first.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(TEXT.nav.logout);
    expect(html).toContain(TEXT.nav.premiumArticles);
    expectNoErrors(session);
  });
});
