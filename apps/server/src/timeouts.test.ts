import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { fromPostgres, queryRows } from './db/client.js';
import { dribble, openRawClient } from './test/raw-socket.js';
import { createTestContext, openTestDatabase, type TestContext } from './test/test-app.js';

const LOGIN_HEAD =
  'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';

describe('a client that sends its request slowly', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('is answered 408 and let go when its body dribbles in past REQUEST_TIMEOUT_MS', async () => {
    const client = await openRawClient(port);
    client.socket.write(LOGIN_HEAD);
    void dribble(client.socket, '{"email":"slow@example.com","password":"x"}'.padEnd(200), 400);
    const { received, afterMs } = await client.ended;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // The deadline plus the one-second interval on which Node checks it.
    expect(afterMs).toBeGreaterThanOrEqual(1900);
    expect(afterMs).toBeLessThan(4000);
  });

  it('is answered 408 when its headers dribble in past HEADERS_TIMEOUT_MS', async () => {
    const client = await openRawClient(port);
    void dribble(client.socket, 'GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: aaaaaaaaaaaa', 300);
    const { received, afterMs } = await client.ended;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(3000);
  });

  it('is still answered when it sends at an ordinary pace', async () => {
    const client = await openRawClient(port);
    client.socket.end('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const { received } = await client.ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('"status":"ok"');
  });
});

describe('a connection that goes quiet', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { CONNECTION_TIMEOUT_MS: '4000', KEEP_ALIVE_TIMEOUT_MS: '1000' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('is closed after CONNECTION_TIMEOUT_MS when it never sends a byte', async () => {
    const client = await openRawClient(port);
    const { received, afterMs } = await client.ended;
    expect(received).toBe('');
    expect(afterMs).toBeGreaterThanOrEqual(3900);
    expect(afterMs).toBeLessThan(6000);
  });

  it('is closed after KEEP_ALIVE_TIMEOUT_MS once its answered request leaves it idle', async () => {
    const client = await openRawClient(port);
    client.socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const { received, afterMs } = await client.ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    // Node allows the keep-alive time plus a second's grace: well before the silent socket's 4 s.
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(3000);
  });
});

describe('a PostgreSQL server that accepts connections and never answers', () => {
  const silent = createServer(() => {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-silent-db-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: ReturnType<typeof fromPostgres>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    database = fromPostgres(`postgres://postgres@127.0.0.1:${port}/test`, 2, () => {}, { connectMs: 300 });
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    app = await buildApp({ config, db: database.db, logger: false, webDir: path.join(dataDir, 'no-web-app') });
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
    silent.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives up on the connection after DATABASE_CONNECT_TIMEOUT_MS and answers 503', async () => {
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/articles/approved?search=silent' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL query that runs too long', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-timeouts-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_STATEMENT_TIMEOUT_MS: '300' });
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    test = await openTestDatabase({ statementMs: config.timeouts.statementMs });
    app = await buildApp({ config, db: test.database.db, logger: false, webDir: path.join(dataDir, 'no-web-app') });
    // A stand-in for any endpoint whose query the database is too slow to answer.
    app.get('/slow-query', async () => {
      await test.database.db.execute(sql`select pg_sleep(3)`);
      return { done: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs every pooled connection with DATABASE_STATEMENT_TIMEOUT_MS as PostgreSQL's statement_timeout", async () => {
    const [row] = await queryRows<{ statement_timeout: string }>(test.database.db, sql`show statement_timeout`);
    expect(row!.statement_timeout).toBe('300ms');
    const [idle] = await queryRows<{ idle_in_transaction_session_timeout: string }>(
      test.database.db,
      sql`show idle_in_transaction_session_timeout`,
    );
    expect(idle!.idle_in_transaction_session_timeout).toBe('300ms');
  });

  it('is cancelled by the database and answered 503, not left hanging', async () => {
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/slow-query' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The site is busy right now. Please try again in a moment.',
    });
  });
});
