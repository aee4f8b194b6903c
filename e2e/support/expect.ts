import { expect } from 'vitest';
import type { Session } from './browser.js';

/** Every route must open without a console error; a CSP violation is one. */
export function expectNoErrors(session: Session) {
  expect(session.errors, session.errors.join('\n')).toEqual([]);
}
