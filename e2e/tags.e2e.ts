// Tags are rows (issue 45 part 2), in Chromium at a desktop's and a phone's width: the admin adds a tag and later
// renames it at /dashboard/tags; a writer's article gets the tag in the picker; the tag's page and the list's filter
// follow the rename, and the old address is a 301 to the new one. The journey archives its tags after, so the
// other journeys on this site still see SPEC's five offered.
import { TAG_TEXT, TEXT, type AdminTag } from '@dispatch/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount } from './support/actions.js';
import { api, apiLogin, approvedArticle } from './support/api.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const W = TEXT.writing;
const created: string[] = [];

afterAll(async () => {
  const editor = await apiLogin(ADMIN);
  for (const id of created) await api(editor.token, 'PATCH', `/api/admin/tags/${id}`, { archived: true });
});

/** A tag's row, by the link its first cell names it with (every row's merge choice names the other tags too). */
const rowOf = (page: Page, name: string) =>
  page.locator('tr').filter({ has: page.getByRole('link', { name, exact: true }) });
const tagOptions = (page: Page) =>
  page.getByLabel(TEXT.articles.tagLabel, { exact: true }).locator('option').allTextContents();

describe.each([
  ['desktop', WIDE],
  ['phone', PHONE],
] as const)('tags the publisher keeps, on a %s', (_form, viewport) => {
  let session: Session;
  afterEach(() => session.close());

  it("the admin adds a tag, a writer's article gets it, and a rename carries its page, its filter and its old address", async () => {
    const stamp = `${Date.now() % 1_000_000}${viewport.width}`;
    const first = `Quay${stamp}`;
    const renamed = `Docks${stamp}`;
    const editor = await apiLogin(ADMIN);
    const writerAccount = await newAccount(baseUrl, 'Tag Writer');
    const writer = await apiLogin(writerAccount);
    const title = `Night ferries return ${stamp}`;
    const articleId = await approvedArticle(writer.token, editor.token, {
      title,
      description: 'The night ferries run again from the north quay.',
    });

    // The admin adds the tag.
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/tags');
    await page.getByRole('heading', { level: 1, name: TAG_TEXT.heading }).waitFor();
    await rowOf(page, 'Politics').waitFor();
    await page.getByLabel(TAG_TEXT.name, { exact: true }).fill(first);
    await page.getByRole('button', { name: TAG_TEXT.add }).click();
    await expectToast(page, TAG_TEXT.added(first));
    await rowOf(page, first).getByText(TAG_TEXT.page(first.toLowerCase())).waitFor();
    await expectNoSidewaysScroll(page, '/dashboard/tags');
    const tag = ((await api(editor.token, 'GET', '/api/admin/tags')) as AdminTag[]).find((one) => one.name === first)!;
    created.push(tag._id);

    // The writer gives their article the tag in the picker.
    const writerSession = await openBrowser(viewport);
    try {
      await logIn(writerSession.page, writerAccount.email, writerAccount.password);
      await writerSession.page.goto(`/update-article/${articleId}`);
      await writerSession.page.getByLabel(W.tags, { exact: true }).fill(first);
      await writerSession.page.getByRole('option', { name: first }).click();
      // The picker stays open for more; Escape closes it.
      await writerSession.page.keyboard.press('Escape');
      await writerSession.page.getByRole('button', { name: W.update }).click();
      await expectToast(writerSession.page, TEXT.toast.articleUpdated);
      expectNoErrors(writerSession);
    } finally {
      await writerSession.close();
    }
    await api(editor.token, 'PATCH', `/api/articles/approve/${articleId}`);

    // Its page lists the article.
    await page.goto(`/tags/${first.toLowerCase()}`);
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    // The rename.
    await page.goto('/dashboard/tags');
    await rowOf(page, first)
      .getByRole('button', { name: `${TAG_TEXT.rename} ${first}` })
      .click();
    await page.getByLabel(TAG_TEXT.renameLabel(first)).fill(renamed);
    await page.getByRole('button', { name: TAG_TEXT.saveName }).click();
    await expectToast(page, TAG_TEXT.renamed(first, renamed));
    await rowOf(page, renamed).getByText(TAG_TEXT.articles(1)).waitFor();

    // The old address: a 301 for anyone, and the page under the new name.
    const old = await fetch(`${baseUrl}/tags/${first.toLowerCase()}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/tags/${renamed.toLowerCase()}`);
    await page.goto(`/tags/${first.toLowerCase()}`);
    await page.waitForURL(`**/tags/${renamed.toLowerCase()}`);
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    // The list's filter offers the new name, not the old, and finds the article by it.
    await page.goto('/articles');
    await expect.poll(() => tagOptions(page)).toContain(renamed);
    expect(await tagOptions(page)).not.toContain(first);
    await page.getByLabel(TEXT.articles.tagLabel, { exact: true }).selectOption(renamed);
    await page.waitForURL((url) => url.searchParams.get('tag') === renamed);
    await page.getByRole('heading', { name: title }).waitFor();
    await expectNoSidewaysScroll(page, '/articles');
    expectNoErrors(session);
  });
});
