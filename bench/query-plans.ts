// The plans of the queries the server runs, at the benchmark's size: a Drizzle logger records the SQL
// and parameters of a real service call with nothing cached (the list index pass and the seek of a list
// page, the rows and the capped count of a search, trending), then each statement runs again under
// EXPLAIN (ANALYZE, BUFFERS).
import { LIMITS, TAGS, type ArticleStatus } from '@dispatch/shared';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import { listTrending } from '../apps/server/src/modules/articles/articles.repository.js';
import { getApprovedArticles } from '../apps/server/src/modules/catalogue/catalogue.service.js';
import { getAdminArticles } from '../apps/server/src/modules/editorial/editorial.service.js';
import type { ResponseCache } from '../apps/server/src/plugins/response-cache.js';
import { PUBLISHER_NAMES } from './words.js';

interface Statement {
  query: string;
  params: unknown[];
}

/** Where the plans come from: the PGlite client the benchmark seeded, or its PostgreSQL database. */
export type PlanTarget = { pglite: PGlite } | { url: string };

/** The searches whose plans are printed: one or two words (full-text) and a word with the start of another. */
export interface PlanSearches {
  words: string;
  partialTitle: string;
}

/** Which of the desk's statements (`GET /api/admin/articles`) this is, from its SQL. */
function deskStatementKind(query: string): string {
  if (!/"articles"/.test(query)) return 'the authors whose name or e-mail matches';
  if (/group by/.test(query)) return 'counts by status';
  if (/count\(\*\)/.test(query)) return 'total';
  return 'rows of the page';
}

/** Which of the service's statements this is, from its SQL. */
function statementKind(query: string): string {
  if (/count\(\*\) over \(\)/.test(query)) return 'list index (one pass: the total and the keys to seek to)';
  if (/querytree/.test(query)) return 'rows (ranked window, highlight sources, text matches counted to the cap + 1)';
  if (/count\(\*\)/.test(query)) return 'count (at most the cap + 1)';
  if (/tsvector_to_array/.test(query)) return 'lexemes of the words a highlight may mark';
  return 'rows';
}

export async function printQueryPlans(
  target: PlanTarget,
  counts: { approved: number; articles: number },
  searches: PlanSearches,
) {
  const approvedCount = counts.approved;
  const articleCount = counts.articles;
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
    const text = `explain (analyze, buffers) ${query}`;
    const result = pool
      ? await pool.query<Record<string, string>>(text, params)
      : await (target as { pglite: PGlite }).pglite.query<Record<string, string>>(text, params);
    return result.rows.map((row) => row['QUERY PLAN']);
  };

  const limit = LIMITS.pageSize.approved;
  const lastPage = Math.max(1, Math.ceil(approvedCount / limit));
  // The service's own path (list index, seek, search), with nothing cached so every statement runs.
  const uncached = { remember: (_namespace, _key, _ttl, load) => load() } as Pick<ResponseCache, 'remember'>;
  const list = (query: { search?: string; publisher?: string; tag?: string; page: number }) =>
    getApprovedArticles({ db, cache: uncached as ResponseCache, clock: () => new Date() }, null, {
      search: '',
      publisher: '',
      tag: '',
      limit,
      ...query,
    } as Parameters<typeof getApprovedArticles>[2]);
  // The editors' desk (All Articles): the page in desk order, its total and the counts by status.
  const deskLimit = LIMITS.pageSize.adminArticles;
  const desk = (query: { page: number; status?: ArticleStatus; q?: string }) =>
    getAdminArticles(db, { limit: deskLimit, ...query });
  const deskWord = searches.words.split(' ')[0]!;
  const deskAuthor = 'bench.user42@';
  const lastDeskPage = Math.max(1, Math.ceil(articleCount / deskLimit));
  const calls: [string, () => Promise<unknown>, ((query: string) => string)?][] = [
    ['first page', () => list({ page: 1 })],
    [`search "${searches.words}"`, () => list({ search: searches.words, page: 1 })],
    [`partial title "${searches.partialTitle}"`, () => list({ search: searches.partialTitle, page: 1 })],
    [`deep page (${lastPage})`, () => list({ page: lastPage })],
    ['tag + publisher, page 5', () => list({ tag: TAGS[4], publisher: PUBLISHER_NAMES[2], page: 5 })],
    ['trending', () => listTrending(db, LIMITS.trendingCount)],
    ['desk, first page', () => desk({ page: 1 }), deskStatementKind],
    ['desk, page 500', () => desk({ page: 500 }), deskStatementKind],
    [`desk, last page (${lastDeskPage})`, () => desk({ page: lastDeskPage }), deskStatementKind],
    ['desk, ?status=pending', () => desk({ page: 1, status: 'pending' }), deskStatementKind],
    [`desk, ?q=${deskWord} (a title word)`, () => desk({ page: 1, q: deskWord }), deskStatementKind],
    [`desk, ?q=${deskAuthor} (an author)`, () => desk({ page: 1, q: deskAuthor }), deskStatementKind],
    ['desk, ?q=zzqx (matches nothing)', () => desk({ page: 1, q: 'zzqx' }), deskStatementKind],
  ];

  console.log('\nquery plans (EXPLAIN (ANALYZE, BUFFERS) of the service’s own statements, nothing cached):');
  try {
    for (const [name, call, kind = statementKind] of calls) {
      statements.length = 0;
      await call();
      for (const statement of [...statements]) {
        console.log(`\n  ${name}, ${kind(statement.query)}:`);
        for (const line of await explain(statement)) console.log(`    ${line}`);
      }
    }
  } finally {
    await pool?.end();
  }
}
