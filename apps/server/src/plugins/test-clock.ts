import { MINUTE_MS } from '@dispatch/shared';

/**
 * TEST_CLOCK=true (test payments only): the server's clock runs ahead of the real time by an offset an admin
 * moves forward (`POST /api/test-clock`), as Stripe's test clocks do for billing, so free days, renewals and
 * grace periods can be tried in minutes. Every part of the server reads this clock; the offset is this
 * instance's own, so it is for one instance.
 */
export interface TestClock {
  now(): Date;
  advance(minutes: number): void;
  offsetMinutes(): number;
}

export function createTestClock(): TestClock {
  let offsetMinutes = 0;
  return {
    now: () => new Date(Date.now() + offsetMinutes * MINUTE_MS),
    advance: (minutes) => void (offsetMinutes += minutes),
    offsetMinutes: () => offsetMinutes,
  };
}
