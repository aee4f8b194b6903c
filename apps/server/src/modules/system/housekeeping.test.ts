import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCKS } from '../../db/locks.js';
import { articleReaderDays, mailOutbox, sessions } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser, makeImage } from '../../test/fixtures.js';
import { pngBytes } from '../../test/http.js';
import { openTestDatabase } from '../../test/test-app.js';
import { createImageStore } from '../uploads/image-store.js';
import { startHousekeeping, sweep } from './housekeeping.js';
import { HOUR_MS } from '@dispatch/shared';

describe('housekeeping', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-housekeeping-'));
  const images = createImageStore(path.join(dir, 'uploads'));
  const log = pino({ level: 'silent' });
  const now = new Date();
  const clock = () => now;
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  const db = () => test.database.db;

  beforeEach(async () => {
    await test?.drop();
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const filesOf = (url: string) => {
    const hash = path.basename(url, '.webp');
    return readdirSync(images.dir).filter((name) => name.startsWith(hash));
  };
  /** Makes every file of an image look written `hours` ago. */
  const age = (url: string, hours: number) => {
    const then = new Date(now.getTime() - hours * HOUR_MS);
    for (const name of filesOf(url)) utimesSync(path.join(images.dir, name), then, then);
  };
  let shade = 0;
  const newImage = () => makeImage(images, { r: 10, g: 20 + (shade += 1), b: 30 });

  it('removes an upload nobody has used for a day and keeps those in use or still fresh', async () => {
    const [photo, logo, articleImage, abandoned, fresh] = await Promise.all([1, 2, 3, 4, 5].map(() => newImage()));
    for (const url of [photo!, logo!, articleImage!, abandoned!]) age(url, 25);
    age(fresh!, 23);
    const author = await insertUser(db(), { profilePic: photo! });
    const publisher = await insertPublisher(db(), { logo: logo! });
    await insertArticle(db(), { publisherId: publisher.id, authorId: author.id }, { image: articleImage! });

    expect(await sweep({ db: db(), images, clock })).toEqual({
      swept: true,
      sessions: 0,
      images: 1,
      funnelEvents: 0,
      mails: 0,
      hourlyViews: 0,
      readerDays: 0,
    });

    expect(filesOf(abandoned!)).toEqual([]);
    expect(await images.owns(abandoned!)).toBe(false);
    for (const kept of [photo!, logo!, articleImage!, fresh!]) {
      expect(await images.owns(kept)).toBe(true);
      expect(filesOf(kept)).toHaveLength(4);
    }
  });

  it('keeps an old unused upload that was uploaded again, since a form is about to use it', async () => {
    const bytes = await pngBytes(50, 40, '#123456');
    const { url } = await images.save(bytes);
    age(url, 48);
    expect((await images.save(bytes)).created).toBe(false);
    await sweep({ db: db(), images, clock });
    expect(await images.owns(url)).toBe(true);
  });

  it('removes expired sessions and keeps live ones', async () => {
    const user = await insertUser(db());
    await db()
      .insert(sessions)
      .values([
        { userId: user.id, expiresAt: new Date(now.getTime() - HOUR_MS) },
        { userId: user.id, expiresAt: new Date(now.getTime() - 1) },
        { userId: user.id, expiresAt: new Date(now.getTime() + HOUR_MS) },
      ]);
    expect(await sweep({ db: db(), images, clock })).toMatchObject({ swept: true, sessions: 2 });
    const left = await db().select().from(sessions);
    expect(left.map((session) => session.expiresAt.getTime())).toEqual([now.getTime() + HOUR_MS]);
  });

  it('removes e-mails sent over a month ago and given up on over three months ago; keeps the rest', async () => {
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR_MS);
    const mail = (subject: string, state: Partial<typeof mailOutbox.$inferInsert>) => ({
      kind: 'welcome',
      toAddress: 'reader@example.com',
      subject,
      textBody: 'Welcome',
      htmlBody: '<p>Welcome</p>',
      ...state,
    });
    await db()
      .insert(mailOutbox)
      .values([
        mail('sent long ago', { sentAt: daysAgo(31) }),
        mail('sent recently', { sentAt: daysAgo(29) }),
        mail('failed long ago', { failedAt: daysAgo(91) }),
        mail('failed recently', { failedAt: daysAgo(31) }),
        mail('waiting', { createdAt: daysAgo(40), nextAttemptAt: daysAgo(1) }),
      ]);
    expect(await sweep({ db: db(), images, clock })).toMatchObject({ swept: true, mails: 2 });
    const left = await db().select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(left.map((row) => row.subject).sort()).toEqual(['failed recently', 'sent recently', 'waiting']);
  });

  it("removes who read what on days before yesterday (UTC): trending's count only asks about today", async () => {
    const author = await insertUser(db());
    const publisher = await insertPublisher(db());
    const { id: articleId } = await insertArticle(db(), { publisherId: publisher.id, authorId: author.id });
    const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 24 * HOUR_MS).toISOString().slice(0, 10);
    await db()
      .insert(articleReaderDays)
      .values([2, 1, 0].map((daysAgo) => ({ day: day(daysAgo), articleId, reader: author.id })));
    expect(await sweep({ db: db(), images, clock })).toMatchObject({ swept: true, readerDays: 1 });
    const left = await db().select({ day: articleReaderDays.day }).from(articleReaderDays);
    expect(left.map((row) => row.day).sort()).toEqual([day(1), day(0)]);
  });

  it('sweeps on its interval until stopped', async () => {
    const abandoned = await newImage();
    age(abandoned, 30);
    const housekeeping = startHousekeeping({ db: db(), images, clock }, 50, log);
    try {
      await expect.poll(() => images.owns(abandoned), { timeout: 5_000, interval: 25 }).toBe(false);
    } finally {
      await housekeeping.stop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('leaves the round to another instance that is sweeping', async () => {
    const abandoned = await newImage();
    age(abandoned, 30);
    const other = new pg.Client({ connectionString: test.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [LOCKS.sweep]);
      expect(await sweep({ db: db(), images, clock })).toEqual({ swept: false });
      expect(await images.owns(abandoned)).toBe(true);
      await other.query('rollback');
    } finally {
      await other.end();
    }
    expect(await sweep({ db: db(), images, clock })).toMatchObject({ swept: true, images: 1 });
  });
});
