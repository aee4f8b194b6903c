import { ACCOUNT_TEXT, API_MESSAGES, BILLING_TEXT, PAYMENT_MESSAGES, TEXT, type AccountExport } from '@dispatch/shared';
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount, toasts } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors } from './support/expect.js';

/** The two widths issue 15 was tried at. */
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box of the one visible element among these (the navbar has a desktop and a phone copy of each). */
async function visibleBox(locator: Locator): Promise<Box> {
  for (const element of await locator.all()) {
    if (await element.isVisible()) return (await element.boundingBox())!;
  }
  throw new Error(`nothing visible: ${locator.toString()}`);
}

/** Where an element comes to rest (a toast slides in): two readings a frame apart that agree. */
async function settledBox(locator: Locator): Promise<Box> {
  let last = await locator.boundingBox();
  for (let tries = 0; tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await locator.boundingBox();
    if (last && now && Math.abs(now.x - last.x) < 0.5 && Math.abs(now.y - last.y) < 0.5) return now;
    last = now;
  }
  throw new Error(`${locator.toString()} did not come to rest`);
}

async function api<T>(baseUrl: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Reader whose 1-minute trial is bought at the start, so it has lapsed by the time the last journeys run. */
let lapsed: { email: string; password: string; premiumTaken: string };

beforeAll(async () => {
  const session = await openBrowser();
  try {
    const reader = await newAccount(session.baseUrl, 'Lapsed Reader');
    const { token } = await (
      await fetch(`${session.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: reader.email, password: reader.password }),
      })
    ).json();
    const intent = await api<{ clientSecret: string }>(session.baseUrl, '/api/create-payment-intent', token, {
      planId: 'trial',
    });
    const paid = await api<{ premiumTaken: string }>(session.baseUrl, '/api/payments/confirm', token, {
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    lapsed = { ...reader, premiumTaken: paid.premiumTaken };
  } finally {
    await session.close();
  }
});

describe.each(WIDTHS)('the account and errors where the eye is ($name)', ({ name, viewport }) => {
  let session: Session;
  afterEach(() => session.close());

  it('shows premium and its expiry on /profile, with a link to renew', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, 'subscriber@example.com', 'Premium#2026');
    await page.goto('/profile');
    const billing = page.getByRole('region', { name: BILLING_TEXT.heading });
    await billing.getByText(/^Premium access until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/).waitFor();
    expect(await billing.getByRole('link', { name: BILLING_TEXT.renew }).getAttribute('href')).toBe('/subscription');
    expectNoErrors(session);
  });

  it('says a wrong password beside Login and in a toast', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await page.goto('/login');
    await page.getByLabel(TEXT.auth.email, { exact: true }).fill('reader@example.com');
    await page.getByLabel(TEXT.auth.password, { exact: true }).fill('Wrong#2026');
    const login = page.getByRole('button', { name: TEXT.auth.login, exact: true });
    await login.click();

    const inline = page.getByRole('main').getByRole('alert').filter({ hasText: API_MESSAGES.invalidCredentials });
    await inline.waitFor();
    await expectToast(page, API_MESSAGES.invalidCredentials);
    // Beside the button: right above it, within the form's width.
    const alertBox = (await inline.boundingBox())!;
    const buttonBox = (await login.boundingBox())!;
    expect(buttonBox.y - (alertBox.y + alertBox.height)).toBeGreaterThanOrEqual(0);
    expect(buttonBox.y - (alertBox.y + alertBox.height)).toBeLessThan(40);
    expect(alertBox.x).toBeCloseTo(buttonBox.x, 0);
    expect(alertBox.width).toBeCloseTo(buttonBox.width, 0);
  });

  it('says a declined card beside Pay Now and in a toast', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    const reader = await newAccount(session.baseUrl, 'Dee Clined');
    await logIn(page, reader.email, reader.password);
    await page.goto('/payment');
    await page.getByLabel(TEXT.paymentPage.cardNumber).fill('4000 0000 0000 0002');
    await page.getByLabel(TEXT.paymentPage.expiry).fill('12/34');
    await page.getByLabel(TEXT.paymentPage.cvc).fill('123');
    const pay = page.getByRole('button', { name: TEXT.payment.payNow });
    await pay.click();

    const inline = page.getByRole('main').getByRole('alert').filter({ hasText: PAYMENT_MESSAGES.cardDeclined });
    await inline.waitFor();
    await expectToast(page, PAYMENT_MESSAGES.cardDeclined);
    const gap = (await pay.boundingBox())!.y - ((await inline.boundingBox())!.y + (await inline.boundingBox())!.height);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(40);
  });

  it("keeps toasts off the navbar's photo and Logout", async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    const reader = await newAccount(session.baseUrl, 'Tess Toast');
    await logIn(page, reader.email, reader.password);
    const banner = page.getByRole('banner');
    if (name === 'phone') await banner.getByRole('button', { name: TEXT.layout.menu }).click();
    const toast = toasts(page).filter({ hasText: TEXT.toast.loginSuccess }).first();
    await toast.waitFor();
    const toastBox = await settledBox(toast);
    const photo = await visibleBox(banner.getByRole('img', { name: reader.name }));
    const logout = await visibleBox(banner.getByRole('button', { name: TEXT.nav.logout }));
    expect(overlaps(toastBox, photo), 'toast over the photo').toBe(false);
    expect(overlaps(toastBox, logout), 'toast over Logout').toBe(false);
    expect(toastBox.y).toBeGreaterThanOrEqual(Math.max(photo.y + photo.height, logout.y + logout.height));
    // Still top-right (docs/product.md#texts), whole in the window: under the header on a desktop, under the
    // open menu on a phone.
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
    expect(toastBox.y).toBeLessThan(name === 'desktop' ? viewport.height / 3 : viewport.height * 0.6);
    expect(toastBox.x + toastBox.width).toBeGreaterThan(viewport.width - 40);
  });

  it('downloads the reader’s data as a JSON file', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    const reader = await newAccount(session.baseUrl, 'Dora Download');
    await logIn(page, reader.email, reader.password);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: ACCOUNT_TEXT.heading });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: ACCOUNT_TEXT.exportButton }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dispatch-account-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as AccountExport;
    expect(data.profile).toMatchObject({ email: reader.email, name: reader.name, role: 'user' });
    expect(data.articles).toEqual([]);
    expect(data.payments).toEqual([]);
    expect(data.notificationPreferences.length).toBeGreaterThan(0);
    expectNoErrors(session);
  });

  it('deletes the account after the password, and the login then fails', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    const reader = await newAccount(session.baseUrl, 'Lee Leaving');
    await logIn(page, reader.email, reader.password);
    await page.goto('/profile');
    await page
      .getByRole('region', { name: ACCOUNT_TEXT.heading })
      .getByRole('button', { name: ACCOUNT_TEXT.deleteButton })
      .click();
    const dialog = page.getByRole('alertdialog', { name: ACCOUNT_TEXT.dialogTitle });
    const password = dialog.getByLabel(ACCOUNT_TEXT.passwordLabel);
    await password.fill('Not-my-password1');
    await dialog.getByRole('button', { name: ACCOUNT_TEXT.confirm }).click();
    await dialog.getByText('That password is not correct. Your account was not deleted.').waitFor();

    await password.fill(reader.password);
    await dialog.getByRole('button', { name: ACCOUNT_TEXT.confirm }).click();
    await expectToast(page, ACCOUNT_TEXT.deleted);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto('/login');
    await page.getByLabel(TEXT.auth.email, { exact: true }).fill(reader.email);
    await page.getByLabel(TEXT.auth.password, { exact: true }).fill(reader.password);
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await expectToast(page, API_MESSAGES.invalidCredentials);
  });

  it('tells a reader whose premium lapsed, when /premium-articles sends them to /subscription', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    const wait = new Date(lapsed.premiumTaken).getTime() - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 1_000));
    await logIn(page, lapsed.email, lapsed.password);
    await page.goto('/premium-articles');
    await page.waitForURL('**/subscription');
    await page.getByText(/^Your premium access ended on .+ \d{4}, .+\.$/).waitFor();
    expectNoErrors(session);
  }, 120_000);
});

/** So a test of a helper can fail: boxes that touch only at an edge do not overlap. */
describe('overlaps', () => {
  it('tells boxes apart', () => {
    expect(overlaps({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 })).toBe(true);
    expect(overlaps({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(false);
  });
});
