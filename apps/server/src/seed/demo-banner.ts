import { DEMO_READERS } from './demo-content.js';

/** Printed at every start while demo content is on: the demo readers' passwords are public. */
export function demoAccountsBanner(): string {
  const width = Math.max(...DEMO_READERS.map((reader) => reader.email.length));
  const accounts = DEMO_READERS.map(
    (reader) =>
      `    ${reader.email.padEnd(width)}  ${reader.password}${reader.premiumDays > 0 ? '  (with premium)' : ''}`,
  );
  return [
    '',
    '  Demo content is on (SEED_DEMO). Anyone can log in to these demo accounts:',
    ...accounts,
    '  Their passwords are public. On a real site set SEED_DEMO=false before the first start',
    '  (in production they are created only with SEED_DEMO=true), or remove them from the database.',
    '',
  ].join('\n');
}
