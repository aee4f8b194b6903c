import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy routes load their chunk on first use; on a busy machine that takes longer than the 1 s default, and on CI,
// whose two cores the three projects' workers share, longer than 5 s (the web project's testTimeout is 20 s there).
configure({ asyncUtilTimeout: process.env.CI ? 15_000 : 5000 });

/*
 * jsdom lacks the observers the carousel and the count-up use; they only need to exist.
 * Nothing here stands in for our own code.
 */
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
for (const name of ['IntersectionObserver', 'ResizeObserver'] as const) {
  if (!(name in window)) Object.defineProperty(window, name, { writable: true, value: NoopObserver });
}
// The app loads its first schemas (and zod) lazily; load them with the test file, so that the first
// request of a test does not spend its waiting time on compiling zod.
await import('../lib/response-schemas');

// jsdom has no layout to scroll; the router's scroll restoration calls this on every navigation, a
// list's page link the other.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// docs/conventions.md: a test that logs console.error fails.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (consoleErrors.length > 0) {
    const logged = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${logged}`);
  }
});
