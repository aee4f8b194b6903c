import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { fromPostgres } from '../db/client.js';
import { createBriefSender, startBriefSender } from '../modules/brief/sender.js';

/**
 * The brief's sender on its own, in its own process, for the test that kills one with SIGKILL mid-send:
 * DATABASE_URL and SMTP_URL from the environment, a short lease so another sender takes over soon.
 */
const database = fromPostgres(process.env.DATABASE_URL!, 4, () => undefined);
const log = pino({ level: 'silent' });
const config = loadConfig({
  SMTP_URL: process.env.SMTP_URL,
  PUBLIC_URL: 'https://news.example',
  BRIEF_SEND_RATE: '1000',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brief-sender-')),
});
const sender = createBriefSender(
  {
    db: database.db,
    clock: () => new Date(),
    secret: 'a test secret of at least thirty-two characters',
    config: { ...config, mail: config.mail! },
  },
  log,
  { leaseMs: Number(process.env.LEASE_MS ?? 1500), batchSize: 10 },
);
startBriefSender(sender, log, 100);
process.stdout.write('ready\n');
