import { sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths.js';
import { describe, expect, it } from 'vitest';
import { databaseUrlFor, ignoreIdleErrors } from '../test/postgres.js';
import { fromPglite, fromPostgres, openPglite, queryRows } from './client.js';

const TABLES = [
  'article_reader_days',
  'article_revisions',
  'article_views_hourly',
  'articles',
  'brief_deliveries',
  'brief_sends',
  'brief_subscriptions',
  'corrections',
  'families',
  'family_invitations',
  'family_members',
  'gift_link_opens',
  'gift_links',
  'mail_outbox',
  'metered_reads',
  'moderation_actions',
  'notifications',
  'payment_intents',
  'paywall_events',
  'plans',
  'premium_article_opens',
  'premium_reminders',
  'processed_webhook_events',
  'publishers',
  'sessions',
  'site_settings',
  'stripe_customers',
  'subscriptions',
  'tag_former_slugs',
  'tags',
  'users',
];

async function tablesOf(db: ReturnType<typeof fromPglite>['db']) {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe('migrations', () => {
  it('build the schema from an empty embedded database, and running them again changes nothing', async () => {
    const database = fromPglite(await openPglite());
    await database.migrate();
    await database.migrate();
    expect(await tablesOf(database.db)).toEqual(TABLES);
    const extensions = await queryRows<{ extname: string }>(database.db, sql`select extname from pg_extension`);
    expect(extensions.map((row) => row.extname)).toContain('pg_trgm');
    await database.close();
  });

  it('folds last_log_in into last_login_at, keeping the later time of each account', async () => {
    const client = await openPglite();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const run = (name: string) => client.exec(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
    const target = files.findIndex((name) => name.startsWith('0005_'));
    for (const name of files.slice(0, target)) await run(name);
    await client.exec(`
      insert into users (name, email, profile_pic, last_login_at, last_log_in) values
        ('Password', 'p@example.com', '/p.webp', '2026-01-02T00:00:00Z', null),
        ('Google', 'g@example.com', '/g.webp', null, '2026-01-03T00:00:00Z'),
        ('Both', 'b@example.com', '/b.webp', '2026-01-01T00:00:00Z', '2026-01-04T00:00:00Z'),
        ('Never', 'n@example.com', '/n.webp', null, null);`);
    await run(files[target]!);
    const { rows } = await client.query<{ email: string; last_login_at: Date | null }>(
      'select email, last_login_at from users order by email',
    );
    expect(rows.map((row) => [row.email, row.last_login_at?.toISOString() ?? null])).toEqual([
      ['b@example.com', '2026-01-04T00:00:00.000Z'],
      ['g@example.com', '2026-01-03T00:00:00.000Z'],
      ['n@example.com', null],
      ['p@example.com', '2026-01-02T00:00:00.000Z'],
    ]);
    await client.close();
  });

  it('gives every article written before revisions its current text as revision 1, by its writer', async () => {
    const client = await openPglite();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const run = (name: string) => client.exec(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
    const target = files.findIndex((name) => name.startsWith('0007_'));
    for (const name of files.slice(0, target)) await run(name);
    await client.exec(`
      insert into users (id, name, email, profile_pic) values
        ('00000000-0000-4000-8000-000000000001', 'Writer', 'w@example.com', '/w.webp');
      insert into publishers (id, name, logo) values ('00000000-0000-4000-8000-000000000002', 'Post', '/l.webp');
      insert into articles (title, image, publisher_id, tags, description, author_id, status, updated_at) values
        ('Old one', '/a.webp', '00000000-0000-4000-8000-000000000002', '{Politics}', 'Text.',
         '00000000-0000-4000-8000-000000000001', 'declined', '2026-01-02T00:00:00Z');`);
    await run(files[target]!);
    const { rows } = await client.query<{ number: number; title: string; author_id: string; created_at: Date }>(
      'select number, title, author_id, created_at from article_revisions',
    );
    expect(rows.map((row) => [row.number, row.title, row.author_id, row.created_at.toISOString()])).toEqual([
      [1, 'Old one', '00000000-0000-4000-8000-000000000001', '2026-01-02T00:00:00.000Z'],
    ]);
    await expect(client.exec(`update articles set status = 'changes_requested'`)).resolves.toBeDefined();
    await client.close();
  });

  it('gives every earlier payment a snapshot of its plan: the seed plan by id, else its own amount and period', async () => {
    const client = await openPglite();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const run = (name: string) => client.exec(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
    const target = files.findIndex((name) => name.startsWith('0022_'));
    for (const name of files.slice(0, target)) await run(name);
    await client.exec(`
      insert into payment_intents (plan_id, amount, currency, provider, client_secret, status, period_start, period_end) values
        ('individual', 30000, 'usd', 'test', 'a', 'succeeded', '2026-01-01T00:00:00Z', '2026-01-06T00:00:00Z'),
        ('gold', 999, 'eur', 'test', 'b', 'succeeded', '2026-01-01T00:00:00Z', '2026-01-01T02:00:00Z'),
        ('gold', 999, 'eur', 'test', 'c', 'requires_payment', null, null);`);
    await run(files[target]!);
    const { rows } = await client.query<{ client_secret: string; plan_snapshot: unknown }>(
      'select client_secret, plan_snapshot from payment_intents order by client_secret',
    );
    expect(rows.map((row) => row.plan_snapshot)).toEqual([
      {
        name: 'Individual Premium',
        amount: 30000,
        currency: 'usd',
        durationMinutes: 7200,
        features: ['Unlimited premium articles', 'No ads', 'Daily news brief by e-mail'],
        premiumArticles: null,
      },
      { name: 'gold', amount: 999, currency: 'eur', durationMinutes: 120, features: [], premiumArticles: null },
      { name: 'gold', amount: 999, currency: 'eur', durationMinutes: 0, features: [], premiumArticles: null },
    ]);
    await expect(
      client.exec(
        `insert into payment_intents (plan_id, amount, currency, provider, client_secret) values ('x', 1, 'usd', 'test', 'd')`,
      ),
    ).rejects.toThrow(/plan_snapshot/);
    await client.close();
  });

  it('renames the premium column to premium_until while the previous build still writes the old one: each write is seen in both', async () => {
    const client = await openPglite();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const run = (name: string) => client.exec(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
    const target = files.findIndex((name) => name.startsWith('0030_'));
    for (const name of files.slice(0, target)) await run(name);
    // The previous build's column: its name is left to drizzle/ alone, so a search for it finds what is left to drop.
    const old = ['premium', 'taken'].join('_');
    await client.exec(`insert into users (name, email, profile_pic, ${old}) values
      ('Before', 'before@example.com', '/b.webp', '2026-01-02T00:00:00Z')`);
    await run(files[target]!);
    const both = async (email: string) => {
      const { rows } = await client.query<{ old: Date | null; until: Date | null }>(
        `select ${old} as old, premium_until as until from users where email = $1`,
        [email],
      );
      return [rows[0]!.old?.toISOString() ?? null, rows[0]!.until?.toISOString() ?? null];
    };
    expect(await both('before@example.com')).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);

    // The previous build inserts and updates the old column; the new one reads premium_until.
    await client.exec(`insert into users (name, email, profile_pic, ${old}) values
      ('Old build', 'old@example.com', '/o.webp', '2026-02-01T00:00:00Z')`);
    expect(await both('old@example.com')).toEqual(['2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    await client.exec(`update users set ${old} = '2026-03-01T00:00:00Z' where email = 'old@example.com'`);
    expect(await both('old@example.com')).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);

    // The new build inserts and updates premium_until; the previous one reads the old column.
    await client.exec(`insert into users (name, email, profile_pic, premium_until) values
      ('New build', 'new@example.com', '/n.webp', '2026-04-01T00:00:00Z')`);
    expect(await both('new@example.com')).toEqual(['2026-04-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    await client.exec(`update users set premium_until = '2026-05-01T00:00:00Z' where email = 'new@example.com'`);
    expect(await both('new@example.com')).toEqual(['2026-05-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z']);
    await client.exec(`update users set premium_until = null where email = 'new@example.com'`);
    expect(await both('new@example.com')).toEqual([null, null]);
    // A write that touches neither leaves both as they were.
    await client.exec(`update users set name = 'Renamed' where email = 'old@example.com'`);
    expect(await both('old@example.com')).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    await client.close();
  });

  // Only a PostgreSQL server has concurrent connections; .ci/run runs this file against one.
  it.runIf(process.env.TEST_DATABASE_URL)('run once when several instances start together on PostgreSQL', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `dispatch_migrate_${Date.now()}`;
    const admin = fromPostgres(serverUrl, 1, ignoreIdleErrors);
    await admin.db.execute(sql.raw(`create database ${name}`));
    const instances = Array.from({ length: 4 }, () =>
      fromPostgres(databaseUrlFor(serverUrl, name), 2, ignoreIdleErrors),
    );
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      expect(await tablesOf(instances[0]!.db)).toEqual(TABLES);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  });
});
