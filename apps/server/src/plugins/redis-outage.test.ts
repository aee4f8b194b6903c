import type { ArticlePage } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { AppInstance } from '../app-types.js';
import { loadConfig } from '../config.js';
import { fromPostgres, type Database } from '../db/client.js';
import { articles } from '../db/schema.js';
import { createImageStore } from '../modules/uploads/image-store.js';
import { insertArticle, insertPublisher, insertUser } from '../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../test/http.js';
import { ignoreIdleErrors } from '../test/postgres.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { connectRedis, REDIS_TIMEOUT_MS, type SharedRedis } from './redis.js';
import { openTestDatabase } from '../test/test-app.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Keeps this process's event loop busy, as rendering pages on a loaded CPU does. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // nothing: the loop cannot read any socket meanwhile
  }
}

/** Runs `work` while every turn of the event loop spends longer than a Redis call's bound busy. */
async function onBusyLoop<T>(work: () => Promise<T>): Promise<T> {
  const hog = () => {
    busyFor(REDIS_TIMEOUT_MS + 50);
    next = setImmediate(hog);
  };
  let next = setImmediate(hog);
  try {
    return await work();
  } finally {
    clearImmediate(next);
  }
}

describe.runIf(redisUrl)('Redis calls while the event loop is busy', () => {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  let proxy: TcpProxy;
  let redis: SharedRedis;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    redis = connectRedis(proxy.urlFor(redisUrl!), log);
    await redis.settled();
  });
  afterAll(async () => {
    await redis?.close();
    await proxy?.close();
  });

  it('counts no call a busy loop kept from reading as failed: a healthy Redis stays available', async () => {
    const call = redis.call((client) => client.ping());
    const answers = redis.answers();
    busyFor(REDIS_TIMEOUT_MS * 2);
    expect(await call).toBe('PONG');
    expect(await answers).toBe(true);
    expect(await onBusyLoop(() => Promise.all(Array.from({ length: 5 }, () => redis.answers())))).toEqual(
      Array(5).fill(true),
    );
    expect(redis.available).toBe(true);
    expect(lines.join('')).not.toContain('Redis is unreachable');
  });

  it('still counts a Redis that stopped answering, busy loop or not', async () => {
    await proxy.setMode('frozen');
    const started = performance.now();
    const call = redis.call((client) => client.ping());
    busyFor(REDIS_TIMEOUT_MS / 2);
    await expect(call).rejects.toThrow(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(redis.available).toBe(false);
    expect(await redis.answers()).toBe(false);
    await expect.poll(() => lines.join('')).toContain('Redis is unreachable');
    await proxy.setMode('forward');
    await expect.poll(() => redis.answers(), { timeout: 3_000 }).toBe(true);
  });
});

// In the PostgreSQL + Redis suite only: shown as skipped otherwise.
describe.runIf(serverUrl && redisUrl)('Redis unreachable behind a TCP proxy', () => {
  let proxy: TcpProxy;
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  const pools: Database[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-redis-out-'));
  const logged: { msg: string }[] = [];
  let time = Date.now();
  /** Reaches Redis through the proxy, with a clock the test moves. */
  let app: AppInstance;
  /** Reaches Redis directly: another instance of the same site. */
  let other: AppInstance;
  let reader: { email: string; token: string };
  let admin: string;
  let articleId: string;
  let counted: [string, string];
  // Its own address, so counts other test runs keep in the shared Redis cannot reach its limits.
  const remoteAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

  async function instance(redis: string, withLog: boolean) {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: withLog ? 'info' : 'silent',
      NODE_ENV: 'test',
      DATABASE_URL: test.url!,
      REDIS_URL: redis,
      JWT_SECRET: 'a shared secret of at least thirty-two characters',
      LIMIT_VIEWS_PER_MINUTE: '3',
    });
    const database = fromPostgres(test.url!, 5, ignoreIdleErrors);
    pools.push(database);
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as { msg: string }) };
    const built = await buildApp({
      config,
      db: database.db,
      images: createImageStore(config.uploadsDir),
      clock: () => new Date(time),
      logger: withLog ? { stream } : false,
      webDir: dataDir,
    });
    await built.ready();
    return built;
  }

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    test = await openTestDatabase();
    app = await instance(proxy.urlFor(redisUrl!), true);
    other = await instance(redisUrl!, false);
    const db = test.database.db;
    const publisherId = (await insertPublisher(db, { name: 'Outage Gazette' })).id;
    const authorId = (await insertUser(db)).id;
    articleId = (await insertArticle(db, { publisherId, authorId }, { title: 'Lighthouse keepers in the storm' })).id;
    await insertArticle(db, { publisherId, authorId }, { title: 'Harbour reopens' });
    counted = [
      (await insertArticle(db, { publisherId, authorId }, { title: 'Tide tables' })).id,
      (await insertArticle(db, { publisherId, authorId }, { title: 'Ferry timetable' })).id,
    ];
    const signedIn = await signedInUser(app, db);
    reader = { email: signedIn.user.email, token: signedIn.token };
    admin = (await signedInUser(app, db, { role: 'admin' })).token;
  });

  afterAll(async () => {
    await app?.close();
    await other?.close();
    for (const pool of pools) await pool.close();
    await proxy?.close();
    await test?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function timed(request: InjectOptions) {
    const started = performance.now();
    const response = await app.inject({ remoteAddress, ...request });
    return { response, ms: performance.now() - started };
  }
  const titles = async (target: AppInstance, query = '') =>
    (await target.inject({ method: 'GET', url: `/api/articles/approved${query}` }))
      .json<ArticlePage>()
      .articles.map((article) => article.title);
  const times = (msg: string) => logged.filter((line) => line.msg.startsWith(msg)).length;

  async function waitForHealth(status: string) {
    const health = async () =>
      (await app.inject({ method: 'GET', url: '/api/health' })).json<{ status: string }>().status;
    await expect.poll(health, { timeout: 5_000, interval: 100 }).toBe(status);
  }

  /** Every kind of request answers, none with a 5xx, none after more than a second. */
  async function everythingAnswersQuickly() {
    // A view counts against its limit (3 a minute here), which the phases share: either answer is right.
    const requests: [string, InjectOptions, number | number[]][] = [
      ['search', { method: 'GET', url: '/api/articles/approved?search=lighthouse' }, 200],
      ['login', { method: 'POST', url: '/api/auth/login', payload: { email: reader.email, password: PASSWORD } }, 200],
      [
        'wrong password',
        { method: 'POST', url: '/api/auth/login', payload: { email: reader.email, password: 'no' } },
        401,
      ],
      ['view', { method: 'PATCH', url: `/api/articles/views/${articleId}`, headers: bearer(reader.token) }, [200, 429]],
      ['article', { method: 'GET', url: `/api/articles/${articleId}`, headers: bearer(reader.token) }, 200],
      ['session', { method: 'GET', url: '/api/auth/session', headers: bearer(reader.token) }, 200],
      ['trending', { method: 'GET', url: '/api/articles/trending' }, 200],
      ['publishers', { method: 'GET', url: '/api/publishers' }, 200],
      ['statistics', { method: 'GET', url: '/api/stats/users' }, 200],
      ['feed', { method: 'GET', url: '/rss.xml' }, 200],
    ];
    for (const [name, request, status] of requests) {
      const { response, ms } = await timed(request);
      const allowed = Array.isArray(status) ? status : [status];
      expect({ name, status: response.statusCode }).toEqual({
        name,
        status: allowed.includes(response.statusCode) ? response.statusCode : allowed,
      });
      expect({ name, fast: ms < 1_000 }).toEqual({ name, fast: true });
    }
    const { response, ms } = await timed({ method: 'GET', url: '/api/health' });
    expect(ms).toBeLessThan(1_000);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'degraded', redis: 'unreachable' });
  }

  const view = (target: AppInstance, id: string) =>
    target.inject({ method: 'PATCH', url: `/api/articles/views/${id}`, headers: bearer(reader.token) });

  it('says ok to every health check while the event loop is too busy to read Redis within its bound', async () => {
    const health = () => app.inject({ method: 'GET', url: '/api/health' }).then((response) => response.json());
    const answers = await onBusyLoop(async () => {
      const statuses = [];
      for (let probe = 0; probe < 5; probe += 1) statuses.push(await health());
      return statuses;
    });
    expect(answers).toEqual(Array(5).fill({ status: 'ok' }));
    expect(times('Redis is unreachable')).toBe(0);
  });

  it('shares the limits between instances through Redis', async () => {
    const statuses = [];
    for (const target of [app, other, app, other]) statuses.push((await view(target, counted[0])).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers everything quickly and says it is degraded while Redis refuses connections', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    await proxy.setMode('stopped');
    await everythingAnswersQuickly();
    await everythingAnswersQuickly();
    expect(times('Redis is unreachable')).toBe(1);
  });

  it('keeps the limits while Redis is out, each instance counting on its own', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const started = performance.now();
      statuses.push((await view(app, counted[1])).statusCode);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('starts while Redis is out, and says it is degraded', async () => {
    const started = performance.now();
    const late = await instance(proxy.urlFor(redisUrl!), false);
    try {
      expect(performance.now() - started).toBeLessThan(3_000);
      const health = await late.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ status: 'degraded', redis: 'unreachable' });
      expect((await late.inject({ method: 'GET', url: '/api/articles/trending' })).statusCode).toBe(200);
    } finally {
      await late.close();
    }
  });

  it('serves nothing cached more than 5 s ago while Redis is out', async () => {
    expect(await titles(app)).toContain('Lighthouse keepers in the storm');
    // Taken down behind this instance's back: no instance can tell it while Redis is out.
    await test.database.db.update(articles).set({ status: 'declined' }).where(eq(articles.id, articleId));
    time += 5_001;
    expect(await titles(app)).not.toContain('Lighthouse keepers in the storm');
    await test.database.db.update(articles).set({ status: 'approved' }).where(eq(articles.id, articleId));
  });

  it('is back to normal once Redis answers again, and says so once', async () => {
    await proxy.setMode('forward');
    await waitForHealth('ok');
    expect(times('Redis is reachable again')).toBe(1);
    expect(times('Redis is unreachable')).toBe(1);
    const login = await timed({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: reader.email, password: PASSWORD },
    });
    expect(login.response.statusCode).toBe(200);
  });

  it('answers everything quickly while Redis accepts connections but never answers', async () => {
    await proxy.setMode('frozen');
    // Before any other request: the health check itself finds that Redis stopped answering.
    const health = await timed({ method: 'GET', url: '/api/health' });
    expect(health.ms).toBeLessThan(1_000);
    expect(health.response.json()).toEqual({ status: 'degraded', redis: 'unreachable' });
    await everythingAnswersQuickly();
    await everythingAnswersQuickly();
    expect(times('Redis is unreachable')).toBe(2);
  });

  it('tells the other instances of a takedown made while Redis was out once it is back', async () => {
    expect(await titles(other)).toContain('Harbour reopens');
    const harbour = (await titles(app)).includes('Harbour reopens');
    expect(harbour).toBe(true);
    const id = (await app.inject({ method: 'GET', url: '/api/articles/approved?search=harbour' }))
      .json<ArticlePage>()
      .articles.find((article) => article.title === 'Harbour reopens')!._id;
    const removed = await timed({ method: 'DELETE', url: `/api/articles/${id}`, headers: bearer(admin) });
    expect(removed.response.statusCode).toBe(200);
    expect(removed.ms).toBeLessThan(1_000);
    expect(await titles(app)).not.toContain('Harbour reopens');

    await proxy.setMode('forward');
    await waitForHealth('ok');
    expect(times('Redis is reachable again')).toBe(2);
    await expect.poll(() => titles(other), { timeout: 2_000 }).not.toContain('Harbour reopens');
  });
});
