import { ARTICLE_STATUSES, TAGS } from '@dispatch/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { fromPostgres, type Db } from '../db/client.js';
import { articleRevisions, articles, moderationActions, publishers, sessions, users } from '../db/schema.js';
import { verifyPassword } from '../modules/auth/password.js';
import { createImageStore } from '../modules/uploads/image-store.js';
import { createViewerCache } from '../plugins/viewer-cache.js';
import { ignoreIdleErrors } from '../test/postgres.js';
import { openTestDatabase } from '../test/test-app.js';
import { DEMO_ARTICLES, DEMO_PUBLISHERS, DEMO_READERS } from './demo-content.js';
import { demoAccountsBanner } from './demo-banner.js';
import { ensureAdmin, seedDemoContent } from './seed.js';

// Generating and encoding the demo images takes a while on a busy machine.
describe('demo content and the admin account', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-seed-'));
  const images = createImageStore(path.join(dir, 'uploads'));
  const log = pino({ level: 'silent' });
  const viewers = createViewerCache();
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  const db = () => test.database.db;
  const now = new Date();

  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills an empty database with publishers, articles of every tag and status, and readers', async () => {
    await seedDemoContent(db(), images, now, log);
    const publisherRows = await db().select().from(publishers);
    const articleRows = await db().select().from(articles);
    expect(publisherRows.length).toBeGreaterThanOrEqual(6);
    expect(articleRows.length).toBeGreaterThanOrEqual(40);
    for (const publisher of publisherRows) {
      expect(articleRows.some((article) => article.publisherId === publisher.id)).toBe(true);
      expect(await images.owns(publisher.logo)).toBe(true);
    }
    for (const tag of TAGS) expect(articleRows.some((article) => article.tags.includes(tag))).toBe(true);
    for (const status of ARTICLE_STATUSES) expect(articleRows.some((article) => article.status === status)).toBe(true);
    expect(articleRows.filter((article) => article.isPremium && article.status === 'approved').length).toBeGreaterThan(
      3,
    );
    expect(new Set(articleRows.map((article) => article.views)).size).toBeGreaterThan(20);
    expect(new Set(articleRows.map((article) => article.createdAt.toDateString())).size).toBeGreaterThan(20);
    expect(await images.owns(articleRows[0]!.image)).toBe(true);

    const subscriber = DEMO_READERS.find((reader) => reader.premiumDays > 0)!;
    const [row] = await db().select().from(users).where(eq(users.email, subscriber.email));
    expect(row!.premiumUntil!.getTime()).toBeGreaterThan(now.getTime());
    expect(await verifyPassword(row!.passwordHash!, subscriber.password)).toBe(true);
  });

  it('adds nothing the second time', async () => {
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(articles)
      )[0]!.n;
    const before = await count();
    await seedDemoContent(db(), images, now, log);
    expect(await count()).toBe(before);
  });

  it('creates a generated admin once and prints its credentials', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const config = loadConfig({ DATA_DIR: dir });
    await ensureAdmin(db(), images, config, log, viewers);
    await ensureAdmin(db(), images, config, log, viewers);
    const admins = await db().select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(print).toHaveBeenCalledTimes(1);
    const password = /password: (\S+)/.exec(String(print.mock.calls[0]![0]))![1]!;
    expect(await verifyPassword(admins[0]!.passwordHash!, password)).toBe(true);
    print.mockRestore();
  });

  it('promotes ADMIN_EMAIL in any letter case and sets its password', async () => {
    const reader = DEMO_READERS[0];
    const config = loadConfig({
      DATA_DIR: dir,
      ADMIN_EMAIL: reader.email.toUpperCase(),
      ADMIN_PASSWORD: 'New-Passw0rd!',
    });
    await ensureAdmin(db(), images, config, log, viewers);
    const [row] = await db().select().from(users).where(eq(users.email, reader.email));
    expect(row!.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash!, 'New-Passw0rd!')).toBe(true);
  });

  it("keeps the admin's sessions while ADMIN_PASSWORD stays, and ends them when it changes", async () => {
    const reader = DEMO_READERS[0];
    const settings = { DATA_DIR: dir, ADMIN_EMAIL: reader.email };
    const [admin] = await db().select().from(users).where(eq(users.email, reader.email));
    await db()
      .insert(sessions)
      .values({ userId: admin!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const openSessions = async () => (await db().select().from(sessions).where(eq(sessions.userId, admin!.id))).length;

    await ensureAdmin(db(), images, loadConfig({ ...settings, ADMIN_PASSWORD: 'New-Passw0rd!' }), log, viewers);
    expect(await openSessions()).toBe(1);

    await ensureAdmin(db(), images, loadConfig({ ...settings, ADMIN_PASSWORD: 'Changed-Passw0rd!' }), log, viewers);
    expect(await openSessions()).toBe(0);
    const [row] = await db().select().from(users).where(eq(users.id, admin!.id));
    expect(await verifyPassword(row!.passwordHash!, 'Changed-Passw0rd!')).toBe(true);
    expect(row!.role).toBe('admin');
  });
});

describe('demo content on a site that already has its admin', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-seed-'));
  const images = createImageStore(path.join(dir, 'uploads'));
  const log = pino({ level: 'silent' });
  const viewers = createViewerCache();
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows every approved and declined article as that admin's decision, with a record of it", async () => {
    const db = test.database.db;
    const config = loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'Chief#2026' });
    await ensureAdmin(db, images, config, log, viewers);
    await seedDemoContent(db, images, new Date(), log);
    const [admin] = await db.select().from(users).where(eq(users.email, 'chief@example.com'));
    const articleRows = await db.select().from(articles);
    const records = await db.select().from(moderationActions);

    for (const article of articleRows) {
      const recorded = records.filter((record) => record.articleId === article.id).map((record) => record.action);
      if (article.status === 'pending') {
        expect(article.decidedById).toBeNull();
        expect(recorded).toEqual([]);
        continue;
      }
      expect(article.decidedById).toBe(admin!.id);
      expect(article.decidedAt!.getTime()).toBeGreaterThan(article.createdAt.getTime());
      const expected =
        article.status === 'declined'
          ? ['decline']
          : article.status === 'changes_requested'
            ? ['request-changes']
            : article.isPremium
              ? ['approve', 'premium']
              : ['approve'];
      expect(recorded.sort()).toEqual(expected);
    }
    // Each demo article's text is its first revision; the changes-requested one was reviewed in it.
    const revisions = await db.select().from(articleRevisions);
    for (const article of articleRows) {
      const own = revisions.filter((revision) => revision.articleId === article.id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ title: article.title, description: article.description });
      if (article.status === 'changes_requested') expect(article.reviewedRevisionId).toBe(own[0]!.id);
    }
    const declineRecord = records.find((record) => record.action === 'decline' && record.detail);
    expect(articleRows.find((article) => article.id === declineRecord!.articleId)!.declineReason).toBe(
      declineRecord!.detail,
    );
  });
});

describe('two instances starting together on an empty database', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-seed-'));
  const images = createImageStore(path.join(dir, 'uploads'));
  const log = pino({ level: 'silent' });
  const viewers = createViewerCache();
  const config = loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'Chief#2026' });
  const start = async (db: Db) => {
    await ensureAdmin(db, images, config, log, viewers);
    await seedDemoContent(db, images, new Date(), log);
  };
  let test: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function expectSeededOnce(db: Db) {
    const admins = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((admin) => admin.email)).toEqual(['chief@example.com']);
    expect(await db.$count(publishers)).toBe(DEMO_PUBLISHERS.length);
    expect(await db.$count(articles)).toBe(DEMO_ARTICLES.length);
    expect(
      await db.$count(
        users,
        inArray(
          users.email,
          DEMO_READERS.map((reader) => reader.email),
        ),
      ),
    ).toBe(DEMO_READERS.length);
  }

  it('both start on one database, with one admin and the demo content once', async () => {
    test = await openTestDatabase();
    const db = test.database.db;
    await Promise.all([start(db), start(db)]);
    await expectSeededOnce(db);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('both start on PostgreSQL through their own connections', async () => {
    test = await openTestDatabase();
    const other = fromPostgres(test.url!, 5, ignoreIdleErrors);
    try {
      await Promise.all([start(test.database.db), start(other.db)]);
    } finally {
      await other.close();
    }
    await expectSeededOnce(test.database.db);
  });

  it('without ADMIN_EMAIL, both start with one generated admin whose password is printed once', async () => {
    test = await openTestDatabase();
    const db = test.database.db;
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const generated = loadConfig({ DATA_DIR: dir });
    await Promise.all([
      ensureAdmin(db, images, generated, log, viewers),
      ensureAdmin(db, images, generated, log, viewers),
    ]);
    expect(await db.$count(users, eq(users.role, 'admin'))).toBe(1);
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });
});

describe('the start-up banner while demo content is on', () => {
  it('names every demo reader with its password and says how to turn them off', () => {
    const banner = demoAccountsBanner();
    const lines = banner.split('\n');
    for (const reader of DEMO_READERS) {
      expect(lines.some((line) => line.includes(reader.email) && line.includes(reader.password))).toBe(true);
    }
    expect(banner).toContain('Their passwords are public');
    expect(banner).toContain('SEED_DEMO=false');
  });
});
