/**
 * The page the server sends when the database cannot be reached (docs/decisions/039-database-outages.md). Apart
 * from `TEXT` so that the home page's first load does not carry it: no script shows it.
 */
export const UNAVAILABLE_TEXT = {
  title: 'Temporarily unavailable',
  heading: 'We will be right back',
  body: 'We cannot reach our newsroom right now. Please try again in a minute.',
  retry: 'Try again',
} as const;
