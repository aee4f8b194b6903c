import { pino } from 'pino';
import { fromPostgres } from '../db/client.js';
import { createMailer, startMailer } from '../modules/notices/mailer.js';

/**
 * A mail worker on its own, in its own process, for the test that kills one with SIGKILL mid-send:
 * DATABASE_URL and SMTP_URL from the environment, a short lease so another worker takes over soon.
 */
const database = fromPostgres(process.env.DATABASE_URL!, 2, () => undefined);
const log = pino({ level: 'silent' });
const mailer = createMailer(
  database.db,
  { smtpUrl: process.env.SMTP_URL!, from: 'Test <test@example.com>' },
  'https://news.example',
  log,
  { leaseMs: Number(process.env.LEASE_MS ?? 1500), pollMs: 100 },
);
startMailer(mailer, log, 100);
process.stdout.write('ready\n');
