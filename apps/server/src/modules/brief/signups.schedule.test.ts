import { describe, expect, it } from 'vitest';
import { nextBriefAt } from './signups.schedule.js';

const at = (iso: string) => new Date(iso);
const next = (hour: number, zone: string, after: string) => nextBriefAt(hour, zone, at(after)).toISOString();

describe('nextBriefAt', () => {
  it('is later today when the hour has not come yet, else tomorrow, and never the moment given', () => {
    expect(next(7, 'UTC', '2026-06-10T05:00:00Z')).toBe('2026-06-10T07:00:00.000Z');
    expect(next(7, 'UTC', '2026-06-10T07:00:00Z')).toBe('2026-06-11T07:00:00.000Z');
    expect(next(7, 'UTC', '2026-06-10T06:59:59.999Z')).toBe('2026-06-10T07:00:00.000Z');
    expect(next(7, 'Europe/Warsaw', '2026-06-10T04:00:00Z')).toBe('2026-06-10T05:00:00.000Z');
    expect(next(0, 'Europe/Warsaw', '2026-12-31T22:59:00Z')).toBe('2026-12-31T23:00:00.000Z');
  });

  it('follows Warsaw into summer time: 07:00 moves an hour earlier in UTC, and the skipped 02:00 becomes 03:00', () => {
    // The clocks go from 02:00 CET to 03:00 CEST on 29 March 2026 (01:00 UTC).
    expect(next(7, 'Europe/Warsaw', '2026-03-28T12:00:00Z')).toBe('2026-03-29T05:00:00.000Z');
    expect(next(7, 'Europe/Warsaw', '2026-03-27T12:00:00Z')).toBe('2026-03-28T06:00:00.000Z');
    expect(next(2, 'Europe/Warsaw', '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
    expect(next(2, 'Europe/Warsaw', '2026-03-29T01:00:00Z')).toBe('2026-03-30T00:00:00.000Z');
    expect(next(3, 'Europe/Warsaw', '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('follows Warsaw back to winter time, sending once on the day 02:00 comes twice', () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC.
    expect(next(7, 'Europe/Warsaw', '2026-10-24T12:00:00Z')).toBe('2026-10-25T06:00:00.000Z');
    expect(next(2, 'Europe/Warsaw', '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:00:00.000Z');
    expect(next(2, 'Europe/Warsaw', '2026-10-25T00:00:00Z')).toBe('2026-10-26T01:00:00.000Z');
  });

  it('follows New York across both changes', () => {
    // 8 March 2026: 02:00 EST becomes 03:00 EDT (07:00 UTC); 1 November 2026: back at 06:00 UTC.
    expect(next(8, 'America/New_York', '2026-03-07T20:00:00Z')).toBe('2026-03-08T12:00:00.000Z');
    expect(next(8, 'America/New_York', '2026-03-06T20:00:00Z')).toBe('2026-03-07T13:00:00.000Z');
    expect(next(2, 'America/New_York', '2026-03-07T20:00:00Z')).toBe('2026-03-08T07:00:00.000Z');
    expect(next(8, 'America/New_York', '2026-10-31T20:00:00Z')).toBe('2026-11-01T13:00:00.000Z');
    expect(next(1, 'America/New_York', '2026-10-31T20:00:00Z')).toBe('2026-11-01T05:00:00.000Z');
  });

  it('handles the zones furthest ahead of and behind UTC, across the date line', () => {
    // Kiritimati is UTC+14: 06:00 there on 11 June is 16:00 UTC on 10 June.
    expect(next(6, 'Pacific/Kiritimati', '2026-06-10T12:00:00Z')).toBe('2026-06-10T16:00:00.000Z');
    expect(next(6, 'Pacific/Kiritimati', '2026-06-10T16:00:00Z')).toBe('2026-06-11T16:00:00.000Z');
    // Etc/GMT+12 is UTC-12: 23:00 there on 10 June is 11:00 UTC on 11 June.
    expect(next(23, 'Etc/GMT+12', '2026-06-10T12:00:00Z')).toBe('2026-06-11T11:00:00.000Z');
    expect(next(0, 'Etc/GMT+12', '2026-06-10T12:00:00Z')).toBe('2026-06-11T12:00:00.000Z');
  });
});
