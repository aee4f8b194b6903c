import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or a transaction on it: what repositories take first. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | '$count'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

import { createAvailability, type AvailabilityLog } from './availability.js';
import { LOCKS } from './locks.js';
import { GuardedPool } from './pool.js';

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, so no lock is needed here.
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

const logIdleError = (error: Error) => console.warn(`database: an idle connection failed: ${error.message}`);

export interface PostgresTimeouts {
  /** Server-side limit on one statement, and on a transaction left idle; 0 for none. */
  statementMs?: number;
  /** How long to wait for a connection, new or from the pool. */
  connectMs?: number;
}

// The client gives up a little after the server should have: that catches a server that stopped answering,
// and bounds every wait for the database by the statement timeout and this.
const CLIENT_GRACE_MS = 250;
// While the database is unreachable, calls fail at once and a probe asks it this often whether it is back.
const PROBE_INTERVAL_MS = 500;

export function fromPostgres(
  url: string,
  poolSize = 20,
  onIdleError: (error: Error) => void = logIdleError,
  timeouts: PostgresTimeouts = {},
  log: AvailabilityLog = console,
): Database {
  const { statementMs = 0, connectMs = 5_000 } = timeouts;
  const availability = createAvailability({ probe: () => pool.probe(), probeIntervalMs: PROBE_INTERVAL_MS, log });
  const pool: GuardedPool = new GuardedPool(
    {
      connectionString: url,
      max: poolSize,
      // No wait for a connection outlasts the longest a statement may take.
      connectionTimeoutMillis: statementMs > 0 ? Math.min(connectMs, statementMs + CLIENT_GRACE_MS) : connectMs,
      ...(statementMs > 0 && {
        statement_timeout: statementMs,
        idle_in_transaction_session_timeout: statementMs,
        query_timeout: statementMs + CLIENT_GRACE_MS,
      }),
    },
    availability,
  );
  // An idle connection can fail (the server restarted); the pool replaces it, the process must not crash.
  pool.on('error', onIdleError);
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // Its own connection without the statement timeout: waiting for another instance's migration, or
    // building an index on a large table, may rightly take longer than any request should.
    async migrate() {
      const connection = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
      await connection.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [LOCKS.migration]);
        try {
          await migrateNodePg(drizzleNodePg({ client: connection, casing: 'snake_case' }), {
            migrationsFolder: MIGRATIONS_DIR,
          });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [LOCKS.migration]);
        }
      } finally {
        await connection.end();
      }
    },
    async close() {
      availability.stop();
      await pool.end();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  timeouts?: PostgresTimeouts;
}): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl, 20, logIdleError, options.timeouts);
  const dataDir = path.join(options.dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return fromPglite(await openPglite({ dataDir }));
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Raw SQL for the few places the query builder cannot express; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
