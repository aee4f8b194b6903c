// `npm run bench`: the built server on a fresh database under load. See bench/README.md.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { fromPglite, fromPostgres, openPglite, queryRows, type Database } from '../apps/server/src/db/client.js';
import { BENCH_READER, seedBenchData } from './seed.js';

const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    users: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3917' },
  },
});
const ARTICLES = Number(args.articles);
const USERS = Number(args.users);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const BASE = `http://127.0.0.1:${args.port}`;
const serverUrl = process.env.BENCH_DATABASE_URL;

function databaseUrlFor(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh database: a new one on the PostgreSQL server, or a new PGlite directory. */
async function prepareDatabase(dataDir: string) {
  const started = Date.now();
  let database: Database;
  let url: string | undefined;
  let drop = async () => undefined as void;
  if (serverUrl) {
    const name = `dispatch_bench_${Date.now()}`;
    const admin = fromPostgres(serverUrl, 1);
    await admin.db.execute(sql.raw(`create database ${name}`));
    url = databaseUrlFor(serverUrl, name);
    database = fromPostgres(url, 4);
    drop = async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    };
  } else {
    database = fromPglite(await openPglite({ dataDir: path.join(dataDir, 'pglite') }));
  }
  await database.migrate();
  await seedBenchData(database.db, ARTICLES, USERS);
  console.log(`seeded ${ARTICLES} articles and ${USERS} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await printQueryPlans(database);
  await database.close();
  return { url, drop };
}

/** The plans of the list queries at this size: each should use an index, not a sequential scan of articles. */
async function printQueryPlans(database: Database) {
  const approved = sql`a.status = 'approved'`;
  const queries = {
    'first page': sql`select a.id from articles a join publishers p on p.id = a.publisher_id where ${approved} order by a.created_at desc, a.id desc limit 12`,
    search: sql`select a.id from articles a join publishers p on p.id = a.publisher_id where ${approved} and a.title ilike '%stadium%' order by a.created_at desc, a.id desc limit 12`,
    'tag + publisher': sql`select a.id from articles a join publishers p on p.id = a.publisher_id where ${approved} and a.tags @> array['Health'] and lower(p.name) = lower('Bench Publisher 3') order by a.created_at desc, a.id desc limit 12`,
    'page 50': sql`select a.id from articles a join publishers p on p.id = a.publisher_id where ${approved} order by a.created_at desc, a.id desc limit 12 offset 588`,
    trending: sql`select a.id from articles a where ${approved} order by a.views desc, a.created_at desc, a.id desc limit 6`,
    'admin, page 50': sql`select a.id from articles a order by a.created_at desc, a.id desc limit 10 offset 490`,
    'users, page 50': sql`select u.id from users u order by u.created_at desc, u.id desc limit 5 offset 245`,
  };
  console.log('\nquery plans (EXPLAIN):');
  for (const [name, query] of Object.entries(queries)) {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain ${query}`);
    const plan = rows.map((row) => row['QUERY PLAN']);
    const indexes = [
      ...new Set(
        [...plan.join('\n').matchAll(/(?:Index(?: Only)? Scan using|Bitmap Index Scan on) (\w+)/g)].map(
          (match) => match[1],
        ),
      ),
    ];
    const seqScan = plan.some((line) => /Seq Scan on articles/.test(line));
    console.log(
      `  ${name.padEnd(16)} ${seqScan ? 'SEQUENTIAL SCAN of articles' : 'index'}: ${indexes.join(', ') || '-'}`,
    );
  }
}

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A scenario's path: one URL, or a new one for every request (what readers do: the cache sees each once or rarely). */
type ScenarioPath = string | (() => string);

async function load(name: string, url: ScenarioPath, headers: Record<string, string> = {}): Promise<Result> {
  const varied = typeof url === 'function' ? url : undefined;
  const run = (duration: number) =>
    autocannon({
      url: `${BASE}${typeof url === 'string' ? url : url()}`,
      connections: CONNECTIONS,
      duration,
      headers,
      ...(varied && { requests: [{ setupRequest: (request) => ({ ...request, path: varied() }) }] }),
    });
  await run(2);
  const result = await run(DURATION);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-bench-'));
  const { url, drop } = await prepareDatabase(dataDir);
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: args.port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      JWT_SECRET: 'bench secret that is at least thirty-two characters',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      ADMIN_EMAIL: 'bench.admin@example.com',
      ADMIN_PASSWORD: 'Bench#Admin2026',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(Date.now() + 120_000);
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_READER),
    });
    const { token } = (await login.json()) as { token: string };
    const first = (await (await fetch(`${BASE}/api/articles/approved?limit=50`)).json()) as {
      articles: { _id: string; isPremium: boolean }[];
    };
    const article = first.articles?.find((card) => !card.isPremium);
    if (!article) throw new Error(`no free article in the first page: ${JSON.stringify(first).slice(0, 300)}`);

    const pages = Math.ceil((ARTICLES * 0.9) / 12);
    const randomPage = () => `/articles?page=${1 + Math.floor(Math.random() * Math.min(pages, 1000))}`;
    const scenarios: [string, ScenarioPath, Record<string, string>?][] = [
      ['baseline (fixed JSON)', '/api/health/live'],
      ['approved, first page', '/api/articles/approved'],
      ['approved, search', '/api/articles/approved?search=stadium'],
      ['approved, tag + publisher', '/api/articles/approved?tag=Health&publisher=Bench%20Publisher%203'],
      ['approved, page 50', '/api/articles/approved?page=50'],
      ['trending', '/api/articles/trending'],
      ['stats', '/api/stats/users'],
      ['detail, logged in', `/api/articles/${article._id}`, { authorization: `Bearer ${token}` }],
      // Rendered pages (server-side React): what a reader's browser or a crawler gets first.
      ['page: home', '/'],
      ['page: /articles?page=N', randomPage],
      ['page: article, anonymous', `/articles/${article._id}`],
      ['page: article, signed in', `/articles/${article._id}`, { cookie: `dispatch_page=${token}` }],
    ];
    const results: Result[] = [];
    for (const [name, path, headers] of scenarios) results.push(await load(name, path, headers));
    // The baseline runs first and again last (the first run also warms the process up); the ratio uses the better one.
    results.push(await load('baseline, again', '/api/health/live'));
    const baseline = Math.max(results[0]!.rps, results.at(-1)!.rps);

    console.log(
      `\n${ARTICLES} articles, ${USERS} users, ${serverUrl ? 'PostgreSQL' : 'embedded PGlite'}; ` +
        `${CONNECTIONS} connections, ${DURATION} s each after a 2 s warm-up\n`,
    );
    console.log(
      `${'scenario'.padEnd(30)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'vs baseline'.padStart(13)}${'errors'.padStart(8)}`,
    );
    for (const result of results) {
      console.log(
        `${result.name.padEnd(30)}${String(result.rps).padStart(9)}${String(result.p50).padStart(9)}${String(result.p99).padStart(9)}${`${Math.round((result.rps / baseline) * 100)} %`.padStart(13)}${String(result.errors).padStart(8)}`,
      );
    }
    console.log(`\nserver peak RSS: ${peakRssMb(server.pid!)} MB`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
