// The published time, author pages and bylines (issue 45, items 3 and 4; docs/product.md#author-pages), in Chromium at
// a desktop's and a phone's width, on a site of its own whose clock an admin moves (TEST_CLOCK): an article submitted
// and approved two days later shows the approval as "Posted" and as its NewsArticle's datePublished; the writer sets
// a bio on /profile; the byline links to the author page, which lists the article; the admin sets bylines to names only
// on the settings page, and a reader then sees the name and no e-mail.
import { AUTHOR_TEXT, DAY_MS, SETTINGS_TEXT, TEXT, type ArticleDetail } from '@dispatch/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount, pngFile } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN, startServer } from './support/server.js';

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

async function tokenOf(account: { email: string; password: string }) {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Submitted by `token`'s account through the API, with an uploaded image: pending review. */
async function submit(token: string, title: string) {
  const form = new FormData();
  const png = await pngFile('story.png', '#336699');
  form.append('image', new Blob([new Uint8Array(png.buffer)], { type: 'image/png' }), 'story.png');
  const upload = await fetch(`${server.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { url: image } = (await upload.json()) as { url: string };
  const [publisher] = (await (await fetch(`${server.baseUrl}/api/publishers`)).json()) as { name: string }[];
  const { insertedId } = await call<{ insertedId: string }>(token, 'POST', '/api/articles', {
    title,
    image,
    publisher: publisher!.name,
    tags: ['Politics'],
    description: 'The harbour authority met until midnight.\n\nThe vote was close.',
  });
  return insertedId;
}

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK: 'true' });
  adminToken = await tokenOf(ADMIN);
});
afterAll(() => server.stop());

describe.each([
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)('authors on a %s', (form, viewport) => {
  const sessions: Session[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
    await call(adminToken, 'PATCH', '/api/admin/settings', { bylineShowsEmail: true });
  });

  it('posts an article at its approval, links its byline to the author page, and hides the e-mail when asked', async () => {
    const writer = await newAccount(server.baseUrl, `Lena Lark ${form}`);
    const writerToken = await tokenOf(writer);
    const title = `Harbour vote goes late (${form})`;
    const id = await submit(writerToken, title);
    // Two days in review: the editor approves it on the third.
    await call(adminToken, 'POST', '/api/test-clock', { advanceMinutes: (2 * DAY_MS) / 60_000 });
    await call(adminToken, 'PATCH', `/api/articles/approve/${id}`);
    const { article } = await call<ArticleDetail>(writerToken, 'GET', `/api/articles/${id}`);
    expect(Date.parse(article.publishedAt!) - Date.parse(article.createdAt)).toBeGreaterThanOrEqual(2 * DAY_MS);

    const writerSession = await openBrowser(viewport, { baseUrl: server.baseUrl });
    sessions.push(writerSession);
    const page = writerSession.page;
    await logIn(page, writer.email, writer.password);

    // The writer's bio, on /profile.
    const bio = `Lena reports on the harbour (${form}).`;
    await page.goto('/profile');
    await page.getByLabel(AUTHOR_TEXT.profile.bio, { exact: true }).fill(bio);
    await page.getByRole('button', { name: TEXT.profile.update }).click();
    await expectToast(page, TEXT.toast.saved);
    await page
      .getByRole('group', { name: AUTHOR_TEXT.profile.title })
      .screenshot({ path: `/tmp/authors-profile-${form}.png` });

    // "Posted" and datePublished are the approval, not the submission.
    await page.goto(`/articles/${id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await main.locator(`time[datetime="${article.publishedAt}"]`).count()).toBeGreaterThan(0);
    expect(await main.locator(`time[datetime="${article.createdAt}"]`).count()).toBe(0);
    const newsArticle = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
        .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
        .find((data) => data['@type'] === 'NewsArticle'),
    );
    expect(newsArticle?.datePublished).toBe(article.publishedAt);
    await page.screenshot({ path: `/tmp/authors-article-${form}.png` });

    // The byline leads to the author page, which lists the article and never the e-mail.
    await main.getByRole('link', { name: writer.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/authors/${article.author_slug}`);
    await page.getByRole('heading', { level: 1, name: writer.name }).waitFor();
    await page.getByText(bio).waitFor();
    await page.getByRole('main').getByRole('heading', { name: title }).waitFor();
    expect(await page.getByRole('main').textContent()).not.toContain(writer.email);
    await expectNoSidewaysScroll(page, 'the author page');
    await page.screenshot({ path: `/tmp/authors-page-${form}.png`, fullPage: true });
    expectNoErrors(writerSession);

    // The admin sets bylines to names only on the settings page, saves, and finds it saved after a reload.
    const adminSession = await openBrowser(viewport, { baseUrl: server.baseUrl });
    sessions.push(adminSession);
    const admin = adminSession.page;
    await logIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard/settings');
    const bylines = () => admin.getByRole('group', { name: SETTINGS_TEXT.bylineShowsEmail });
    const namesOnly = () => bylines().getByLabel(SETTINGS_TEXT.bylineShowsEmailOptions.no);
    expect(await bylines().getByLabel(SETTINGS_TEXT.bylineShowsEmailOptions.yes).isChecked()).toBe(true);
    await namesOnly().check();
    await admin.getByRole('button', { name: SETTINGS_TEXT.save }).click();
    await admin.getByText(SETTINGS_TEXT.saved).waitFor();
    await admin.reload();
    await bylines().waitFor();
    expect(await namesOnly().isChecked()).toBe(true);
    await expectNoSidewaysScroll(admin, 'the settings page');
    await bylines().screenshot({ path: `/tmp/authors-settings-${form}.png` });
    expect((await call<{ bylineShowsEmail: boolean }>(adminToken, 'GET', '/api/config')).bylineShowsEmail).toBe(false);
    expectNoErrors(adminSession);

    // A reader then sees the name, linked, and no e-mail.
    const reader = await newAccount(server.baseUrl, `Rafa Reader ${form}`);
    const readerSession = await openBrowser(viewport, { baseUrl: server.baseUrl });
    sessions.push(readerSession);
    await logIn(readerSession.page, reader.email, reader.password);
    await readerSession.page.goto(`/articles/${id}`);
    const readerMain = readerSession.page.getByRole('main');
    await readerMain.getByRole('heading', { level: 1, name: title }).waitFor();
    await readerMain.getByRole('link', { name: writer.name, exact: true }).waitFor();
    expect(await readerSession.page.content()).not.toContain(writer.email);
    await readerSession.page.screenshot({ path: `/tmp/authors-byline-${form}.png` });
    expectNoErrors(readerSession);
  });
});
