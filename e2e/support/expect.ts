import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Session } from './browser.js';

/** Every route must open without a console error; a CSP violation is one. */
export function expectNoErrors(session: Session) {
  expect(session.errors, session.errors.join('\n')).toEqual([]);
}

/**
 * The page open now was hydrated in place: React adopted the server's elements instead of rendering
 * afresh, which shows no error and looks the same (main.tsx's fallback for another session's HTML).
 */
export async function expectHydratedInPlace(page: Page, what = page.url()) {
  const rendered = await page.evaluate(() => window.__serverRendered);
  expect(rendered?.total, `${what}: the HTML held the page`).toBeGreaterThan(0);
  expect(rendered?.kept, `${what}: hydrated the server's elements`).toBe(rendered?.total);
}
