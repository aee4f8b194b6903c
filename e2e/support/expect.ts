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

/**
 * The page fits its window's width. Asked again for a few seconds, so a moment of a transition does not
 * count; when it still does not fit, the message names the element that sticks out furthest.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const measure = () =>
    page.evaluate(() => {
      const overflow = document.documentElement.scrollWidth - window.innerWidth;
      if (overflow <= 0) return { overflow, culprit: '' };
      let culprit = '';
      let right = window.innerWidth;
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const box = element.getBoundingClientRect();
        if (box.right > right) {
          right = box.right;
          culprit = `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} ends at ${Math.round(box.right)} px`;
        }
      }
      return { overflow, culprit };
    });
  let found = await measure();
  await expect
    .poll(async () => (found = await measure()).overflow, { timeout: 3_000, message: `${what} scrolls sideways` })
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  expect(found.overflow, `${what} scrolls sideways: ${found.culprit}`).toBeLessThanOrEqual(0);
}
