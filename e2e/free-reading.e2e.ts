// Free articles for visitors (issue 45, item 1; docs/product.md#who-reads-what), in Chromium at a desktop's and a
// phone's width: the admin opens free articles to anyone on the settings page; a browser without a session then
// reads a free article, server-rendered with no redirect, and its view counts; a premium one shows its teaser; one
// the desk kept for signed-in readers asks for a login. The site goes back to SPEC's default after each run.
import { DESK_TEXT, READERS_TEXT, SETTINGS_TEXT, TEXT } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount } from './support/actions.js';
import { api, apiLogin, approvedArticle } from './support/api.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectHydratedInPlace, expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
/** What a browser's navigation sends: the page service tells it from a crawler by these. */
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };

/** An approved article by a new writer (each writer without premium holds one), its text's last paragraph apart. */
async function approved(editorToken: string, name: string) {
  const writer = await newAccount(baseUrl, `${name} Writer`);
  const { token } = await apiLogin(writer);
  const stamp = `${Date.now()}${Math.round(Math.random() * 1000)}`;
  const closing = `The closing words of the ${name.toLowerCase()} story ${stamp}.`;
  const title = `${name} ${stamp}`;
  const id = await approvedArticle(token, editorToken, {
    title,
    description: `The ferry crossed at dawn with the first passengers aboard.\n\n${closing}`,
  });
  return { id, title, closing };
}

describe.each([
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)('free articles for visitors on a %s', (_form, viewport) => {
  let session: Session | undefined;
  let editorToken: string | undefined;
  afterEach(async () => {
    await session?.close();
    // Back to SPEC's rule for every journey after this one on the same site.
    if (editorToken) await api(editorToken, 'PATCH', '/api/admin/settings', { freeArticleReaders: 'signed-in' });
  });

  it('lets a visitor read a free article once the admin opens them to anyone, shows a premium one as a teaser, and asks for a login for one kept for signed-in readers', async () => {
    editorToken = (await apiLogin(ADMIN)).token;
    const token = editorToken;
    const [free, premium, kept] = await Promise.all([
      approved(token, 'Ferry timetable'),
      approved(token, 'Ferry accounts'),
      approved(token, 'Ferry crew'),
    ]);
    await api(token, 'PATCH', `/api/articles/premium/${premium.id}`);

    // The admin, on the settings page: free articles for anyone.
    session = await openBrowser(viewport);
    const admin = session.page;
    await logIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard/settings');
    await admin
      .getByRole('group', { name: SETTINGS_TEXT.freeArticleReaders })
      .getByLabel(SETTINGS_TEXT.freeArticleReadersOptions.anyone)
      .check();
    await admin.getByRole('button', { name: SETTINGS_TEXT.save }).click();
    await admin.getByText(SETTINGS_TEXT.saved).waitFor();
    // The desk keeps one story for signed-in readers, from its row's menu.
    await admin.goto(`/dashboard/all-articles?q=${encodeURIComponent(kept.title)}`);
    const row = admin.getByRole('row').filter({ hasText: kept.title });
    await row.getByRole('button', { name: DESK_TEXT.moreActions }).click();
    await admin.getByRole('menuitem', { name: READERS_TEXT.keepForSignedIn }).click();
    await expectToast(admin, READERS_TEXT.keptForSignedIn);
    // A pill on a phone's card, a lock in the desktop's one-line row: whichever this width shows.
    await row.getByText(READERS_TEXT.badge).filter({ visible: true }).first().waitFor();
    // Its page says so to a reader.
    await admin.goto(`/articles/${kept.id}`);
    await admin.getByRole('main').getByText(READERS_TEXT.badge, { exact: true }).waitFor();
    await session.close();

    // The server's HTML for a visitor's browser: the whole text, no redirect.
    const html = await fetch(`${baseUrl}/articles/${free.id}`, { headers: NAVIGATION, redirect: 'manual' });
    expect(html.status).toBe(200);
    expect(await html.text()).toContain(free.closing);

    // A browser without a session reads it, its view counted.
    session = await openBrowser(viewport);
    const { page } = session;
    const opened = await page.goto(`/articles/${free.id}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.request().redirectedFrom()).toBeNull();
    await page.getByRole('heading', { level: 1, name: free.title }).waitFor();
    await page.getByText(free.closing).waitFor();
    await expectHydratedInPlace(page);
    await page.getByText(TEXT.detail.views(1)).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/articles/${free.id}`);
    await expectNoSidewaysScroll(page, 'a free article for a visitor');

    // A premium article: its teaser and the way to subscribe, never its text.
    await page.goto(`/articles/${premium.id}`);
    await page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
    expect(await page.getByText(premium.closing).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/articles/${premium.id}`);

    // The story kept for signed-in readers: to /login, and back after it.
    await page.goto(`/articles/${kept.id}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/articles/${kept.id}`);
    expect(await page.getByText(kept.closing).count()).toBe(0);
    expectNoErrors(session);
  });
});
