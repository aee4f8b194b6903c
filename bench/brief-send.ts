/**
 * The daily brief's send, end to end (issue 27's target: 100,000 subscribers, each with their own selection,
 * rendered and handed to a local SMTP sink in at most two minutes, the server's resident memory rising by at most
 * 200 MB, and the site answering pages meanwhile). See bench/README.md ("The daily brief's send").
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:brief [-- --subscribers=100000]
 *
 * A fresh database on the PostgreSQL server, seeded like `npm run bench` plus 40 articles approved in the last day
 * (with hourly views) and the subscriptions; the built server (NODE_ENV=production) with SMTP_URL pointing at an
 * `smtp-server` sink in this process. Pages load before the send (the baseline) and while it runs.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SEED_PLANS, TAGS } from '@dispatch/shared';
import { fromPostgres, queryRows, type Database } from '../apps/server/src/db/client.js';
import { databaseUrlFor, memoryMb, pick, startSmtpSink, totalCpuSeconds, waitForHealth } from './process.js';
import { seedBenchData } from './seed.js';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '100000' },
    articles: { type: 'string', default: '10000' },
    /** Connections loading pages before and during the send, and the pages a second they ask for together (0: none). */
    connections: { type: 'string', default: '10' },
    'page-rate': { type: 'string', default: '20' },
    /** Seconds of page load before the baseline: the pages' caches fill as a running site's are. */
    warmup: { type: 'string', default: '60' },
    port: { type: 'string', default: '3918' },
    'smtp-port': { type: 'string', default: '2526' },
    /** BRIEF_SEND_RATE for the server: messages a second. */
    rate: { type: 'string', default: '10000' },
  },
});
const SUBSCRIBERS = Number(args.subscribers);
const CONNECTIONS = Number(args.connections);
const BASE = `http://127.0.0.1:${args.port}`;
const RECENT_ARTICLES = 40;
const HIGHLIGHT_READERS = 200;
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL: the brief bench runs on PostgreSQL');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The subscriptions: the 1,000 seeded users (200 of them on a pass whose plan names the highlights) and the rest
 * addresses without an account. One in five follows everything; the others a tag or two, one to three publishers,
 * or both, so most briefs differ and some readers have no news (no mail).
 */
async function seedBrief(db: Database['db']) {
  await db.execute(sql`
    update articles set decided_at = now() - random() * interval '23 hours'
    where id in (select id from articles where status = 'approved' order by random() limit ${RECENT_ARTICLES})`);
  await db.execute(sql`
    insert into article_views_hourly (article_id, hour, views)
    select a.id, date_trunc('hour', now()) - h * interval '1 hour', floor(random() * 500)::int
    from articles a, generate_series(0, 23) as h
    where a.status = 'approved' and a.decided_at > now() - interval '1 day'`);
  const family = SEED_PLANS.find((plan) => plan.features.includes('Daily highlights'))!;
  await db.execute(sql`
    with chosen as (select id from users order by email limit ${HIGHLIGHT_READERS}),
         given as (
           update users set premium_taken = date_trunc('second', now()) + interval '20 days'
           where id in (select id from chosen) returning id, premium_taken)
    insert into payment_intents (user_id, plan_id, plan_snapshot, amount, currency, provider, client_secret, status,
                                 succeeded_at, period_start, period_end)
    select id, ${family.id}, ${JSON.stringify({
      name: family.name,
      amount: family.price,
      currency: family.currency ?? 'usd',
      durationMinutes: family.value,
      features: family.features,
      premiumArticles: null,
    })}::jsonb, ${family.price}, ${family.currency ?? 'usd'}, 'test', 'bench_' || id, 'succeeded', now(), now(), premium_taken
    from given`);
  const selection = (n: ReturnType<typeof sql>) => sql`
    case when ${n} % 5 = 0 then '{}'::text[]
         when ${n} % 5 in (1, 4) then array[${sql.raw(tagArray())}[1 + ${n} % 5]]
         when ${n} % 5 = 2 then array[${sql.raw(tagArray())}[1 + ${n} % 5], ${sql.raw(tagArray())}[1 + (${n} + 2) % 5]]
         else '{}'::text[] end,
    case when ${n} % 5 in (3, 4)
         then (select array_agg(id) from (select id from publishers order by md5(id::text || ${n}) limit 1 + ${n} % 3) p)
         else '{}'::uuid[] end`;
  const common = sql`'active', now() - interval '30 days', now() - interval '1 day', now() + interval '1 day'`;
  await db.execute(sql`
    insert into brief_subscriptions (email, user_id, hour, time_zone, tags, publisher_ids, status, confirmed_at,
                                     last_brief_at, next_brief_at)
    select u.email, u.id, 7, 'Europe/London', ${selection(sql`u.n`)}, ${common}
    from (select id, email, row_number() over (order by email) as n from users) u`);
  const anonymous = Math.max(0, SUBSCRIBERS - (await countRows(db, 'brief_subscriptions')));
  for (let from = 1; from <= anonymous; from += 20_000) {
    const to = Math.min(anonymous, from + 19_999);
    await db.execute(sql`
      insert into brief_subscriptions (email, hour, time_zone, tags, publisher_ids, status, confirmed_at,
                                       last_brief_at, next_brief_at)
      select 'reader' || n || '@brief.bench', n % 24, (array['UTC', 'America/New_York', 'Asia/Tokyo'])[1 + n % 3],
             ${selection(sql`n`)}, ${common}
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  await db.execute(sql`vacuum analyze`);
}

const tagArray = () => `(array[${TAGS.map((tag) => `'${tag}'`).join(', ')}]::text[])`;

async function countRows(db: Database['db'], table: string) {
  const [row] = await queryRows<{ count: number }>(db, sql.raw(`select count(*)::int as count from ${table}`));
  return row!.count;
}

/** Readers loading pages: the home page, list pages and any article, anonymous. */
function loadPages(approvedIds: string[], duration: number) {
  const paths = [
    () => '/',
    () => `/articles?page=${1 + Math.floor(Math.random() * 50)}`,
    () => `/articles/${pick(approvedIds)}`,
  ];
  let instance: autocannon.Instance | undefined;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${BASE}/`,
        connections: CONNECTIONS,
        overallRate: Number(args['page-rate']),
        duration,
        requests: [{ setupRequest: (request) => ({ ...request, path: pick(paths)() }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  return { stop: () => instance!.stop(), result };
}

const pageFigures = (result: autocannon.Result) =>
  `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
  (result.errors + result.non2xx > 0 ? `, ${result.errors + result.non2xx} errors` : '');

async function main() {
  const name = `dispatch_brief_bench_${Date.now()}`;
  const admin = fromPostgres(serverUrl!, 1);
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = databaseUrlFor(serverUrl!, name);
  const database = fromPostgres(url, 2);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-brief-bench-'));
  const sink = await startSmtpSink(Number(args['smtp-port']));
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const seeding = Date.now();
    await database.migrate();
    await seedBenchData(database.db, Number(args.articles), 1000);
    await seedBrief(database.db);
    const subscriptions = await countRows(database.db, 'brief_subscriptions');
    console.log(
      `seeded ${args.articles} articles (${RECENT_ARTICLES} approved in the last day), 1,000 users and ` +
        `${subscriptions} subscriptions in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const approvedIds = (
      await queryRows<{ id: string }>(database.db, sql`select id from articles where status = 'approved'`)
    ).map((row) => row.id);

    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles": a profile of the server during the send.
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    server = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
      env: {
        ...process.env,
        PORT: args.port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        JWT_SECRET: 'bench secret that is at least thirty-two characters',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PAYMENTS: 'test',
        SMTP_URL: `smtp://127.0.0.1:${args['smtp-port']}`,
        BRIEF_SEND_RATE: args.rate,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const pid = server.pid!;
    await waitForHealth(BASE, Date.now() + 120_000);
    const withPages = Number(args['page-rate']) > 0;
    if (withPages) await loadPages(approvedIds, Number(args.warmup)).result;
    const before = withPages ? await loadPages(approvedIds, 10).result : undefined;
    const rssBefore = memoryMb(pid, 'VmRSS');

    // Due now: the sender's next round (every 5 seconds) queues and sends them.
    await database.db.execute(sql`update brief_subscriptions set next_brief_at = now()`);
    while ((await countRows(database.db, 'brief_deliveries')) === 0) await sleep(50);
    const started = Date.now();
    const backends = (
      await queryRows<{ pid: number }>(
        database.db,
        sql`select pid from pg_stat_activity where datname = current_database()`,
      )
    ).map((row) => row.pid);
    const cpuBefore = {
      server: totalCpuSeconds([pid]),
      database: totalCpuSeconds(backends),
      bench: process.cpuUsage(),
    };
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, memoryMb(pid, 'VmRSS'))), 200);
    const during = withPages ? loadPages(approvedIds, 900) : undefined;
    let finished = 0;
    for (;;) {
      const [row] = await queryRows<{ queued: number }>(
        database.db,
        sql`select count(*)::int as queued from brief_deliveries where status = 'queued'`,
      );
      const [subs] = await queryRows<{ due: number }>(
        database.db,
        sql`select count(*)::int as due from brief_subscriptions where next_brief_at <= now()`,
      );
      if (row!.queued === 0 && subs!.due === 0) {
        finished = Date.now();
        break;
      }
      if (Date.now() - started > 900_000) throw new Error('the send took more than 15 minutes');
      await sleep(100);
    }
    clearInterval(sampler);
    during?.stop();
    const pagesDuring = await during?.result;
    const cpu = {
      server: totalCpuSeconds([pid]) - cpuBefore.server,
      database: totalCpuSeconds(backends) - cpuBefore.database,
      bench: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpuBefore.bench)),
    };
    const statuses = await queryRows<{ status: string; count: number }>(
      database.db,
      sql`select status, count(*)::int as count from brief_deliveries group by status order by status`,
    );
    const seconds = (finished - started) / 1000;
    const sent = statuses.find((row) => row.status === 'sent')?.count ?? 0;
    console.log(
      `\nsubscriptions: ${subscriptions}; deliveries: ${statuses.map((row) => `${row.count} ${row.status}`).join(', ')}`,
    );
    console.log(
      `sink received ${sink.received.messages} messages, ${(sink.received.bytes / sent / 1024).toFixed(1)} KiB each`,
    );
    console.log(
      `send: ${seconds.toFixed(1)} s (${Math.round(subscriptions / seconds)} subscriptions/s; ` +
        `100,000 would take ${((seconds / subscriptions) * 100_000).toFixed(0)} s)`,
    );
    console.log(
      `CPU per subscription: server ${((cpu.server * 1e6) / subscriptions).toFixed(0)} µs, ` +
        `PostgreSQL ${((cpu.database * 1e6) / subscriptions).toFixed(0)} µs, ` +
        `this process (the SMTP sink and the page load) ${((cpu.bench * 1e6) / subscriptions).toFixed(0)} µs`,
    );
    console.log(
      `server memory: ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB during (+${(rssPeak - rssBefore).toFixed(0)} MB)`,
    );
    if (before && pagesDuring) {
      console.log(`pages before the send (${args['page-rate']}/s): ${pageFigures(before)}`);
      console.log(`pages during the send:                ${pageFigures(pagesDuring)}`);
    }
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((resolve) => server!.once('exit', resolve));
    await sink.close();
    await database.close();
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
