// The daily brief (issue 27) in Chromium: a visitor subscribes on a phone (390 px) from the home page and
// confirms by the e-mail's link; the admin previews the brief on a desktop and sends a special edition; the
// reader's mail, read from the site's SMTP server, links to the article.
import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount, uniqueEmail, waitForMail } from './support/actions.js';
import { apiLogin, approvedArticle } from './support/api.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

describe('the daily brief', () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a visitor subscribes on a phone and confirms; the admin previews and sends; the mail links to the article', async () => {
    const stamp = `${Date.now() % 1_000_000}`;
    const email = uniqueEmail('brief.reader');
    const editor = await apiLogin(ADMIN);

    // A visitor, no account: the sign-up box on the home page, at a phone's width.
    session = await openBrowser(PHONE);
    const { page } = session;
    await page.goto('/');
    const box = page.locator('section').filter({ has: page.getByRole('heading', { name: BRIEF_TEXT.heading }) });
    await box.getByLabel(BRIEF_TEXT.email).fill(email);
    await box.getByRole('button', { name: BRIEF_TEXT.subscribe }).click();
    await box.getByText(BRIEF_MESSAGES.confirmSent(email)).waitFor();
    await expectNoSidewaysScroll(page, 'the home page with the brief box');

    const confirmation = await waitForMail(email, 'Confirm');
    const link = /https?:\/\/\S+\/brief\/confirm\?token=[\w.-]+/.exec(confirmation.text)?.[0];
    expect(link, confirmation.text).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByText(BRIEF_MESSAGES.confirmed).waitFor();
    expectNoErrors(session);
    await session.close();

    // News after the reader confirmed: what their next brief holds.
    const writer = await apiLogin(await newAccount(baseUrl, 'Brief Writer'));
    const title = `Night ferry returns ${stamp}`;
    const articleId = await approvedArticle(writer.token, editor.token, {
      title,
      description: 'The night ferry to the islands sails again from Monday, the harbour master said.',
    });

    // The admin previews the brief and sends the article as a special edition.
    session = await openBrowser(WIDE);
    const admin = session.page;
    await logIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard/newsletter');
    await admin.getByRole('heading', { level: 1, name: BRIEF_TEXT.newsletter }).waitFor();
    await admin.getByLabel(BRIEF_PAGE_TEXT.previewEmail).fill(email);
    await admin.getByRole('button', { name: BRIEF_TEXT.preview }).click();
    await admin.getByText(title).first().waitFor();

    await admin.getByRole('searchbox', { name: BRIEF_PAGE_TEXT.specialSearch }).fill(title);
    const choice = admin.getByLabel(BRIEF_PAGE_TEXT.specialArticle, { exact: true });
    await expect.poll(() => choice.locator('option').allTextContents()).toContain(title);
    await choice.selectOption({ label: title });
    await admin.getByRole('button', { name: BRIEF_TEXT.special }).click();
    await admin.getByRole('button', { name: BRIEF_PAGE_TEXT.specialSend }).click();
    await expectToast(admin, 'The special edition is on its way');
    // The journeys' own init script (support/browser.ts) is refused by the preview's script-less sandbox, as it should be.
    session.errors.splice(
      0,
      session.errors.length,
      ...session.errors.filter((error) => !error.includes("Blocked script execution in 'about:srcdoc'")),
    );
    expectNoErrors(session);

    // The reader's mail: the article's headline as subject, a link to the article, a way out.
    const brief = await waitForMail(email, title, 60_000);
    expect(brief.text).toContain(`/articles/${articleId}`);
    expect(brief.text).toContain('/brief/unsubscribe?token=');
  });
});
