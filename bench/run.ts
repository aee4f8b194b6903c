// `npm run bench`: the built server on a fresh database under load. See bench/README.md.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LIMITS, TAGS } from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import { fromPglite, fromPostgres, openPglite, queryRows, type Database } from '../apps/server/src/db/client.js';
import { cpuSeconds, databaseUrlFor, memoryMb, pick, waitForHealth } from './process.js';
import { printQueryPlans, type PlanTarget } from './query-plans.js';
import { BENCH_READER, seedBenchData } from './seed.js';

const BENCH_ADMIN = { email: 'bench.admin@example.com', password: 'Bench#Admin2026' };
/** Bench users (bench/seed.ts): every fifth has premium; the first has none. */
const BENCH_SUBSCRIBER = { email: 'bench.user5@example.com', password: BENCH_READER.password };
const BENCH_METERED = { email: 'bench.user1@example.com', password: BENCH_READER.password };
const FREE_READS = 3;
import { PUBLISHER_NAMES, SEARCH_WORDS } from './words.js';

const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: process.env.BENCH_ARTICLES ?? '10000' },
    users: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3917' },
    /** Only the scenarios whose name contains this (the baseline always runs). */
    only: { type: 'string' },
    /** PostgreSQL only: seed a database of this name once, keep it, and reuse it on later runs. */
    keep: { type: 'string' },
    /** Seed (or reuse) the database, print the query plans, and stop: no server, no load. */
    'plans-only': { type: 'boolean', default: false },
  },
});
const ARTICLES = Number(args.articles);
const USERS = Number(args.users);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const BASE = `http://127.0.0.1:${args.port}`;
const serverUrl = process.env.BENCH_DATABASE_URL;

/** What the scenarios pick from: the approved articles' ids. */
interface Archive {
  approvedIds: string[];
}

/** A fresh, seeded database: a new one on the PostgreSQL server, or a new PGlite directory. */
async function prepareDatabase(dataDir: string): Promise<{ url?: string; archive: Archive; drop(): Promise<void> }> {
  const started = Date.now();
  let database: Database;
  let planTarget: PlanTarget;
  let url: string | undefined;
  let drop = async () => undefined as void;
  let seeded = false;
  if (serverUrl) {
    const name = args.keep ?? `dispatch_bench_${Date.now()}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(name))
      throw new Error('--keep takes a database name: lower-case letters, digits, _');
    const admin = fromPostgres(serverUrl, 1);
    seeded =
      args.keep !== undefined &&
      (await queryRows(admin.db, sql`select 1 from pg_database where datname = ${name}`)).length > 0;
    if (!seeded) await admin.db.execute(sql.raw(`create database ${name}`));
    url = databaseUrlFor(serverUrl, name);
    database = fromPostgres(url, 4);
    planTarget = { url };
    drop = async () => {
      if (!args.keep) await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    };
  } else {
    const pglite = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    database = fromPglite(pglite);
    planTarget = { pglite };
  }
  await database.migrate();
  if (seeded) {
    // A kept database: a migration added since may have left its statistics stale.
    await database.db.execute(sql`vacuum analyze`);
    console.log(`reusing ${args.keep} as it was seeded`);
  } else {
    await seedBenchData(database.db, ARTICLES, USERS);
    console.log(`seeded ${ARTICLES} articles and ${USERS} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const approvedIds = (
    await queryRows<{ id: string }>(database.db, sql`select id from articles where status = 'approved'`)
  ).map((row) => row.id);
  const [counted] = await queryRows<{ articles: number }>(
    database.db,
    sql`select count(*)::int as articles from articles`,
  );
  await printQueryPlans(
    planTarget,
    { approved: approvedIds.length, articles: counted?.articles ?? 0 },
    {
      words: `${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)}`,
      partialTitle: partialTitleSearches()(),
    },
  );
  await database.close();
  return { url, archive: { approvedIds }, drop };
}

const upTo = (max: number) => 1 + Math.floor(Math.random() * Math.max(1, max));

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * What readers search for, never the same twice in a run so the response cache never has the answer:
 * every word of the vocabulary and every ordered pair of two (25,600 terms), shuffled. A word is in
 * about three articles of four and a pair in three of five, so a search finds many articles and counts
 * up to `LIMITS.searchCountCap` of them, as a typical search does. Past the pairs, three words at random.
 */
function wordSearches(): () => string {
  const terms = shuffled([
    ...SEARCH_WORDS,
    ...SEARCH_WORDS.flatMap((first) =>
      SEARCH_WORDS.filter((second) => second !== first).map((second) => `${first} ${second}`),
    ),
  ]);
  const asked = new Set<string>();
  let next = 0;
  return () => {
    const term = terms[next];
    next += 1;
    if (term !== undefined) return term;
    let triple = '';
    do triple = `${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)}`;
    while (asked.has(triple));
    asked.add(triple);
    return triple;
  };
}

/**
 * Someone typing: a word and the start of another, e.g. "harbour cou". "cou" is no word, so full-text
 * search finds nothing and only the partial-title match (the trigram index) answers, with the few titles
 * that have those words side by side. Never the same term twice in a run.
 */
function partialTitleSearches(): () => string {
  const term = () => {
    const next = pick(SEARCH_WORDS);
    return `${pick(SEARCH_WORDS)} ${next.slice(0, Math.min(next.length, 2 + upTo(3)))}`;
  };
  const asked = new Set<string>();
  return () => {
    let candidate = term();
    for (let tries = 0; asked.has(candidate) && tries < 20; tries += 1) candidate = term();
    if (asked.has(candidate)) candidate = `${candidate} ${asked.size}`;
    asked.add(candidate);
    return candidate;
  };
}

/**
 * The processes that serve a request: the server and, when the database runs on this machine, the PostgreSQL
 * backends connected to the bench database. Their CPU time per request does not depend on what else the
 * machine runs, as req/s does: two cores give at most 2,000 ms of CPU a second.
 */
interface Servers {
  pids(): Promise<number[]>;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server + database CPU per request, in ms. */
  cpuMs: number;
}

/** A scenario's path: one URL, or a new one for every request (what readers do: the cache sees each once or rarely). */
type ScenarioPath = string | (() => string);

async function load(
  servers: Servers,
  name: string,
  url: ScenarioPath,
  headers: Record<string, string> = {},
  answer: 'ok' | 'redirect' = 'ok',
): Promise<Result> {
  const varied = typeof url === 'function' ? url : undefined;
  const run = (duration: number) =>
    autocannon({
      url: `${BASE}${typeof url === 'string' ? url : url()}`,
      connections: CONNECTIONS,
      duration,
      headers,
      ...(varied && { requests: [{ setupRequest: (request) => ({ ...request, path: varied() }) }] }),
    });
  if (WARMUP > 0) await run(WARMUP);
  const before = cpuSeconds(await servers.pids());
  const result = await run(DURATION);
  const after = cpuSeconds(await servers.pids());
  const cpu = [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);
  return {
    cpuMs: result.requests.total > 0 ? (cpu * 1000) / result.requests.total : 0,
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A scenario answered with a redirect counts its 2xx answers as the errors instead.
    errors: result.errors + (answer === 'redirect' ? result.requests.total - result['3xx'] : result.non2xx),
  };
}

/** A bench user's API token and page cookie (a credential of its own). */
async function logIn(credentials: { email: string; password: string }) {
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { token } = (await login.json()) as { token: string };
  const pageCookie = login.headers
    .getSetCookie()
    .find((line) => line.startsWith('dispatch_page='))
    ?.split(';')[0];
  if (!pageCookie) throw new Error(`login of ${credentials.email} set no page cookie`);
  return { token, pageCookie };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-bench-'));
  const { url, archive, drop } = await prepareDatabase(dataDir);
  if (args['plans-only']) {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles": a profile of the server under load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
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
      // The load comes from one address; the search limit would answer it 429 after the first minute's 60.
      LIMIT_SEARCHES_PER_MINUTE: '1000000',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The meter opens a few premium articles a month to readers without premium.
      FREE_PREMIUM_READS: String(FREE_READS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stats = url ? new pg.Pool({ connectionString: url, max: 1 }) : undefined;
  const servers: Servers = {
    pids: async () => [
      server.pid!,
      ...(stats
        ? (
            await stats.query<{ pid: number }>(
              'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
            )
          ).rows.map((row) => row.pid)
        : []),
    ],
  };
  try {
    await waitForHealth(BASE, Date.now() + 120_000);
    const { token, pageCookie } = await logIn(BENCH_READER);
    const first = (await (await fetch(`${BASE}/api/articles/approved?limit=50`)).json()) as {
      articles: { _id: string; isPremium: boolean }[];
    };
    const article = first.articles?.find((card) => !card.isPremium);
    if (!article) throw new Error(`no free article in the first page: ${JSON.stringify(first).slice(0, 300)}`);
    const premiumArticle = first.articles.find((card) => card.isPremium);
    if (!premiumArticle) throw new Error('no premium article in the first page');
    const adminLogin = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const admin = { authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };

    const { approvedIds } = archive;
    const pageSize = LIMITS.pageSize.approved;
    const pages = Math.ceil(approvedIds.length / pageSize);
    // One or two of five tags (0.3 on average) from one of the publishers: the pages one pair fills.
    const pairPages = Math.ceil((approvedIds.length * 0.3) / PUBLISHER_NAMES.length / pageSize);
    const nextWordSearch = wordSearches();
    const nextPartialSearch = partialTitleSearches();
    const query = (parts: Record<string, string | number>) =>
      new URLSearchParams(
        Object.entries(parts).map(([name, value]): [string, string] => [name, String(value)]),
      ).toString();
    const reader = { authorization: `Bearer ${token}` };
    const readerPage = { cookie: pageCookie };
    // A subscriber (one bench user in five has premium), and a reader the meter opens a premium article for.
    const subscriberPage = { cookie: (await logIn(BENCH_SUBSCRIBER)).pageCookie };
    const meteredPage = { cookie: (await logIn(BENCH_METERED)).pageCookie };
    // A page opened on this site spends a free read: the metered reader's opens the article, and
    // the reader at the wall has spent this month's on other premium articles.
    const sameSite = { 'sec-fetch-site': 'same-origin' };
    await fetch(`${BASE}/articles/${premiumArticle._id}`, { headers: { ...meteredPage, ...sameSite } });
    const others = new Set<string>();
    for (let page = 1; others.size < FREE_READS; page += 1) {
      const { articles } = (await (await fetch(`${BASE}/api/articles/approved?limit=50&page=${page}`)).json()) as {
        articles: { _id: string; isPremium: boolean }[];
      };
      if (articles.length === 0) throw new Error('too few premium articles to spend the meter');
      for (const card of articles) if (card.isPremium && card._id !== premiumArticle._id) others.add(card._id);
    }
    for (const spent of [...others].slice(0, FREE_READS)) {
      await fetch(`${BASE}/articles/${spent}`, { headers: { ...readerPage, ...sameSite } });
    }
    // What a browser sends besides: the page compressed, as a phone gets it.
    const compressed = { 'accept-encoding': 'gzip, deflate, br' };
    // What a browser sends when it opens a page: without a session, an article is a 302 to /login.
    const browserNavigation = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };
    const scenarios: [string, ScenarioPath, Record<string, string>?, 'redirect'?][] = [
      ['baseline (fixed JSON)', '/api/health/live'],
      // The same URL again and again: after its first request the response cache answers.
      ['approved, first page', '/api/articles/approved'],
      ['approved, search', '/api/articles/approved?search=harbour'],
      [
        'approved, tag + publisher',
        `/api/articles/approved?${query({ tag: 'Health', publisher: PUBLISHER_NAMES[2]! })}`,
      ],
      ['approved, page 50', '/api/articles/approved?page=50'],
      ['trending', '/api/articles/trending'],
      ['stats', '/api/stats/users'],
      ['detail, logged in', `/api/articles/${article._id}`, reader],
      // What readers do: every request a different URL, so most miss the cache and reach the database.
      ['uncached: word search', () => `/api/articles/approved?${query({ search: nextWordSearch() })}`],
      ['uncached: partial title', () => `/api/articles/approved?${query({ search: nextPartialSearch() })}`],
      ['uncached: any page', () => `/api/articles/approved?page=${upTo(pages)}`],
      [
        'uncached: tag+publisher+page',
        () =>
          `/api/articles/approved?${query({ tag: pick(TAGS), publisher: pick(PUBLISHER_NAMES), page: upTo(pairPages) })}`,
      ],
      ['uncached: any detail, in', () => `/api/articles/${pick(approvedIds)}`, reader],
      // Rendered pages (server-side React): what a reader's browser or a crawler gets first.
      ['page: home', '/'],
      ['page: /articles?page=N', () => `/articles?page=${upTo(pages)}`],
      ['page: article, anonymous', `/articles/${article._id}`],
      ['page: article, anonymous browser', `/articles/${article._id}`, browserNavigation, 'redirect'],
      ['page: article, signed in', `/articles/${article._id}`, readerPage],
      ['page: any article, signed in', () => `/articles/${pick(approvedIds)}`, readerPage],
      // Every request a cache miss: the render's own cost, for a crawler (the preview) and a reader.
      ['page: any article, anonymous', () => `/articles/${pick(approvedIds)}`],
      // Reader revenue: a premium article's page for a reader without premium, opened on this site as a browser
      // says (the wall, recorded in the funnel once an hour: decision 048), and the dashboard's funnel over 30
      // days of the seeded events.
      ['page: premium article, at the wall', `/articles/${premiumArticle._id}`, { ...readerPage, ...sameSite }],
      // Signed-in pages come from the page cache, rendered once for each audience.
      ['page: article, subscriber', `/articles/${article._id}`, subscriberPage],
      ['page: premium article, subscriber', `/articles/${premiumArticle._id}`, subscriberPage],
      ['page: premium article, metered reader', `/articles/${premiumArticle._id}`, { ...meteredPage, ...sameSite }],
      ['page: article, anonymous, compressed', `/articles/${article._id}`, compressed],
      ['page: article, signed in, compressed', `/articles/${article._id}`, { ...readerPage, ...compressed }],
      ['funnel: 30 days, admin', '/api/dashboard/funnel?days=30', admin],
    ];
    const results: Result[] = [];
    for (const [name, path, headers, answer] of scenarios) {
      const only = args.only?.split(',');
      if (only && name !== scenarios[0]![0] && !only.some((part) => name.includes(part))) continue;
      results.push(await load(servers, name, path, headers, answer));
    }
    // The baseline runs first and again last (the first run also warms the process up); the ratio uses the better one.
    results.push(await load(servers, 'baseline, again', '/api/health/live'));
    const baseline = Math.max(results[0]!.rps, results.at(-1)!.rps);

    console.log(
      `\n${ARTICLES} articles, ${USERS} users, ${serverUrl ? 'PostgreSQL' : 'embedded PGlite'}; ` +
        `${CONNECTIONS} connections, ${DURATION} s each after a ${WARMUP} s warm-up\n`,
    );
    console.log(
      `${'scenario'.padEnd(30)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'vs baseline'.padStart(13)}${'CPU ms/req'.padStart(12)}${'errors'.padStart(8)}`,
    );
    for (const result of results) {
      console.log(
        `${result.name.padEnd(30)}${String(result.rps).padStart(9)}${String(result.p50).padStart(9)}${String(result.p99).padStart(9)}${`${Math.round((result.rps / baseline) * 100)} %`.padStart(13)}${result.cpuMs.toFixed(2).padStart(12)}${String(result.errors).padStart(8)}`,
      );
    }
    console.log(`\nserver peak RSS: ${Math.round(memoryMb(server.pid!, 'VmHWM'))} MB`);
  } finally {
    await stats?.end();
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
