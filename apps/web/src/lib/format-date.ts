/** A day, as tables show it: "Nov 25, 2026". */
export const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A moment, as tables and timelines show it: "Nov 25, 2026, 10:09 AM". */
export const momentFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An ISO date from the API in that format; nothing for one that does not parse. */
export function formatDate(iso: string, format: Intl.DateTimeFormat = momentFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
