import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import type { AppDeps, AppInstance, Clock } from '../app-types.js';
import { loadConfig, type Config } from '../config.js';
import { fromPglite, fromPostgres, openPglite, type Database, type PostgresTimeouts } from '../db/client.js';
import { createImageStore, type ImageStore } from '../modules/uploads/image-store.js';
import { createResponseCache } from '../plugins/response-cache.js';
import type { ViewerCache } from '../app-types.js';
import { createViewerCache } from '../plugins/viewer-cache.js';
import { databaseUrlFor, ignoreIdleErrors } from './postgres.js';

export interface TestContext {
  app: AppInstance;
  database: Database;
  images: ImageStore;
  config: Config;
  viewers: ViewerCache;
  /** What the server's own rounds (the renewal job) are given: the app's collaborators, on the test's clock. */
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'cache' | 'viewers' | 'notifier'>;
  /** Rows written straight to the database bypass the services: drop the cached answers. */
  changed(): Promise<void>;
  /** Moves the server's clock; starts at the real time. */
  clock: { now: Date; set(date: Date): void; advance(ms: number): void };
  close(): Promise<void>;
}

/** A fresh, migrated database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export async function openTestDatabase(
  timeouts?: PostgresTimeouts,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await openPglite({ loadDataDir: new Blob([inject('pgliteDump')]) });
    const database = fromPglite(client);
    return { database, drop: () => database.close() };
  }
  const name = `dispatch_test_${randomBytes(6).toString('hex')}`;
  const admin = fromPostgres(serverUrl, 1, ignoreIdleErrors);
  await admin.db.execute(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = databaseUrlFor(serverUrl, name);
  const database = fromPostgres(url, 20, ignoreIdleErrors, timeouts);
  return {
    database,
    url,
    async drop() {
      await database.close();
      await admin.db.execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

export async function createTestContext(
  options: {
    env?: Record<string, string>;
    webDir?: string;
    payments?: BuildAppOptions['payments'];
    /** Where the app logs, at LOG_LEVEL (pass it in `env`); silent without. */
    logStream?: DestinationStream;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
  const { database, drop } = await openTestDatabase({
    statementMs: config.timeouts.statementMs,
    connectMs: config.timeouts.databaseConnectMs,
  });
  const images = createImageStore(config.uploadsDir);
  const clock = {
    now: new Date(),
    set(date: Date) {
      clock.now = date;
    },
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const now: Clock = () => clock.now;
  const cache = createResponseCache({ maxBytes: config.responseCacheMaxBytes, now: () => clock.now.getTime() });
  const viewers = createViewerCache({ now: () => clock.now.getTime() });
  const app = await buildApp({
    config,
    db: database.db,
    images,
    clock: now,
    logger: options.logStream ? { stream: options.logStream } : false,
    webDir: options.webDir ?? path.join(dataDir, 'no-web-app'),
    payments: options.payments,
    cache,
    viewers,
  });
  await app.ready();
  return {
    app,
    database,
    images,
    config,
    viewers,
    deps: { db: database.db, clock: now, config, cache, viewers, notifier: app.notifier },
    clock,
    async changed() {
      await cache.invalidate('catalogue');
      await cache.invalidate('users');
      await cache.invalidate('plans');
      await cache.invalidate('settings');
      viewers.clear();
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TwoInstances {
  /** Two apps, each with its own connection pool, sharing one PostgreSQL database and one Redis. */
  apps: [AppInstance, AppInstance];
  /** The shared database, for fixtures written behind the services. */
  db: Database['db'];
  close(): Promise<void>;
}

/**
 * Two instances of the site as production runs them behind a load balancer: a fresh PostgreSQL database
 * (TEST_DATABASE_URL) and the Redis at `redisUrl`, with the same secret and data folder.
 */
export async function openTwoInstances(redisUrl: string, env: Record<string, string> = {}): Promise<TwoInstances> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-two-'));
  const test = await openTestDatabase();
  const url = test.url!;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl,
    DATABASE_URL: url,
    JWT_SECRET: 'a shared secret of at least thirty-two characters',
    ...env,
  });
  const images = createImageStore(config.uploadsDir);
  const instances = await Promise.all(
    [1, 2].map(async () => {
      const database = fromPostgres(url, 5, ignoreIdleErrors);
      const app = await buildApp({ config, db: database.db, images, logger: false, webDir: dataDir });
      await app.ready();
      return { app, close: async () => (await app.close(), await database.close()) };
    }),
  );
  return {
    apps: instances.map((instance) => instance.app) as [AppInstance, AppInstance],
    db: test.database.db,
    async close() {
      await Promise.all(instances.map((instance) => instance.close()));
      await test.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
