import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { mailOutbox } from './db/schema.js';
import { openRawClient, waitMs } from './test/raw-socket.js';
import { buildServer, startInstance, type Instance, type ServerBundle } from './test/server-process.js';
import { startTestSmtpServer, type TestSmtpServer } from './test/smtp-server.js';
import { createTestContext, openTestDatabase, type TestContext } from './test/test-app.js';

const BODY = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
const LOGIN_HEAD = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n`;

describe('closing the server', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function listening() {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return { app: ctx.app, port: (ctx.app.server.address() as AddressInfo).port };
  }

  it('is quick after a request the client abandoned half-sent', async () => {
    const { app, port } = await listening();
    const client = await openRawClient(port);
    client.socket.write(LOGIN_HEAD + BODY.slice(0, 10));
    await waitMs(300);
    client.socket.destroy();
    await client.ended;

    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('waits for a request already being received and answers it', async () => {
    const { app, port } = await listening();
    const client = await openRawClient(port);
    client.socket.write(LOGIN_HEAD + BODY.slice(0, 10));
    await waitMs(300);

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await waitMs(300);
    expect(closed).toBe(false);
    client.socket.write(BODY.slice(10));
    const { received } = await client.ended;
    await closing;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toContain('"code":"UNAUTHORIZED"');
  });
});

// Two processes on one database: PostgreSQL only (CI runs the server suite against it).
describe.skipIf(!process.env.TEST_DATABASE_URL)('stopping an instance while the outbox is long', () => {
  const DRAIN_MS = 1_000;
  const SHUTDOWN_DEADLINE_MS = 10_000;
  const MAILS = 200;
  let bundle: ServerBundle;
  let database: Database;
  let drop = async () => {};
  let smtp: TestSmtpServer;
  let instances: Instance[] = [];

  beforeAll(async () => {
    let url: string | undefined;
    [bundle, { database, url, drop }, smtp] = await Promise.all([
      buildServer(),
      openTestDatabase(),
      startTestSmtpServer(),
    ]);
    // A slow SMTP server: sending the whole outbox takes each instance far longer than the deadline.
    smtp.delayEach(150);
    await database.db.insert(mailOutbox).values(
      Array.from({ length: MAILS }, (_, n) => ({
        kind: 'approved',
        toAddress: `reader${n}@example.com`,
        subject: `Message ${n}`,
        textBody: `Plain text ${n}\n`,
        htmlBody: `<p>HTML ${n}</p>`,
      })),
    );
    const env = {
      DATABASE_URL: url!,
      JWT_SECRET: 'a shared secret of at least thirty-two characters',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://news.example',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    instances = await Promise.all([startInstance(bundle.script, env), startInstance(bundle.script, env)]);
  }, 90_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    await drop();
    bundle?.remove();
  });

  it('exits within its deadline on SIGTERM; the other instance sends the rest, each message once', async () => {
    const [leaving, staying] = instances as [Instance, Instance];
    await smtp.waitFor(10);
    const signalled = Date.now();
    const exited = once(leaving.child, 'exit');
    leaving.child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code, leaving.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS + SHUTDOWN_DEADLINE_MS);
    const sentByThen = smtp.received.length;
    expect(sentByThen).toBeLessThan(MAILS / 2);

    smtp.delayEach(0);
    const received = await smtp.waitFor(MAILS, 60_000);
    await waitMs(500);
    expect(smtp.received).toHaveLength(MAILS);
    expect(new Set(received.map((mail) => mail.to)).size).toBe(MAILS);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.sentAt === null)).toEqual([]);
    expect(staying.child.exitCode).toBeNull();
  }, 90_000);
});
