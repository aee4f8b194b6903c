import { TEXT } from '@dispatch/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { stack } from './stack.js';

let counter = 0;
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${(counter += 1)}@example.com`;

/** A real PNG, as a person would pick from their disk. */
export async function pngFile(name: string, colour = '#2255aa') {
  const buffer = await sharp({ create: { width: 160, height: 120, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The toasts showing now (a form's own alert beside its button is not one). */
export const toasts = (page: Page) => page.locator('.Toastify__toast');

/** Waits for a toast with this text. */
export async function expectToast(page: Page, text: string) {
  await toasts(page).filter({ hasText: text }).first().waitFor();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(TEXT.auth.email, { exact: true }).fill(email);
  await page.getByLabel(TEXT.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
  await expectToast(page, TEXT.toast.loginSuccess);
}

export async function register(page: Page, fields: { name: string; email: string; password: string }) {
  await page.goto('/register');
  await page.getByLabel(TEXT.auth.name, { exact: true }).fill(fields.name);
  await page.getByLabel(TEXT.auth.email, { exact: true }).fill(fields.email);
  await page.getByLabel(TEXT.auth.password, { exact: true }).fill(fields.password);
  await page.getByLabel(TEXT.auth.image, { exact: true }).setInputFiles(await pngFile('me.png'));
  await page.getByRole('button', { name: TEXT.auth.register, exact: true }).click();
}

/** The text of every link in the main navigation, in order. */
export async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('banner').getByRole('navigation', { name: TEXT.layout.mainNavigation }).first();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

/** A new account made through the API (the registration page has its own journey). */
export async function newAccount(baseUrl: string, name: string) {
  const email = uniqueEmail(
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'reader',
  );
  const password = 'Reader#2026x';
  const form = new FormData();
  form.append('name', name);
  form.append('email', email);
  form.append('password', password);
  const image = await pngFile('me.png');
  form.append('image', new Blob([new Uint8Array(image.buffer)], { type: 'image/png' }), 'me.png');
  const response = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`registration failed: ${await response.text()}`);
  return { name, email, password };
}

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for a message to `to` whose subject contains `subject`, at the site's SMTP server. */
export async function waitForMail(to: string, subject: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(stack().mailboxUrl)).json()) as ReceivedMail[];
    const found = mails.find((mail) => mail.to === to && mail.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}"; the mailbox has ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
