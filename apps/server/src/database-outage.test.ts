import { UNAVAILABLE_TEXT } from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { AppInstance } from './app-types.js';
import { loadConfig } from './config.js';
import { fromPostgres, type Database } from './db/client.js';
import { sweep } from './modules/system/housekeeping.js';
import { createImageStore } from './modules/uploads/image-store.js';
import { causesOf, isDatabaseUnavailable } from './plugins/database-errors.js';
import { createResponseCache } from './plugins/response-cache.js';
import { createViewerCache } from './plugins/viewer-cache.js';
import { insertArticle, insertPublisher, insertUser } from './test/fixtures.js';
import { bearer, PASSWORD, passwordHashOf } from './test/http.js';
import { ignoreIdleErrors } from './test/postgres.js';
import { writeStubWebApp } from './test/stub-web-app.js';
import { startTcpProxy, type ProxyMode, type TcpProxy } from './test/tcp-proxy.js';
import { openTestDatabase } from './test/test-app.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const STATEMENT_MS = 1_000;
/** What the issue asks of every request on a database that is down: 503 within the statement timeout + 1 s. */
const BOUND_MS = STATEMENT_MS + 1_000;

/** The pool's own lines (unreachable, answering again): the tests check what requests get. */
const quiet = { warn: () => {}, info: () => {} };

const proxyFor = (url: string) => {
  const { hostname, port } = new URL(url);
  return startTcpProxy({ host: hostname, port: Number(port || 5432) });
};

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

describe.runIf(serverUrl).each<ProxyMode>(['stopped', 'frozen'])('a database that is %s', (mode) => {
  let root: string;
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let app: AppInstance;
  let now = Date.now();
  let articleId: string;
  let token: string;
  let pageCookie: string;
  const warmed: Record<string, string> = {};
  const logged: { msg: string }[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-outage-'));
    test = await openTestDatabase();
    proxy = await proxyFor(serverUrl!);
    const config = loadConfig({
      DATA_DIR: root,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
    });
    database = fromPostgres(
      proxy.urlFor(test.url!),
      20,
      ignoreIdleErrors,
      {
        statementMs: config.timeouts.statementMs,
        connectMs: config.timeouts.databaseConnectMs,
      },
      quiet,
    );
    const clock = () => new Date(now);
    app = await buildApp({
      config,
      db: database.db,
      clock,
      logger: { stream: { write: (line: string) => void logged.push(JSON.parse(line) as { msg: string }) } },
      webDir: writeStubWebApp(root),
      cache: createResponseCache({ maxBytes: 1024 * 1024, now: () => now }),
      viewers: createViewerCache({ now: () => now }),
    });
    await app.ready();
    const publisherId = (await insertPublisher(test.database.db, { name: 'Outage Gazette' })).id;
    const authorId = (await insertUser(test.database.db)).id;
    articleId = (await insertArticle(test.database.db, { publisherId, authorId }, { title: 'Before the outage' })).id;
    const user = await insertUser(test.database.db, { passwordHash: await passwordHashOf(PASSWORD) });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    token = login.json<{ token: string }>().token;
    // The page's own credential, whatever the login sets for pages.
    pageCookie = [login.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith('dispatch_page='))!
      .split(';')[0]!;
  });
  afterAll(async () => {
    await proxy.setMode('forward');
    await app.close();
    await database.close();
    await proxy.close();
    await test.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    timed(() => app.inject({ method: 'GET', url, headers }));

  it('sends anonymous pages with stale-if-error=300 while the database answers, so the edge may cover an outage', async () => {
    for (const url of ['/', `/articles/${articleId}`]) {
      const { result } = await get(url);
      expect(result.statusCode, url).toBe(200);
      expect(result.headers['cache-control'], url).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=300',
      );
      warmed[url] = result.body;
    }
    const signedIn = await get('/', { cookie: pageCookie });
    expect(signedIn.result.headers['cache-control']).toBe('private, no-store');
    expect(warmed['/']).toContain('<li>Before the outage</li>');
    expect(warmed[`/articles/${articleId}`]).toContain('<h1>Before the outage</h1>');
  });

  it(`serves a page rendered before the outage as it was, no-store, within ${BOUND_MS} ms`, async () => {
    await proxy.setMode(mode);
    // Past the page cache's and the viewer cache's lifetimes: every answer needs the database again.
    now += 60_000;
    for (const url of ['/', `/articles/${articleId}`]) {
      const { result, ms } = await get(url);
      expect(ms, url).toBeLessThan(BOUND_MS);
      expect(result.statusCode, url).toBe(200);
      expect(result.headers['cache-control'], url).toBe('no-store');
      expect(result.headers.etag, url).toBeUndefined();
      expect(result.body, url).toBe(warmed[url]);
    }
  });

  it('answers a page it never rendered 503 with Retry-After, no-store and a page that says so', async () => {
    const { result, ms } = await get('/articles?search=never+rendered');
    expect(ms).toBeLessThan(BOUND_MS);
    expect(result.statusCode).toBe(503);
    expect(result.headers['retry-after']).toBe('5');
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(result.body).toContain(UNAVAILABLE_TEXT.heading);
    expect(result.body).toContain(UNAVAILABLE_TEXT.body);
    expect(result.body).not.toContain('<ol></ol>');
  });

  it('answers the API 503 with the error shape, anonymous or signed in', async () => {
    const requests = [
      () => app.inject({ method: 'GET', url: '/api/articles/approved?search=outage' }),
      () => app.inject({ method: 'GET', url: `/api/articles/${articleId}/preview` }),
      () => app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) }),
      () => app.inject({ method: 'GET', url: '/api/users/role', headers: bearer(token) }),
      () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'x' } }),
    ];
    for (const request of requests) {
      const { result, ms } = await timed(request);
      expect(ms, result.raw.req.url).toBeLessThan(BOUND_MS);
      expect(result.statusCode, result.raw.req.url).toBe(503);
      expect(result.headers['retry-after']).toBe('5');
      expect(result.headers['cache-control']).toBe('no-store');
      expect(result.json()).toEqual({
        code: 'UNAVAILABLE',
        message: 'The site is busy right now. Please try again in a moment.',
        requestId: expect.any(String),
      });
    }
  });

  it("answers a signed-in reader's page 503, never someone else's copy", async () => {
    const { result, ms } = await get('/', { cookie: pageCookie });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(result.statusCode).toBe(503);
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.body).toContain(UNAVAILABLE_TEXT.heading);
  });

  it('answers 30 requests at once, each within the bound', async () => {
    const urls = ['/', `/articles/${articleId}`, '/articles?search=crowd', '/api/articles/trending', '/api/publishers'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        get(urls[i % urls.length]!, i % 3 ? {} : { authorization: `Bearer ${token}` }),
      ),
    );
    for (const { result, ms } of answers) {
      expect(ms).toBeLessThan(BOUND_MS);
      expect([200, 503]).toContain(result.statusCode);
      expect(result.headers['cache-control']).not.toMatch(/public/);
    }
  });

  it('answers health checks 503 without a log line each: the outage was logged once', async () => {
    await get('/api/health');
    const healthLines = () => logged.filter((line) => line.msg.startsWith('health check')).length;
    const before = healthLines();
    for (let check = 0; check < 5; check += 1) {
      const { result, ms } = await get('/api/health');
      expect(ms).toBeLessThan(BOUND_MS);
      expect(result.statusCode).toBe(503);
    }
    expect(healthLines()).toBe(before);
  });

  it('answers again once the database is back, without a restart', async () => {
    await proxy.setMode('forward');
    const search = async () =>
      (await app.inject({ method: 'GET', url: '/api/articles/approved?search=back' })).statusCode;
    await expect.poll(search, { timeout: 5_000, interval: 100 }).toBe(200);
    const home = await get('/');
    expect(home.result.statusCode).toBe(200);
    expect(home.result.headers['cache-control']).toMatch(/^public, /);
    expect(home.result.body).toContain('<li>Before the outage</li>');
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
    expect(session.statusCode).toBe(200);
  });
});

describe.runIf(serverUrl)('the connection pool in front of a database that stops answering', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-frozen-pool-'));

  beforeAll(async () => {
    test = await openTestDatabase();
    proxy = await proxyFor(serverUrl!);
    // A small pool: connections lost for good would show at once.
    database = fromPostgres(proxy.urlFor(test.url!), 3, ignoreIdleErrors, { statementMs: STATEMENT_MS }, quiet);
  });
  afterAll(async () => {
    await proxy.setMode('forward');
    await database.close();
    await proxy.close();
    await test.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const transactions = (count: number) =>
    Promise.allSettled(
      Array.from({ length: count }, () =>
        timed(() => database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`))),
      ),
    );

  it('gives up on every transaction within the bound and keeps no connection it lost', async () => {
    expect((await transactions(3)).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    await proxy.setMode('frozen');
    const started = Date.now();
    const outcomes = await transactions(6);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(isDatabaseUnavailable(outcome.reason)).toBe(true);
    }
    await proxy.setMode('forward');
    await expect
      .poll(async () => (await transactions(6)).every((o) => o.status === 'fulfilled'), {
        timeout: 5_000,
        interval: 200,
      })
      .toBe(true);
  });

  it('survives the database going away under open transactions', async () => {
    await proxy.setMode('frozen');
    const pending = transactions(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.setMode('stopped');
    const outcomes = await pending;
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    await proxy.setMode('forward');
    await expect
      .poll(async () => (await transactions(3)).every((o) => o.status === 'fulfilled'), {
        timeout: 5_000,
        interval: 200,
      })
      .toBe(true);
  });

  it('lets the housekeeping sweep fail within the bound', async () => {
    await proxy.setMode('frozen');
    const images = createImageStore(path.join(dataDir, 'uploads'));
    const started = Date.now();
    await expect(sweep({ db: database.db, images, clock: () => new Date() })).rejects.toSatisfy(isDatabaseUnavailable);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    await proxy.setMode('forward');
  });
});

describe.runIf(serverUrl)('a new connection slower than the connect timeout', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  const pools: Database[] = [];
  // Two connections at most: one pooled that answers, one new that the proxy holds.
  const openPool = () => {
    const database = fromPostgres(proxy.urlFor(test.url!), 2, ignoreIdleErrors, { statementMs: STATEMENT_MS }, quiet);
    pools.push(database);
    return database;
  };

  beforeAll(async () => {
    test = await openTestDatabase();
    proxy = await proxyFor(serverUrl!);
  });
  afterAll(async () => {
    await proxy.setMode('forward');
    for (const pool of pools) await pool.close();
    await proxy.close();
    await test.drop();
  });

  it('is no outage while a pooled connection answers: no call is refused with a 503', async () => {
    const { db } = openPool();
    await db.execute(sql`select 1`);
    await proxy.setMode('slow-to-connect');
    // Drizzle's queries start when awaited or given a `then`.
    const busy = db.execute(sql`select pg_sleep(0.3)`).then(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The pooled connection is busy: this call opens a new connection, which times out.
    let timedOutAt: number | undefined;
    const slow = db.execute(sql`select 1`).then(
      () => 'answered',
      (error: unknown) => {
        timedOutAt = Date.now();
        return causesOf(error)
          .map((link) => (link as Error).message)
          .join(' / ');
      },
    );
    await busy;
    const refused: unknown[] = [];
    let answered = 0;
    // Calls go to the pooled connection until the new one timed out, and for longer than a probe's interval after.
    while (timedOutAt === undefined || Date.now() - timedOutAt < 700) {
      await db.execute(sql`select 1`).then(
        () => (answered += 1),
        (error: unknown) => refused.push(error),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await slow).toMatch(/Connection terminated due to connection timeout/);
    expect(refused.filter(isDatabaseUnavailable)).toEqual([]);
    expect(answered).toBeGreaterThan(10);
    await proxy.setMode('forward');
  });

  it('is an outage when no connection answers: the next call is refused at once', async () => {
    const { db } = openPool();
    await proxy.setMode('slow-to-connect');
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
    const { result, ms } = await timed(() =>
      db.execute(sql`select 1`).then(
        () => 'answered',
        (error: unknown) => error,
      ),
    );
    expect(isDatabaseUnavailable(result)).toBe(true);
    expect(ms).toBeLessThan(100);
    await proxy.setMode('forward');
  });
});
