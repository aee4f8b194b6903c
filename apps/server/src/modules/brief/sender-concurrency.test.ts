import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { briefDeliveries, briefSends, briefSubscriptions } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { openTestDatabase } from '../../test/test-app.js';
import * as repository from './brief-send.repository.js';
import { createBriefSender, startBriefSender, type BriefSender, type BriefSenderOptions } from './sender.js';
import { briefWorkerEntry, startBriefSenderThread } from './sender-thread.js';

const log = pino({ level: 'silent' });
const SENDER_SCRIPT = fileURLToPath(new URL('../../test/brief-sender-process.ts', import.meta.url));
const WORKER_ENTRY = briefWorkerEntry(new URL('../../server.ts', import.meta.url).href);
const HOUR = 3_600_000;

/** Several senders on one database (PostgreSQL: TEST_DATABASE_URL; the kill test needs it). */
describe('brief senders side by side, and one killed mid-send', () => {
  let database: Database;
  let databaseUrl: string | undefined;
  let drop: () => Promise<void>;
  let smtp: TestSmtpServer;
  const senders: BriefSender[] = [];

  beforeAll(async () => {
    ({ database, url: databaseUrl, drop } = await openTestDatabase());
    const publisher = await insertPublisher(database.db);
    const author = await insertUser(database.db);
    await insertArticle(
      database.db,
      { publisherId: publisher.id, authorId: author.id },
      { title: 'Today in politics', decidedAt: new Date(Date.now() - HOUR) },
    );
  });
  afterAll(() => drop());
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
    await database.db.delete(briefDeliveries);
    await database.db.delete(briefSends);
    await database.db.delete(briefSubscriptions);
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await smtp.close();
  });

  const sender = (options: Partial<BriefSenderOptions> = {}) => {
    const config = loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://news.example', BRIEF_SEND_RATE: '1000' });
    const created = createBriefSender(
      {
        db: database.db,
        clock: () => new Date(),
        secret: 'a test secret of at least thirty-two characters',
        config: { ...config, mail: config.mail! },
      },
      log,
      { retryBaseMs: 0, ...options },
    );
    senders.push(created);
    return created;
  };
  const subscribe = async (count: number) => {
    const now = Date.now();
    return database.db
      .insert(briefSubscriptions)
      .values(
        Array.from({ length: count }, (_, n) => ({
          email: `reader${n}@example.com`,
          status: 'active' as const,
          hour: 7,
          timeZone: 'UTC',
          confirmedAt: new Date(now - 48 * HOUR),
          lastBriefAt: new Date(now - 24 * HOUR),
          nextBriefAt: new Date(now - 60_000),
        })),
      )
      .returning();
  };
  const deliveries = () => database.db.select().from(briefDeliveries);
  const drain = async (worker: BriefSender, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while ((await deliveries()).some((row) => row.status === 'queued') && Date.now() < deadline) {
      await worker.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('queues and delivers each reader exactly once when two senders run at once', async () => {
    const readers = await subscribe(60);
    const [a, b] = [sender({ queueBatchSize: 7, batchSize: 5 }), sender({ queueBatchSize: 7, batchSize: 5 })];
    const [queuedByA, queuedByB] = await Promise.all([a.queueDue(), b.queueDue()]);
    expect(queuedByA + queuedByB).toBe(60);
    const [sentByA, sentByB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sentByA + sentByB).toBe(60);
    await smtp.waitFor(60);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(60);
    expect(new Set(smtp.received.map((mail) => mail.to))).toEqual(new Set(readers.map((reader) => reader.email)));
    const rows = await deliveries();
    expect(rows).toHaveLength(60);
    expect(new Set(smtp.received.map((mail) => mail.messageId))).toEqual(
      new Set(rows.map((row) => `<${row.id}@news.example>`)),
    );
    expect(await database.db.select().from(briefSends)).toHaveLength(1);
    if (databaseUrl) {
      expect(Math.min(queuedByA, queuedByB)).toBeGreaterThan(0);
      expect(Math.min(sentByA, sentByB)).toBeGreaterThan(0);
    }
  });

  it('stops after the messages in hand when told to, handing back the rest of its claim to another sender', async () => {
    const readers = await subscribe(40);
    smtp.delayEach(100);
    const stopping = sender({ batchSize: 40, concurrency: 2 });
    const running = startBriefSender(stopping, log, 60_000);
    await smtp.waitFor(4);
    const asked = Date.now();
    await running.stop();
    expect(Date.now() - asked).toBeLessThan(1_000);
    const sentBefore = smtp.received.length;
    expect(sentBefore).toBeLessThan(20);
    const left = (await deliveries()).filter((row) => row.status === 'queued');
    expect(left).toHaveLength(40 - sentBefore);
    // Released, not leased for minutes: another sender takes them at once.
    expect(left.every((row) => row.lockedUntil === null)).toBe(true);

    smtp.delayEach(0);
    await drain(sender());
    await smtp.waitFor(40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(40);
    expect(new Set(smtp.received.map((mail) => mail.to))).toEqual(new Set(readers.map((reader) => reader.email)));
  });

  it('hands back only the claims still its own: a delivery another sender took after the lease ran out stays theirs', async () => {
    await subscribe(3);
    await sender().queueDue();
    const first = await repository.claimDue(database.db, 1, 10);
    expect(first).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await repository.claimDue(database.db, 60_000, 10);
    expect(second).toHaveLength(3);

    // The first sender, back from a long batch, hands back what it did not send.
    await repository.releaseClaims(database.db, first);
    const rows = await deliveries();
    expect(rows.every((row) => row.lockedUntil !== null && row.attempts === 2)).toBe(true);
    expect(await repository.claimDue(database.db, 60_000, 10)).toHaveLength(0);

    await repository.releaseClaims(database.db, second);
    expect((await deliveries()).every((row) => row.lockedUntil === null && row.attempts === 1)).toBe(true);
  });

  // The server's own sending thread (on PostgreSQL): its own connections, the same database.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sends every reader their brief from the server’s worker thread, which ends when stopped',
    async () => {
      const readers = await subscribe(25);
      const thread = startBriefSenderThread(
        {
          entry: WORKER_ENTRY,
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            SMTP_URL: smtp.url,
            PUBLIC_URL: 'https://news.example',
            BRIEF_SEND_RATE: '1000',
            JWT_SECRET: 'a test secret of at least thirty-two characters',
            LOG_LEVEL: 'silent',
          },
        },
        log,
      );
      try {
        await smtp.waitFor(25, 20_000);
      } finally {
        await thread.stop();
      }
      const rows = await deliveries();
      expect(rows.filter((row) => row.status === 'sent')).toHaveLength(25);
      expect(new Set(smtp.received.map((mail) => mail.to))).toEqual(new Set(readers.map((reader) => reader.email)));
      // Stopped: a reader due now gets nothing until a sender runs again.
      await database.db.insert(briefSubscriptions).values({
        email: 'late@example.com',
        status: 'active',
        hour: 7,
        timeZone: 'UTC',
        confirmedAt: new Date(Date.now() - 48 * HOUR),
        nextBriefAt: new Date(Date.now() - 60_000),
      });
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await deliveries()).toHaveLength(25);
    },
    40_000,
  );

  // Another process needs the database over the network: PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'gets every reader their brief after the sending process is killed, resending only what was in flight',
    async () => {
      const readers = await subscribe(30);
      const held = smtp.holdNext();
      const child = spawn(process.execPath, ['--import', 'tsx', SENDER_SCRIPT], {
        env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, LEASE_MS: '1500' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        await held;
        // One message is on the wire, unanswered; the child holds a claim on its batch.
        expect((await deliveries()).some((row) => row.lockedUntil !== null && row.status === 'queued')).toBe(true);
        child.kill('SIGKILL');
        await once(child, 'exit');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      smtp.release();
      const beforeRestart = smtp.received.length;
      const sentBeforeKill = (await deliveries()).filter((row) => row.status === 'sent').length;

      await drain(sender(), 20_000);
      const rows = await deliveries();
      expect(rows).toHaveLength(30);
      expect(rows.every((row) => row.status === 'sent')).toBe(true);
      await smtp.waitFor(30);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Every reader got it, always under their delivery's Message-ID; only what was accepted but not yet
      // marked sent when the process died went twice.
      const idOf = new Map(rows.map((row) => [row.email, `<${row.id}@news.example>`]));
      for (const reader of readers) {
        const mails = smtp.received.filter((mail) => mail.to === reader.email);
        expect(mails.length).toBeGreaterThanOrEqual(1);
        expect(new Set(mails.map((mail) => mail.messageId))).toEqual(new Set([idOf.get(reader.email)]));
      }
      const twice = smtp.received.length - 30;
      expect(twice).toBeLessThanOrEqual(beforeRestart - sentBeforeKill);
      expect(smtp.refused).toBe(1);
    },
    40_000,
  );
});
