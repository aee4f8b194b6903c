import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseUrlFor, ignoreIdleErrors } from '../test/postgres.js';
import { fromPglite, fromPostgres, openPglite, queryRows } from './client.js';

const TABLES = [
  'articles',
  'moderation_actions',
  'payment_intents',
  'processed_webhook_events',
  'publishers',
  'sessions',
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

  // Only a PostgreSQL server has concurrent connections; .ci/run runs this file against one.
  if (process.env.TEST_DATABASE_URL) {
    it('run once when several instances start together on PostgreSQL', async () => {
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
  }
});
