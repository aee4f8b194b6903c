// The plans of the queries the repository runs, at the benchmark's size: a Drizzle logger records the
// SQL and parameters of a real repository call, then the same statement runs under EXPLAIN ANALYZE.
import { LIMITS, TAGS } from '@dispatch/shared';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import { listApproved, listTrending } from '../apps/server/src/modules/articles/articles.repository.js';
import { PUBLISHER_NAMES } from './words.js';

interface Statement {
  query: string;
  params: unknown[];
}

/** Where the plans come from: the PGlite client the benchmark seeded, or its PostgreSQL database. */
export type PlanTarget = { pglite: PGlite } | { url: string };

export async function printQueryPlans(target: PlanTarget, approvedCount: number, searchTerm: string) {
  const statements: Statement[] = [];
  const logger: Logger = { logQuery: (query, params) => void statements.push({ query, params }) };
  const pool = 'url' in target ? new pg.Pool({ connectionString: target.url, max: 1 }) : undefined;
  const db = (pool
    ? drizzleNodePg({ client: pool, schema, casing: 'snake_case', logger })
    : drizzlePglite({
        client: (target as { pglite: PGlite }).pglite,
        schema,
        casing: 'snake_case',
        logger,
      })) as unknown as Db;
  const explain = async ({ query, params }: Statement) => {
    const text = `explain analyze ${query}`;
    const result = pool
      ? await pool.query<Record<string, string>>(text, params)
      : await (target as { pglite: PGlite }).pglite.query<Record<string, string>>(text, params);
    return result.rows.map((row) => row['QUERY PLAN']);
  };

  const limit = LIMITS.pageSize.approved;
  const lastPage = Math.max(0, Math.ceil(approvedCount / limit) - 1);
  const calls: [string, () => Promise<unknown>][] = [
    ['first page', () => listApproved(db, {}, { offset: 0, limit })],
    [`search "${searchTerm}"`, () => listApproved(db, { search: searchTerm }, { offset: 0, limit })],
    [`deep page (${lastPage + 1})`, () => listApproved(db, {}, { offset: lastPage * limit, limit })],
    [
      'tag + publisher, page 5',
      () => listApproved(db, { tag: TAGS[4], publisher: PUBLISHER_NAMES[2] }, { offset: 4 * limit, limit }),
    ],
    ['trending', () => listTrending(db, LIMITS.trendingCount)],
  ];

  console.log('\nquery plans (EXPLAIN ANALYZE of the repository’s own statements):');
  try {
    for (const [name, call] of calls) {
      statements.length = 0;
      await call();
      for (const statement of [...statements]) {
        const kind = /count\(\*\)/.test(statement.query) ? 'count' : 'rows';
        console.log(`\n  ${name}, ${kind}:`);
        for (const line of await explain(statement)) console.log(`    ${line}`);
      }
    }
  } finally {
    await pool?.end();
  }
}
