import { useHydrated } from '../hooks/use-hydrated';
import { useNow } from '../hooks/use-now';

interface ZonedFormats {
  local: Intl.DateTimeFormat;
  utc: Intl.DateTimeFormat;
}

const formatsByOptions = new WeakMap<Intl.DateTimeFormatOptions, ZonedFormats>();

function zonedFormats(options: Intl.DateTimeFormatOptions): ZonedFormats {
  let formats = formatsByOptions.get(options);
  if (!formats) {
    formats = {
      local: new Intl.DateTimeFormat('en-US', options),
      utc: new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }),
    };
    formatsByOptions.set(options, formats);
  }
  return formats;
}

export const YEAR: Intl.DateTimeFormatOptions = { year: 'numeric' };
export const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
export const LONG_DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
export const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };
export const MOMENT_WITH_ZONE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * A moment in the reader's own time zone. The server does not know that zone, so its HTML, and the
 * render that hydrates it, say UTC; the reader's zone follows at once, with no hydration mismatch.
 * `options` must be a module constant (the formats are kept per options object).
 */
export function LocalTime({ iso, options }: { iso: string; options: Intl.DateTimeFormatOptions }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const formats = zonedFormats(options);
  return <time dateTime={iso}>{(hydrated ? formats.local : formats.utc).format(date)}</time>;
}

/** Today's date, as the reader's calendar has it (UTC, on the day it was rendered, in the server's HTML). */
export function useToday(options: Intl.DateTimeFormatOptions): string {
  const hydrated = useHydrated();
  const now = useNow();
  const formats = zonedFormats(options);
  return (hydrated ? formats.local : formats.utc).format(now);
}
