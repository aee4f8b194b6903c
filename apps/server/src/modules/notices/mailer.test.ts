import { eq } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { bearer, signedInUser } from '../../test/http.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createTestContext, openTestDatabase, type TestContext } from '../../test/test-app.js';
import { createMailer, type Mailer, type MailerOptions } from './mailer.js';

const log = pino({ level: 'silent' });
const FROM = 'The Daily Dispatch <news@example.com>';
const PUBLIC_URL = 'https://news.example';
const WORKER_SCRIPT = fileURLToPath(new URL('../../test/mail-worker-process.ts', import.meta.url));

describe('the mail outbox', () => {
  let database: Database;
  let databaseUrl: string | undefined;
  let drop: () => Promise<void>;
  let smtp: TestSmtpServer;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    ({ database, url: databaseUrl, drop } = await openTestDatabase());
  });
  afterAll(() => drop());
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
    await database.db.delete(mailOutbox);
  });
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((mailer) => mailer.stop()));
    await smtp.close();
  });

  const mailer = (options: Partial<MailerOptions> = {}) => {
    const created = createMailer(database.db, { smtpUrl: smtp.url, from: FROM }, PUBLIC_URL, log, {
      retryBaseMs: 50,
      leaseMs: 10_000,
      ...options,
    });
    mailers.push(created);
    return created;
  };
  const enqueue = async (count: number) => {
    const rows = await database.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: count }, (_, n) => ({
          kind: 'approved',
          toAddress: `reader${n}@example.com`,
          subject: `Message ${n}`,
          textBody: `Plain text ${n}\n`,
          htmlBody: `<p>HTML ${n}</p>`,
          unsubscribeUrl: `${PUBLIC_URL}/unsubscribe?token=t${n}`,
        })),
      )
      .returning({ id: mailOutbox.id });
    return rows.map((row) => row.id);
  };
  const outbox = () => database.db.select().from(mailOutbox);
  /** Runs rounds until nothing is left to send or the deadline passes (a retry waits for its delay). */
  const drain = async (worker: Mailer, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while ((await outbox()).some((row) => !row.sentAt && !row.failedAt) && Date.now() < deadline) {
      await worker.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('sends each message once, with its text and HTML bodies, a stable Message-ID and its unsubscribe link', async () => {
    const ids = await enqueue(3);
    expect(await mailer().deliverDue()).toBe(3);
    const received = await smtp.waitFor(3);
    expect(received.map((mail) => mail.subject).sort()).toEqual(['Message 0', 'Message 1', 'Message 2']);
    const first = received.find((mail) => mail.subject === 'Message 0')!;
    expect(first.to).toBe('reader0@example.com');
    expect(first.text).toContain('Plain text 0');
    expect(first.html).toContain('<p>HTML 0</p>');
    expect(first.listUnsubscribe).toContain(`${PUBLIC_URL}/unsubscribe?token=t0`);
    expect(received.map((mail) => mail.messageId).sort()).toEqual(ids.map((id) => `<${id}@news.example>`).sort());
    const rows = await outbox();
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1 && row.lockedUntil === null)).toBe(true);
    // Nothing is due any more: a second round sends nothing.
    expect(await mailer().deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it('retries a message the server refuses, with a growing delay, and delivers it once', async () => {
    const [id] = await enqueue(1);
    smtp.refuseNext(2);
    const worker = mailer({ retryBaseMs: 1_000 });
    expect(await worker.deliverDue()).toBe(0);
    const [afterFirst] = await outbox();
    expect(afterFirst).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(afterFirst?.lastError).toContain('451');
    // Not due again before its delay.
    expect(await worker.deliverDue()).toBe(0);
    expect((await outbox())[0]?.attempts).toBe(1);

    await drain(worker, 15_000);
    const received = await smtp.waitFor(1);
    expect(smtp.refused).toBe(2);
    expect(received).toHaveLength(1);
    expect(received[0]?.messageId).toBe(`<${id}@news.example>`);
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    expect(row?.sentAt).not.toBeNull();
  });

  it('keeps the messages while the SMTP server is down and sends them when it is back', async () => {
    await enqueue(2);
    const down = createMailer(database.db, { smtpUrl: 'smtp://127.0.0.1:1', from: FROM }, PUBLIC_URL, log, {
      retryBaseMs: 50,
    });
    mailers.push(down);
    expect(await down.deliverDue()).toBe(0);
    const rows = await outbox();
    expect(rows.every((row) => row.attempts === 1 && row.sentAt === null && row.lastError)).toBe(true);
    await drain(mailer());
    expect(await smtp.waitFor(2)).toHaveLength(2);
  });

  it('gives up after the last attempt and keeps the row, marked failed', async () => {
    await enqueue(1);
    smtp.refuseNext(10);
    await drain(mailer({ maxAttempts: 3, retryBaseMs: 10 }));
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 3, sentAt: null });
    expect(row?.failedAt).not.toBeNull();
    expect(smtp.received).toHaveLength(0);
  });

  it('sends every message exactly once when two workers share the outbox', async () => {
    const ids = await enqueue(40);
    const [a, b] = [mailer({ batchSize: 3 }), mailer({ batchSize: 3 })];
    const [sentByA, sentByB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sentByA + sentByB).toBe(40);
    const received = await smtp.waitFor(40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(40);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(40);
    expect(new Set(received.map((mail) => mail.messageId))).toEqual(new Set(ids.map((id) => `<${id}@news.example>`)));
    if (databaseUrl) {
      // On PostgreSQL the two really ran side by side: each sent some.
      expect(sentByA).toBeGreaterThan(0);
      expect(sentByB).toBeGreaterThan(0);
    }
  });

  it('hands back only the claims still its own when stopped: rows another worker took after its lease ran out stay theirs', async () => {
    await enqueue(3);
    const otherSmtp = await startTestSmtpServer();
    let otherRound: Promise<number> | undefined;
    try {
      const stopping = new AbortController();
      const slowHeld = smtp.holdNext();
      const slow = mailer({ leaseMs: 200 }).deliverDue(stopping.signal);
      await slowHeld;
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The slow worker's lease ran out mid-send: another takes all three and is sending the first.
      const otherHeld = otherSmtp.holdNext();
      const other = createMailer(database.db, { smtpUrl: otherSmtp.url, from: FROM }, PUBLIC_URL, log, {
        leaseMs: 60_000,
      });
      mailers.push(other);
      otherRound = other.deliverDue();
      await otherHeld;

      stopping.abort();
      smtp.release();
      expect(await slow).toBe(1);
      // The two it had not started are still the other worker's claim.
      const unsent = (await outbox()).filter((row) => row.sentAt === null);
      expect(unsent).toHaveLength(2);
      expect(unsent.every((row) => row.lockedUntil !== null && row.attempts === 2)).toBe(true);
    } finally {
      otherSmtp.release();
      await otherRound;
      await otherSmtp.close();
    }
  });

  // Another process needs the database over the network: PostgreSQL only (CI runs this file against it).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'loses nothing and sends nothing twice when the sending process is killed mid-send',
    async () => {
      const ids = await enqueue(10);
      const held = smtp.holdNext();
      const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
        env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, LEASE_MS: '1500' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        await held;
        // The first message is on the wire, unanswered; the worker holds a claim on the whole batch.
        expect((await outbox()).filter((row) => row.lockedUntil !== null).length).toBe(10);
        child.kill('SIGKILL');
        await once(child, 'exit');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      // The SMTP server notices the dropped connection; the held message was never accepted.
      await new Promise((resolve) => setTimeout(resolve, 300));
      smtp.release();
      expect((await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids[0]!)))[0]?.sentAt).toBeNull();

      // Another instance takes over once the dead one's claim has run out.
      await drain(mailer(), 15_000);
      const received = await smtp.waitFor(10);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.received).toHaveLength(10);
      expect(new Set(received.map((mail) => mail.messageId))).toEqual(new Set(ids.map((id) => `<${id}@news.example>`)));
      expect(smtp.refused).toBe(1);
      expect((await outbox()).every((row) => row.sentAt !== null)).toBe(true);
    },
    30_000,
  );
});

describe('the outbox on the test clock', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ env: { TEST_CLOCK: 'true', SMTP_URL: smtp.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('sends a message written after the clock was moved forward', async () => {
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-clock',
      headers: bearer(admin.token),
      payload: { advanceMinutes: 30 * 24 * 60 },
    });
    expect(moved.statusCode).toBe(200);
    const subscribed = await ctx.app.inject({
      method: 'POST',
      url: '/api/brief/subscribe',
      payload: { hour: 7, timeZone: 'Europe/Warsaw', email: 'later.reader@example.com' },
    });
    expect(subscribed.statusCode).toBe(200);

    // As server.ts builds it: on the app's clock.
    const worker = createMailer(ctx.database.db, ctx.config.mail!, PUBLIC_URL, log, {}, ctx.app.clock);
    try {
      expect(await worker.deliverDue()).toBe(1);
    } finally {
      await worker.stop();
    }
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toBe('later.reader@example.com');
    const [row] = await ctx.database.db.select().from(mailOutbox);
    expect(row?.sentAt?.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });
});
