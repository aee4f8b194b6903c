import { BRIEF_LIMITS, DAY_MS } from '@dispatch/shared';
import { describe, expect, it } from 'vitest';
import { windowStart } from './compose.js';

describe("a brief's window", () => {
  const until = new Date('2026-11-27T07:00:00Z');

  it('starts just after the last brief', () => {
    const last = new Date('2026-11-26T07:00:00Z');
    expect(windowStart(last, until)).toEqual(last);
  });

  it('looks back one day for a reader who never had one', () => {
    expect(windowStart(null, until)).toEqual(new Date(until.getTime() - DAY_MS));
  });

  it(`looks back at most ${BRIEF_LIMITS.windowDaysMax} days, however long since the last brief`, () => {
    const monthsAgo = new Date('2026-08-01T07:00:00Z');
    expect(windowStart(monthsAgo, until)).toEqual(new Date(until.getTime() - BRIEF_LIMITS.windowDaysMax * DAY_MS));
  });
});
