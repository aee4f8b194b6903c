import { DESK_TEXT, NOTICE_TEXT, NOTICES_TEXT, TEXT } from '@dispatch/shared';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount, pngFile, waitForMail } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';
import { ADMIN } from './support/server.js';

const W = TEXT.writing;
const D = TEXT.dashboard;

interface Draft {
  title: string;
  description: string;
  publisher?: string;
  tags?: string[];
}

async function submitArticle(page: Page, draft: Draft) {
  await page.goto('/addArticle');
  await page.getByLabel(W.title, { exact: true }).fill(draft.title);
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.ok());
  await page.getByLabel(W.image, { exact: true }).setInputFiles(await pngFile('story.png', '#336633'));
  await uploaded;
  await page.getByLabel(W.publisher, { exact: true }).selectOption({ label: draft.publisher ?? 'Civic Standard' });
  for (const tag of draft.tags ?? ['Politics']) {
    await page.getByLabel(W.tags, { exact: true }).fill(tag);
    await page.keyboard.press('Enter');
  }
  await page.getByLabel(W.description, { exact: true }).fill(draft.description);
  await page.getByRole('button', { name: W.submit }).click();
}

/** The admin's row of an article, found by its title with All Articles' search. */
async function adminRow(page: Page, title: string) {
  await page.goto(`/dashboard/all-articles?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await row.first().waitFor();
  return row.first();
}

async function myRow(page: Page, title: string) {
  await page.goto('/my-articles');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.first().waitFor();
  return row.first();
}

describe('writing and moderation', () => {
  const sessions: Session[] = [];
  const open = async () => {
    const session = await openBrowser();
    sessions.push(session);
    return session;
  };
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  it('a user submits, the admin approves, and the article appears in /articles', async () => {
    const writer = await open();
    const account = await newAccount(writer.baseUrl, 'Wren Writer');
    await logIn(writer.page, account.email, account.password);
    const title = `Harbour reopens after storm ${Date.now()}`;
    await submitArticle(writer.page, { title, description: 'The harbour reopened on Monday after repairs.' });
    await expectToast(writer.page, TEXT.toast.articleSubmitted);
    const row = await myRow(writer.page, title);
    expect(await row.getByText(W.statuses.pending).count()).toBe(1);

    await submitArticle(writer.page, { title: 'A second one', description: 'Not allowed.' });
    const warning = writer.page.getByRole('alertdialog').or(writer.page.getByRole('dialog'));
    await warning.getByText(TEXT.addArticle.notAllowedTitle).waitFor();
    await warning.getByText(TEXT.addArticle.oneArticleLimit).waitFor();

    const admin = await open();
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    await (await adminRow(admin.page, title)).getByRole('button', { name: D.approve }).click();
    await expectToast(admin.page, TEXT.toast.articleApproved);

    await writer.page.goto(`/articles?search=${encodeURIComponent('Harbour reopens')}`);
    await writer.page.getByRole('heading', { name: title }).waitFor();
  });

  it('the admin declines with a reason, and the writer reads it under Reason', async () => {
    const writer = await open();
    const account = await newAccount(writer.baseUrl, 'Dana Declined');
    await logIn(writer.page, account.email, account.password);
    const title = `Unsourced rumour ${Date.now()}`;
    await submitArticle(writer.page, { title, description: 'People say things.' });
    await expectToast(writer.page, TEXT.toast.articleSubmitted);

    const admin = await open();
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    await (await adminRow(admin.page, title)).getByRole('button', { name: D.decline }).click();
    const dialog = admin.page.getByRole('dialog').or(admin.page.getByRole('alertdialog'));
    await dialog.getByLabel(D.reason).fill('Please name at least one source.');
    await dialog.getByRole('button', { name: D.decline }).click();
    await expectToast(admin.page, TEXT.toast.articleDeclined);

    const row = await myRow(writer.page, title);
    await row.getByRole('button', { name: W.reason }).click();
    const reason = writer.page.getByRole('dialog', { name: TEXT.declineReason.title });
    await reason.getByText('Please name at least one source.').waitFor();
  });

  it('the editor requests changes, the writer edits and resubmits, the editor sees the diff and approves; the writer hears of each step', async () => {
    const writer = await open();
    const account = await newAccount(writer.baseUrl, 'Rhea Resubmit');
    await logIn(writer.page, account.email, account.password);
    const title = `Council vote on tram line ${Date.now()}`;
    await submitArticle(writer.page, { title, description: 'The council voted on the tram line.' });
    await expectToast(writer.page, TEXT.toast.articleSubmitted);

    const admin = await open();
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    await (await adminRow(admin.page, title)).getByRole('button', { name: DESK_TEXT.moreActions }).click();
    await admin.page.getByRole('menuitem', { name: D.requestChanges }).click();
    const request = admin.page.getByRole('dialog', { name: D.requestChangesTitle });
    await request.getByLabel(D.note).fill('Say how many councillors voted for it.');
    await request.getByRole('button', { name: D.requestChanges }).click();
    await expectToast(admin.page, TEXT.toast.changesRequested);

    // The writer hears of it in the app and by mail, with the editor's note.
    await writer.page.goto('/my-articles');
    const bell = writer.page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .first();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`${NOTICES_TEXT.bell}, ${NOTICES_TEXT.unread(1)}`);
    const requestMail = await waitForMail(account.email, `The editor asked for changes to “${title}”`);
    expect(requestMail.text).toContain('Say how many councillors voted for it.');
    expect(requestMail.text).toMatch(/\/unsubscribe\?token=/);

    let row = await myRow(writer.page, title);
    await row.getByText(W.statuses.changes_requested).waitFor();
    await row.getByRole('button', { name: TEXT.changesNote.button }).click();
    const note = writer.page.getByRole('dialog', { name: TEXT.changesNote.title });
    await note.getByText('Say how many councillors voted for it.').waitFor();
    await note.getByRole('button', { name: W.close }).click();
    await row.getByRole('link', { name: W.updateAction }).click();
    await writer.page.waitForURL(/\/update-article\//);
    const description = writer.page.getByLabel(W.description, { exact: true });
    await expect.poll(() => description.inputValue()).toBe('The council voted on the tram line.');
    await description.fill('The council voted 31 to 12 for the tram line.');
    await writer.page.getByRole('button', { name: W.update }).click();
    await expectToast(writer.page, TEXT.toast.articleUpdated);
    await writer.page.waitForURL('**/my-articles');
    row = writer.page.getByRole('row').filter({ hasText: title });
    await row.getByText(W.statuses.changes_requested).waitFor();
    await row.getByRole('button', { name: TEXT.resubmit.action }).click();
    await writer.page.getByRole('alertdialog').getByRole('button', { name: TEXT.resubmit.action }).click();
    await expectToast(writer.page, TEXT.toast.articleResubmitted);
    await row.getByText(W.statuses.pending).waitFor();

    const reviewRow = await adminRow(admin.page, title);
    await reviewRow.getByRole('button', { name: DESK_TEXT.moreActions }).click();
    await admin.page.getByRole('menuitem', { name: D.viewChanges }).click();
    const diff = admin.page.getByRole('dialog', { name: D.diffTitle });
    // "voted on the" became "voted 31 to 12 for the": word by word, what went and what came.
    await diff.locator('ins').filter({ hasText: '31 to 12 for' }).waitFor();
    expect(await diff.locator('del').allTextContents()).toEqual([expect.stringContaining('on')]);
    await diff.getByRole('button', { name: W.close }).click();
    await reviewRow.getByRole('button', { name: D.approve }).click();
    await expectToast(admin.page, TEXT.toast.articleApproved);

    await admin.page.goto('/dashboard/history');
    await admin.page.getByRole('row').filter({ hasText: title }).first().waitFor();
    expect(await admin.page.getByRole('row').filter({ hasText: title }).count()).toBe(3);

    // The approval reaches the writer: the bell lists it, opening the list reads it, and the mail arrives.
    await writer.page.goto('/');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`${NOTICES_TEXT.bell}, ${NOTICES_TEXT.unread(2)}`);
    await bell.click();
    const approvedNotice = writer.page.getByRole('link', { name: new RegExp(`“${title}” was approved`) });
    await approvedNotice.waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(NOTICES_TEXT.bell);
    await approvedNotice.click();
    await writer.page.waitForURL(/\/articles\/[0-9a-f-]{36}$/);
    await waitForMail(account.email, `“${title}” was approved and is published`);

    // The request's e-mail unsubscribes from that kind alone, and /profile shows it.
    const unsubscribeUrl = /(\S+\/unsubscribe\?token=\S+)/.exec(requestMail.text)![1]!;
    await writer.page.goto(unsubscribeUrl);
    await writer.page.getByRole('button', { name: NOTICES_TEXT.unsubscribe.button }).click();
    const changesLabel = NOTICE_TEXT['changes-requested'].preference;
    await writer.page.getByText(NOTICES_TEXT.unsubscribe.done(changesLabel)).waitFor();
    await writer.page.goto('/profile');
    await expect.poll(() => writer.page.getByLabel(changesLabel).isChecked()).toBe(false);
    expect(await writer.page.getByLabel(NOTICE_TEXT.approved.preference).isChecked()).toBe(true);
  });

  it('the admin makes an approved article premium', async () => {
    const admin = await open();
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto('/dashboard/all-articles?status=approved');
    const candidate = admin.page
      .getByRole('row')
      .filter({ has: admin.page.getByRole('button', { name: D.makePremium }) });
    const title = (await candidate.first().getByRole('cell').nth(1).textContent())!.trim();
    await candidate.first().getByRole('button', { name: D.makePremium }).click();
    await expectToast(admin.page, TEXT.toast.articlePremium);
    expect(title.length).toBeGreaterThan(0);
  });

  it('the writer updates (back to review) and deletes their own article', async () => {
    const writer = await open();
    const account = await newAccount(writer.baseUrl, 'Eddie Editor');
    await logIn(writer.page, account.email, account.password);
    const title = `Library lends telescopes ${Date.now()}`;
    await submitArticle(writer.page, { title, description: 'First draft.' });
    await expectToast(writer.page, TEXT.toast.articleSubmitted);

    await (await myRow(writer.page, title)).getByRole('link', { name: W.updateAction }).click();
    await writer.page.waitForURL(/\/update-article\//);
    const titleField = writer.page.getByLabel(W.title, { exact: true });
    await expect.poll(() => titleField.inputValue()).toBe(title);
    await titleField.fill(`${title} (updated)`);
    await writer.page.getByRole('button', { name: W.update }).click();
    await expectToast(writer.page, TEXT.toast.articleUpdated);
    await writer.page.waitForURL('**/my-articles');
    const row = writer.page.getByRole('row').filter({ hasText: `${title} (updated)` });
    await row.waitFor();

    await row.getByRole('button', { name: W.delete }).click();
    const confirm = writer.page.getByRole('alertdialog');
    await confirm.getByText(TEXT.confirm.title).waitFor();
    await confirm.getByText(TEXT.confirm.userDelete).waitFor();
    await confirm.getByRole('button', { name: W.confirmDelete }).click();
    await expectToast(writer.page, TEXT.toast.deleted);
    await expect.poll(() => writer.page.getByRole('row').filter({ hasText: title }).count()).toBe(0);
  });

  it('the admin promotes a user, who then reaches /dashboard; a plain user is sent to /forbidden', async () => {
    const member = await open();
    const account = await newAccount(member.baseUrl, 'Pat Promoted');
    await logIn(member.page, account.email, account.password);
    await member.page.goto('/dashboard');
    await member.page.waitForURL('**/forbidden');
    await member.page.getByText(TEXT.forbidden.message).waitFor();

    const admin = await open();
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto('/dashboard/all-users');
    const row = admin.page.getByRole('row').filter({ hasText: account.email });
    await row.waitFor();
    await row.getByRole('button', { name: D.makeAdmin }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: D.makeAdmin }).click();
    await expectToast(admin.page, TEXT.toast.userPromoted);
    await row.getByText(D.admin, { exact: true }).waitFor();

    await member.page.goto('/dashboard');
    await member.page.getByRole('heading', { name: D.overview }).waitFor();
    expect(new URL(member.page.url()).pathname).toBe('/dashboard');
  });

  it('a new publisher appears in the article form', async () => {
    const admin = await open();
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    const name = `Valley Voice ${Date.now()}`;
    await admin.page.goto('/dashboard/add-publisher');
    await admin.page.getByLabel(D.publisherName, { exact: true }).fill(name);
    const uploaded = admin.page.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.ok());
    await admin.page.getByLabel(D.publisherLogo, { exact: true }).setInputFiles(await pngFile('logo.png', '#aa8800'));
    await uploaded;
    await admin.page.getByRole('button', { name: D.publisherSubmit }).click();
    await expectToast(admin.page, TEXT.toast.publisherAdded);
    await admin.page.goto('/addArticle');
    await expect
      .poll(() => admin.page.getByLabel(W.publisher, { exact: true }).locator('option').allTextContents())
      .toContain(name);
  });

  it('shows markup typed into every text field literally, and runs none of it', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const writer = await open();
    let dialogs = 0;
    writer.page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    const account = await newAccount(writer.baseUrl, payload);
    await logIn(writer.page, account.email, account.password);
    await submitArticle(writer.page, { title: payload, description: `${payload} in the body` });
    await expectToast(writer.page, TEXT.toast.articleSubmitted);
    const row = await myRow(writer.page, payload);
    await row.getByRole('link', { name: W.details }).click();
    await writer.page.getByRole('heading', { name: payload }).waitFor();
    await writer.page.getByText(`${payload} in the body`).waitFor();

    const admin = await open();
    admin.page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    await (await adminRow(admin.page, payload)).getByRole('button', { name: D.decline }).click();
    const decline = admin.page.getByRole('dialog').or(admin.page.getByRole('alertdialog'));
    await decline.getByLabel(D.reason).fill(payload);
    await decline.getByRole('button', { name: D.decline }).click();
    await expectToast(admin.page, TEXT.toast.articleDeclined);
    await admin.page.goto('/dashboard/all-users');
    await admin.page.getByRole('row').filter({ hasText: account.email }).getByText(payload).waitFor();

    await (await myRow(writer.page, payload)).getByRole('button', { name: W.reason }).click();
    await writer.page.getByRole('dialog', { name: TEXT.declineReason.title }).getByText(payload).first().waitFor();
    await writer.page.goto('/profile');
    await expect.poll(() => writer.page.getByLabel(TEXT.auth.name, { exact: true }).inputValue()).toBe(payload);
    expect(dialogs).toBe(0);
    expect(await writer.page.locator('img[src="x"]').count()).toBe(0);
  });
});
