import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { stack } from './stack.js';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

export interface Session {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Console errors, page errors and failed requests seen so far (a CSP violation is one). */
  errors: string[];
  close(): Promise<void>;
}

/** What became of the server's elements when the page said it was hydrated (see `markServerRendered`). */
export interface ServerRendered {
  /** The page's landmarks and headings as the HTML parser made them, before any script ran. */
  total: number;
  /** How many of them were still in the document once React had hydrated the page. */
  kept?: number;
}

declare global {
  interface Window {
    __serverRendered?: ServerRendered;
  }
}

/**
 * Runs in every document before its scripts. `hydrateRoot` adopts the server's elements; a fresh render
 * (main.tsx's fallback when the HTML was rendered for another session, or React recovering from a
 * mismatch) replaces them with equal-looking new ones. So: remember the parser's landmarks and headings,
 * and count those still attached at the moment the app marks the page hydrated, before anything the
 * page does next (a redirect) can change them.
 */
function markServerRendered() {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const nodes = Array.from(document.querySelectorAll('#root > *, #root header, #root main, #root footer, #root h1'));
    const state: ServerRendered = { total: nodes.length };
    window.__serverRendered = state;
    const observer = new MutationObserver(() => {
      if (!document.documentElement.hasAttribute('data-hydrated')) return;
      state.kept = nodes.filter((node) => node.isConnected).length;
      observer.disconnect();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

/** A fresh browser profile per session: nothing carries over between journeys. */
export async function openBrowser(
  viewport = DESKTOP,
  options: { timezoneId?: string; baseUrl?: string } = {},
): Promise<Session> {
  const { baseUrl = stack().baseUrl, timezoneId } = options;
  const profile = mkdtempSync(path.join(tmpdir(), 'dispatch-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
    viewport,
    baseURL: baseUrl,
    timezoneId,
  });
  await context.addInitScript(markServerRendered);
  const page = context.pages()[0] ?? (await context.newPage());
  // A server-rendered page is visible before it is interactive: journeys act once React has hydrated it.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return response;
  };
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 404 or 403 page is answered with that status, as it should be; Chromium logs the document's status.
    const documentStatus =
      message.text().startsWith('Failed to load resource: the server responded with a status of 40') &&
      message.location().url === page.url();
    if (message.type() === 'error' && !documentStatus) errors.push(`console: ${message.text()}`);
    if (message.type() === 'warning') errors.push(`console warning: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return {
    context,
    page,
    baseUrl,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
