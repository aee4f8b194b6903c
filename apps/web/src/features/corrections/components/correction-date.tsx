import { useHydrated } from '../../../hooks/use-hydrated';

const dayOptions: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const localDay = new Intl.DateTimeFormat('en-US', dayOptions);
// The server does not know the reader's zone: its HTML says the UTC day until the page is hydrated.
const utcDay = new Intl.DateTimeFormat('en-US', { ...dayOptions, timeZone: 'UTC' });

/** The day a correction was published, as a <time>. */
export function CorrectionDate({ at }: { at: string }) {
  const hydrated = useHydrated();
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={at}>{(hydrated ? localDay : utcDay).format(date)}</time>;
}
