// The publisher's settings (issue 45, item 1; docs/product.md#site-settings), in Chromium at a desktop's and a
// phone's width: the admin follows the Overview's setup checklist to /dashboard/settings, renames the site (the
// header follows), makes the registration photo optional and lets writers without premium hold 3 articles; a
// visitor registers without a photo, holds 3 articles and is refused a 4th in the limit's words; the checklist
// shows that step done, and once dismissed (the phone's run) stays away. The site goes back to SPEC's defaults
// after each run.
import { SETTINGS_TEXT, SPEC_SITE_RULES, TEXT, WRITER_LIMIT_TEXT, type AdminSiteSettings } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, pngFile, uniqueEmail } from './support/actions.js';
import { api, apiLogin, submittedArticle } from './support/api.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';

const S = SETTINGS_TEXT;
const W = TEXT.writing;

describe.each([
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)('site settings on a %s', (form, viewport) => {
  const sessions: Session[] = [];
  let editorToken: string | undefined;
  let defaultName: string | undefined;
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
    // Back to SPEC's rules and the environment's name for every journey after this one on the same site.
    if (editorToken && defaultName)
      await api(editorToken, 'PATCH', '/api/admin/settings', {
        siteName: defaultName,
        registrationPhoto: SPEC_SITE_RULES.registrationPhoto,
        writerArticleLimit: SPEC_SITE_RULES.writerArticleLimit,
      });
  });

  it('renames the site, makes the photo optional and lets writers hold 3 articles; the checklist leads there and stays dismissed', async () => {
    editorToken = (await apiLogin(ADMIN)).token;
    const before = (await api(editorToken, 'GET', '/api/admin/settings')) as AdminSiteSettings;
    defaultName = before.defaults.siteName;
    const siteName = `Harbour Ledger ${Date.now() % 100000}`;

    const adminSession = await openBrowser(viewport);
    sessions.push(adminSession);
    const admin = adminSession.page;
    await logIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard');
    await admin.getByRole('heading', { level: 1, name: TEXT.dashboard.overview }).waitFor();
    const checklist = admin.getByRole('region', { name: S.checklistHeading });
    if (!before.checklist.dismissed) {
      // The checklist's first step opens the settings at the site's section.
      await checklist.getByRole('link', { name: S.checklistSteps.siteName }).click();
      await admin.waitForURL((url) => url.pathname === '/dashboard/settings' && url.hash === '#site');
    } else {
      await admin.goto('/dashboard/settings');
    }

    await admin.getByLabel(S.siteName, { exact: true }).fill(siteName);
    await admin
      .getByRole('group', { name: S.registrationPhoto })
      .getByLabel(S.registrationPhotoOptions.optional)
      .check();
    await admin.getByLabel(S.writerArticleLimit, { exact: true }).fill('3');
    await admin.getByRole('button', { name: S.save }).click();
    await admin.getByText(S.saved).waitFor();
    await expectNoSidewaysScroll(admin, 'the settings page');
    await admin.screenshot({ path: `/tmp/settings-page-${form}.png`, fullPage: true });
    // The header follows the new name, on the next page as on a fresh one.
    await admin.goto('/');
    await admin.getByRole('banner').getByText(siteName).first().waitFor();

    // A visitor registers without a photo.
    const writerSession = await openBrowser(viewport);
    sessions.push(writerSession);
    const writer = writerSession.page;
    const account = { name: 'Ines Writer', email: uniqueEmail('ines.writer'), password: 'Writer#2026x' };
    await writer.goto('/register');
    await writer.getByLabel(TEXT.auth.name, { exact: true }).fill(account.name);
    await writer.getByLabel(TEXT.auth.email, { exact: true }).fill(account.email);
    await writer.getByLabel(TEXT.auth.password, { exact: true }).fill(account.password);
    await writer.getByRole('button', { name: TEXT.auth.register, exact: true }).click();
    await expectToast(writer, TEXT.toast.registrationSuccess);
    await logIn(writer, account.email, account.password);

    // Three articles (the first through the API, then two more), and the fourth refused in the limit's words.
    const { token } = await apiLogin(account);
    for (const n of [1, 2, 3])
      await submittedArticle(token, { title: `Quay notes ${n} ${Date.now()}`, description: 'From the quay.' });
    await writer.goto('/addArticle');
    await writer.getByRole('status', { name: WRITER_LIMIT_TEXT.reachedTitle(3) }).waitFor();
    await writer.getByLabel(W.title, { exact: true }).fill('Quay notes 4');
    const uploaded = writer.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.ok());
    await writer.getByLabel(W.image, { exact: true }).setInputFiles(await pngFile('quay.png', '#335577'));
    await uploaded;
    const publisher = writer.getByLabel(W.publisher, { exact: true });
    await publisher.locator('option').nth(1).waitFor({ state: 'attached' });
    await publisher.selectOption({ index: 1 });
    await writer.getByLabel(W.tags, { exact: true }).fill('Politics');
    // The tags are the site's rows, read as the form opens: chosen by a click once offered (an Enter before the
    // picker has an option in focus would submit the half-filled form instead); the picker stays open, Escape
    // closes it.
    await writer.getByRole('option', { name: 'Politics', exact: true }).click();
    await writer.keyboard.press('Escape');
    await writer.getByRole('listbox').waitFor({ state: 'detached' });
    await writer.getByLabel(W.description, { exact: true }).fill('One too many.');
    // The submission goes out and the server refuses it in the limit's words; then the dialog says so.
    const [refused] = await Promise.all([
      writer.waitForResponse(
        (response) => response.url().endsWith('/api/articles') && response.request().method() === 'POST',
      ),
      writer.getByRole('button', { name: W.submit }).click(),
    ]);
    expect(refused.status(), await refused.text()).toBe(403);
    const refusal = writer.getByRole('alertdialog').or(writer.getByRole('dialog'));
    await refusal
      .getByText(TEXT.addArticle.notAllowedTitle)
      .waitFor()
      .catch(async (error: unknown) => {
        await writer.screenshot({ path: `/tmp/settings-refusal-${form}.png`, fullPage: true });
        throw error;
      });
    await refusal.getByText('You cannot post more than 3 articles.').waitFor();

    // The checklist: the desktop's run leaves it (its first step now done); the phone's dismisses it, on the server,
    // and it stays away in another browser too.
    await admin.goto('/dashboard');
    await admin.getByRole('heading', { level: 1, name: TEXT.dashboard.overview }).waitFor();
    if (!before.checklist.dismissed) {
      await checklist.waitFor();
      await expectNoSidewaysScroll(admin, 'the Overview with the setup checklist');
      await admin.screenshot({ path: `/tmp/settings-checklist-${form}.png`, fullPage: false });
      expect(await checklist.getByRole('listitem').first().textContent()).toContain(S.checklistDone);
      if (form === 'desktop') {
        expectNoErrors(adminSession);
        return;
      }
      await checklist.getByRole('button', { name: S.checklistDismiss }).click();
      await checklist.waitFor({ state: 'detached' });
    }
    const other = await openBrowser(viewport);
    sessions.push(other);
    await logIn(other.page, ADMIN.email, ADMIN.password);
    const settingsRead = other.page.waitForResponse((response) => response.url().endsWith('/api/admin/settings'));
    await other.page.goto('/dashboard');
    await settingsRead;
    await other.page.getByRole('heading', { level: 1, name: TEXT.dashboard.overview }).waitFor();
    expect(await other.page.getByRole('region', { name: S.checklistHeading }).count()).toBe(0);
    expect(((await api(editorToken, 'GET', '/api/admin/settings')) as AdminSiteSettings).checklist.dismissed).toBe(
      true,
    );
    expectNoErrors(adminSession);
  });
});
