import { API_MESSAGES, TEXT } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, navLinks, pngFile, register, uniqueEmail } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors } from './support/expect.js';
import { ADMIN } from './support/server.js';

const V = TEXT.validation;
const PASSWORD = 'Newsroom#2026';
const NEW_PASSWORD = 'Printing#Press1450';

describe('accounts', () => {
  let session: Session;
  afterEach(() => session.close());

  it('register -> login -> profile update with a new photo -> password change -> logout -> login with it', async () => {
    session = await openBrowser();
    const { page } = session;
    const email = uniqueEmail('ada');
    await register(page, { name: 'Ada Lovelace', email, password: PASSWORD });
    await expectToast(page, TEXT.toast.registrationSuccess);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await logIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('img', { name: 'Ada Lovelace' }).first().click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: TEXT.profile.heading }).waitFor();
    const emailField = page.getByLabel(TEXT.auth.email, { exact: true });
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.isEditable()).toBe(false);

    await page.getByLabel(TEXT.auth.name, { exact: true }).fill('Ada King');
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.ok());
    await page.getByLabel(TEXT.profileForm.photo, { exact: true }).setInputFiles(await pngFile('new.png', '#aa3311'));
    await uploaded;
    await page.getByRole('button', { name: TEXT.profile.update }).click();
    await expectToast(page, TEXT.toast.saved);
    await page.getByRole('banner').getByRole('img', { name: 'Ada King' }).first().waitFor();

    await page.getByLabel(TEXT.passwordForm.currentPassword, { exact: true }).fill(PASSWORD);
    await page.getByLabel(TEXT.passwordForm.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: TEXT.passwordForm.submit }).click();
    await expectToast(page, TEXT.toast.passwordChanged);

    await page.getByRole('banner').getByRole('button', { name: TEXT.nav.logout }).first().click();
    await expectToast(page, TEXT.toast.loggedOut);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('img', { name: 'Ada King' }).first().waitFor();
    expectNoErrors(session);
  });

  it('shows every registration message next to its field', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/register');
    await page.getByRole('button', { name: TEXT.auth.register, exact: true }).click();
    for (const message of [V.nameRequired, V.emailRequired, V.passwordRequired, V.imageRequired]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    const password = page.getByLabel(TEXT.auth.password, { exact: true });
    await password.fill('Ab#1');
    await page.getByRole('button', { name: TEXT.auth.register, exact: true }).click();
    await page.getByText(V.passwordMin, { exact: true }).waitFor();
    await password.fill('abcdef1!');
    await page.getByRole('button', { name: TEXT.auth.register, exact: true }).click();
    await page.getByText(V.passwordComplexity, { exact: true }).waitFor();
  });

  it('refuses a duplicate e-mail with "Error: " and the message', async () => {
    session = await openBrowser();
    const { page } = session;
    await register(page, { name: 'Twin', email: 'Reader@Example.com', password: PASSWORD });
    await expectToast(page, `${TEXT.toast.errorPrefix}${API_MESSAGES.emailTaken}`);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('says when the password is wrong, keeping keyboard focus on Login while it asks', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/login');
    await page.getByLabel(TEXT.auth.email, { exact: true }).fill('reader@example.com');
    await page.getByLabel(TEXT.auth.password, { exact: true }).fill('Wrong#2026');
    // The answer waits until the test has seen the button while the request is on its way.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = 0;
    await page.route('**/api/auth/login', async (route) => {
      asked += 1;
      await answered;
      await route.continue();
    });
    await page.keyboard.press('Tab');
    const login = page.getByRole('button', { name: TEXT.auth.login, exact: true });
    const focused = () => login.evaluate((button) => button === document.activeElement);
    expect(await focused()).toBe(true);

    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-busy') === 'true');
    await page.keyboard.press('Enter');
    answer();
    await expectToast(page, TEXT.toast.loginFailed);
    expect(await focused()).toBe(true);
    expect(await login.getAttribute('aria-disabled')).toBeNull();
    expect(asked).toBe(1);
  });

  it('keeps the device cookie from a login and sends it with the next one', async () => {
    session = await openBrowser();
    const { page, context } = session;
    await logIn(page, 'reader@example.com', 'Reader#2026');
    const device = (await context.cookies()).find((cookie) => cookie.name === 'dispatch_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/login' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('dispatch_device');

    // The page's requests read the token from localStorage as they start: let the signed-in page finish
    // loading (the bell's count comes with its lazy chunk) before the token goes, or a late one is a 401.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.clear());
    const loginRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
    await logIn(page, 'reader@example.com', 'Reader#2026');
    expect((await (await loginRequest).allHeaders()).cookie).toContain(`dispatch_device=${device!.value}`);
    expectNoErrors(session);
  });

  it('sends an anonymous visitor of /profile to /login, and back there after login', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel(TEXT.auth.email, { exact: true }).fill('reader@example.com');
    await page.getByLabel(TEXT.auth.password, { exact: true }).fill('Reader#2026');
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: TEXT.profile.heading }).waitFor();
  });

  it('shows exactly the links of each state in the navbar', async () => {
    session = await openBrowser();
    const { page } = session;
    const N = TEXT.nav;
    await page.goto('/');
    await expect.poll(() => navLinks(page)).toEqual([N.home, N.articles, N.login, N.register]);

    await logIn(page, 'reader@example.com', 'Reader#2026');
    await expect.poll(() => navLinks(page)).toEqual([N.home, N.articles, N.addArticle, N.subscription, N.myArticles]);

    await page.evaluate(() => localStorage.clear());
    await logIn(page, 'subscriber@example.com', 'Premium#2026');
    await expect
      .poll(() => navLinks(page))
      .toEqual([N.home, N.articles, N.addArticle, N.subscription, N.myArticles, N.premiumArticles]);

    await page.evaluate(() => localStorage.clear());
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect.poll(() => navLinks(page)).toContain(N.dashboard);
    expect(await navLinks(page)).not.toContain(N.login);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: N.dashboard }).count()).toBe(1);
  });

  it('signs in with Google in a popup, against a local OpenID provider', async () => {
    session = await openBrowser();
    const { page, context } = session;
    await page.goto('/login');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: TEXT.auth.googleSignIn }).click(),
    ]);
    await popup.locator('input[name="login"]').fill('gina');
    await popup.locator('input[name="password"]').fill('any');
    await popup.locator('button[type="submit"]').click();
    await popup.locator('button[type="submit"]').click();
    await expectToast(page, TEXT.toast.googleLoginSuccess);
    await page.getByRole('banner').getByRole('img', { name: 'Gina Google' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
});
