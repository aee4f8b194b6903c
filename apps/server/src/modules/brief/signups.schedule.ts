/**
 * When a reader's brief is due: the next moment their chosen hour comes round on the clock of their time zone.
 * Pure, from the runtime's time-zone data (Intl), so the scheduler and the settings page agree without a table.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the zone's clock reads at `ms`, as if that reading were a UTC time (milliseconds dropped). */
function wallClock(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const offsetAt = (timeZone: string, ms: number) => wallClock(timeZone, ms) - Math.floor(ms / 1000) * 1000;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The first instant the zone's clock reads `wall` (a local reading written as UTC ms) or later: the reading
 * itself, its earlier occurrence when the clock goes back over it, or the end of the gap when the clock skips it.
 */
function firstInstantAt(timeZone: string, wall: number): number {
  const offsets = new Set([wall - DAY_MS, wall, wall + DAY_MS].map((at) => offsetAt(timeZone, at)));
  const tries = [...offsets].map((offset) => wall - offset);
  const exact = tries.filter((at) => wallClock(timeZone, at) === wall);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped: the clock jumps over `wall` between these two instants; find the jump to the minute.
  let before = Math.min(...tries);
  let after = Math.max(...tries);
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClock(timeZone, middle) >= wall) after = middle;
    else before = middle;
  }
  return after;
}

/**
 * The next moment strictly after `after` when the clock in `timeZone` reads `hour`:00. A day whose clock skips
 * that hour (a change to summer time) gets the first instant after the skip; a day whose clock reads it twice
 * gets the first.
 */
export function nextBriefAt(hour: number, timeZone: string, after: Date): Date {
  const local = new Date(wallClock(timeZone, after.getTime()));
  for (let day = 0; ; day += 1) {
    const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + day, hour);
    const at = firstInstantAt(timeZone, wall);
    if (at > after.getTime()) return new Date(at);
  }
}
