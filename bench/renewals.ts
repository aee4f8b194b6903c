/**
 * Renewals due together (issue 31's target: on PostgreSQL with the test provider and two instances, 100,000
 * renewals due in the same minute are all charged exactly once within 60 s). See bench/README.md ("Renewals due
 * together").
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:renewals [-- --subscriptions=100000]
 *
 * A fresh database on the PostgreSQL server with only the renewing readers: each has one monthly subscription of
 * the test provider (a card that pays; with `--declined`, a share of cards that are refused), its first period
 * paid at checkout (that payment's row, as a checkout leaves it), and the period ending somewhere in the same
 * minute just past. Two instances of the built
 * server (NODE_ENV=production) start on it and their renewal jobs (every 60 s, the first 5 s after start) share the
 * work; the clock runs from both answering their health check until no subscription of that minute is due. Then the
 * rows say whether each period was charged once and access followed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { fromPostgres, queryRows, type Database } from '../apps/server/src/db/client.js';
import { cpuSeconds, databaseUrlFor, startSmtpSink, totalCpuSeconds, waitForHealth } from './process.js';

const { values: args } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '100000' },
    instances: { type: 'string', default: '2' },
    /** The first instance's port; the others take the next ones. */
    port: { type: 'string', default: '3931' },
    /**
     * REDIS_URL for the servers, with a database index of its own: it must be empty, and it is flushed at the end
     * (the viewer cache's keys, `dispatch-auth:generation:<user>`, have no prefix to set). `none`: no Redis.
     */
    redis: { type: 'string', default: 'redis://127.0.0.1:6379/9' },
    /** SMTP_URL pointing at a sink in this process: receipts are written to the outbox and sent meanwhile. */
    mail: { type: 'boolean', default: false },
    'smtp-port': { type: 'string', default: '2527' },
    /**
     * Percent of the cards that are declined (`pm_test_charge_declined_…`, every n-th subscription): those renewals
     * are refused and the subscriptions go past due, with the grace period's access.
     */
    declined: { type: 'string', default: '0' },
    /** Seconds to wait for every renewal before giving up (the checks still run). */
    limit: { type: 'string', default: '600' },
    /** SQL run after seeding, before the servers start: to try an index or a setting a change would bring. */
    sql: { type: 'string' },
    /** Keep the database (its name is printed) rather than drop it. */
    keep: { type: 'boolean', default: false },
  },
});
const SUBSCRIPTIONS = Number(args.subscriptions);
const INSTANCES = Number(args.instances);
const REDIS_URL = args.redis === 'none' ? undefined : args.redis;
const LIMIT_MS = Number(args.limit) * 1000;
const DECLINED_EVERY = Number(args.declined) > 0 ? Math.round(100 / Number(args.declined)) : 0;
const POLL_MS = 250;
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL: the renewals bench runs on PostgreSQL');

const PLAN_ID = 'bench-monthly';
const PLAN_SNAPSHOT = {
  name: 'Bench Monthly',
  amount: 900,
  currency: 'usd',
  durationMinutes: 30 * 24 * 60,
  features: ['Unlimited premium articles'],
  premiumArticles: null,
  familySeats: 1,
  renewsEvery: 'month',
  freeDays: 0,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
// A month after, as addInterval (packages/shared/src/plans.ts) counts it: in UTC, the day clamped to the month's end.
const monthAfter = (column: string) =>
  sql.raw(`((${column} at time zone 'UTC') + interval '1 month') at time zone 'UTC'`);
const monthBefore = (column: string) =>
  sql.raw(`((${column} at time zone 'UTC') - interval '1 month') at time zone 'UTC'`);

/**
 * The renewing readers, in one statement: users whose access runs to their period's end, their subscriptions
 * (active; a visa token, or a declined card's for every `DECLINED_EVERY`-th; the period ending between `from` and
 * `from` + 60 s, evenly spread, to the millisecond as the server writes times) and the checkout's payment of the
 * first period. `bench_due` keeps each subscription's seeded period end and card for the checks.
 */
async function seedRenewals(db: Database['db'], from: Date) {
  const declinedCard = sql.raw(
    `(case when ${DECLINED_EVERY} > 0 and p.n % ${DECLINED_EVERY || 1} = 0 then 'pm_test_charge_declined_' else 'pm_test_visa_' end)`,
  );
  await db.execute(sql`
    insert into plans (id, name, price_minor, currency, duration_minutes, features, premium_articles, family_seats,
                       position, visibility, renews_every, free_days)
    select ${PLAN_ID}, ${PLAN_SNAPSHOT.name}, ${PLAN_SNAPSHOT.amount}, ${PLAN_SNAPSHOT.currency},
           ${PLAN_SNAPSHOT.durationMinutes}, array[${PLAN_SNAPSHOT.features[0]}]::text[], null, 1,
           coalesce(max(position), 0) + 1, 'listed', 'month', 0
    from plans`);
  await db.execute(sql`
    with due as (
      select n, date_trunc('milliseconds', ${from.toISOString()}::timestamptz + make_interval(secs => (n - 1) * 60.0 / ${SUBSCRIPTIONS})) as period_end
      from generate_series(1, ${SUBSCRIPTIONS}) as n),
    periods as (select n, ${monthBefore('period_end')} as period_start, period_end from due),
    readers as (
      insert into users (name, email, profile_pic, premium_taken, premium_articles_since, created_at)
      select 'Renewing Reader ' || n, 'renewing.reader' || n || '@bench.example',
             '/api/uploads/' || repeat('d', 64) || '.webp', period_end, period_start, period_start
      from periods
      returning id, email),
    subscribed as (
      insert into subscriptions (user_id, plan_id, plan_snapshot, provider, payment_method, card_last4, status,
                                 period_start, period_end, next_attempt_at, created_at, updated_at)
      select r.id, ${PLAN_ID}, ${JSON.stringify(PLAN_SNAPSHOT)}::jsonb, 'test',
             ${declinedCard} || substr(md5(r.id::text), 1, 24),
             case when ${declinedCard} = 'pm_test_visa_' then '4242' else '0341' end, 'active',
             p.period_start, p.period_end, p.period_end, p.period_start, p.period_start
      from readers r join periods p on r.email = 'renewing.reader' || p.n || '@bench.example'
      returning id, user_id, period_start, period_end)
    insert into payment_intents (user_id, plan_id, plan_snapshot, amount, currency, provider, client_secret, status,
                                 created_at, succeeded_at, period_start, period_end, subscription_id, kind)
    select user_id, ${PLAN_ID}, ${JSON.stringify(PLAN_SNAPSHOT)}::jsonb, ${PLAN_SNAPSHOT.amount},
           ${PLAN_SNAPSHOT.currency}, 'test', 'bench_checkout_' || id, 'succeeded', period_start, period_start,
           period_start, period_end, id, 'payment'
    from subscribed`);
  await db.execute(sql`create table bench_due as
    select id, user_id, period_end, payment_method like 'pm_test_charge_declined_%' as declined from subscriptions`);
  await db.execute(sql`alter table bench_due add primary key (id)`);
  await db.execute(sql`vacuum analyze`);
}

interface Instance {
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** What its renewal rounds logged ('renewals settled'), added up, and when the last one ended. */
  settled: { renewed: number; failed: number; ended: number; rounds: number; lastAt: number };
}

/** One built server; its log is read for the renewal rounds' counts, and warnings and errors are passed on. */
function startInstance(index: number, url: string, smtpUrl: string | undefined): Instance {
  const port = Number(args.port) + index;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-renewals-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: 'bench secret that is at least thirty-two characters',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    PAYMENTS: 'test',
  };
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.TEST_CLOCK;
  if (REDIS_URL) env.REDIS_URL = REDIS_URL;
  if (smtpUrl) env.SMTP_URL = smtpUrl;
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles": a profile of each instance.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const instance: Instance = {
    port,
    child,
    dataDir,
    settled: { renewed: 0, failed: 0, ended: 0, rounds: 0, lastAt: 0 },
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let entry: { level?: number; msg?: string; time?: number; renewals?: Record<string, number> };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (entry.msg === 'renewals settled' && entry.renewals) {
      instance.settled.renewed += entry.renewals.renewed ?? 0;
      instance.settled.failed += entry.renewals.failed ?? 0;
      instance.settled.ended += entry.renewals.ended ?? 0;
      instance.settled.rounds += 1;
      instance.settled.lastAt = entry.time ?? Date.now();
    } else if ((entry.level ?? 0) >= 40) {
      console.log(`[instance ${index + 1}] ${line}`);
    }
  });
  return instance;
}

/**
 * SIGINT closes at once once the rounds under way have finished; `now` (a run past its limit) kills it. Answers how
 * long it took to exit, or undefined when it had to be killed 30 s after SIGINT.
 */
async function stopInstance(instance: Instance, now = false): Promise<number | undefined> {
  let waited: number | undefined = 0;
  if (instance.child.exitCode === null && instance.child.signalCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    const asked = Date.now();
    instance.child.kill(now ? 'SIGKILL' : 'SIGINT');
    const killer = setTimeout(() => {
      waited = undefined;
      instance.child.kill('SIGKILL');
    }, 30_000);
    await exited;
    clearTimeout(killer);
    if (waited !== undefined) waited = Date.now() - asked;
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
  return waited;
}

/** CPU seconds of the bench database's backends, each counted from when it was first seen (or from 0 if new). */
function backendCpu(db: Database['db'], own: number) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let started = false;
  return {
    async sample() {
      const pids = (
        await queryRows<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity where datname = current_database() and pid <> ${own}`,
        )
      ).map((row) => row.pid);
      for (const [pid, used] of cpuSeconds(pids)) {
        if (used === 0) continue;
        if (!first.has(pid)) first.set(pid, started ? 0 : used);
        last.set(pid, used);
      }
      started = true;
    },
    total: () => [...last].reduce((sum, [pid, used]) => sum + used - first.get(pid)!, 0),
  };
}

async function one<T>(db: Database['db'], query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  return row!;
}

/** Every key of the viewer cache's generations in the bench's Redis database: how many, and how many are not 1. */
async function viewerGenerations(redis: Redis) {
  let keys = 0;
  let notOnce = 0;
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', 'dispatch-auth:generation:*', 'COUNT', 5000);
    cursor = next;
    if (found.length === 0) continue;
    keys += found.length;
    notOnce += (await redis.mget(found)).filter((value) => value !== '1').length;
  } while (cursor !== '0');
  return { keys, notOnce };
}

async function main() {
  const name = `dispatch_renewals_bench_${Date.now()}`;
  const admin = fromPostgres(serverUrl!, 1);
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = databaseUrlFor(serverUrl!, name);
  // One connection: its backend is left out of the servers' CPU.
  const database = fromPostgres(url, 1);
  const redis = REDIS_URL ? new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
  let redisOurs = false;
  const sink = args.mail ? await startSmtpSink(Number(args['smtp-port'])) : undefined;
  const instances: Instance[] = [];
  try {
    if (redis) {
      await redis.connect();
      const keys = await redis.dbsize();
      if (keys > 0) throw new Error(`${REDIS_URL} holds ${keys} keys: give --redis an empty database index`);
      redisOurs = true;
    }
    const seeding = Date.now();
    await database.migrate();
    // The seeded minute: periods end from a minute ago until now.
    const windowEnd = new Date(Math.floor(Date.now() / 1000) * 1000);
    const windowStart = new Date(windowEnd.getTime() - 60_000);
    await seedRenewals(database.db, windowStart);
    if (args.sql) {
      console.log(`before the servers: ${args.sql}`);
      await database.db.execute(sql.raw(args.sql));
      await database.db.execute(sql`vacuum analyze`);
    }
    const seeded = await one<{ subscriptions: number; payments: number }>(
      database.db,
      sql`select (select count(*)::int from subscriptions) as subscriptions,
                 (select count(*)::int from payment_intents) as payments`,
    );
    console.log(
      `seeded ${count(seeded.subscriptions)} monthly subscriptions` +
        `${DECLINED_EVERY ? ` (every ${DECLINED_EVERY}th card declined)` : ''}, their ${count(seeded.payments)} ` +
        `checkout payments, periods ending from ${windowStart.toISOString()} to ${windowEnd.toISOString()}, in ` +
        `${seconds(Date.now() - seeding)}`,
    );
    const own = (await one<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`)).pid;

    const smtpUrl = sink ? `smtp://127.0.0.1:${args['smtp-port']}` : undefined;
    for (let index = 0; index < INSTANCES; index += 1) instances.push(startInstance(index, url, smtpUrl));
    await Promise.all(
      instances.map((instance) => waitForHealth(`http://127.0.0.1:${instance.port}`, Date.now() + 120_000)),
    );
    const started = Date.now();
    const cpuBefore = instances.map((instance) => totalCpuSeconds([instance.child.pid!]));
    const backends = backendCpu(database.db, own);
    await backends.sample();
    console.log(
      `${INSTANCES} instances answering (${REDIS_URL ? `Redis ${REDIS_URL}` : 'no Redis'}` +
        `${sink ? ', mail to a local sink' : ''}); waiting for the renewals`,
    );

    const until = windowEnd.toISOString();
    const dueCount = async () =>
      (
        await one<{ due: number }>(
          database.db,
          sql`select count(*)::int as due from subscriptions where next_attempt_at <= ${until}`,
        )
      ).due;
    const anyDue = async () =>
      (
        await one<{ due: boolean }>(
          database.db,
          sql`select exists (select 1 from subscriptions where next_attempt_at <= ${until}) as due`,
        )
      ).due;
    let firstSeen = 0;
    let finished = 0;
    let left = 0;
    let lastReport = started;
    for (;;) {
      // A count reads every due row's index entry (some ms at 100,000): the loop counts until the first renewal
      // and every 10 s after it; in between it only asks whether any is left.
      const counting = !firstSeen || Date.now() - lastReport >= 10_000;
      const due = counting ? await dueCount() : (await anyDue()) ? undefined : 0;
      await backends.sample();
      const now = Date.now();
      if (!firstSeen && due !== undefined && due < SUBSCRIPTIONS) firstSeen = now;
      if (due === 0) {
        finished = now;
        break;
      }
      if (now - started > LIMIT_MS) {
        left = await dueCount();
        console.log(`gave up after ${seconds(now - started)}: ${count(left)} still due`);
        break;
      }
      if (firstSeen && counting && due !== undefined) {
        console.log(`  ${seconds(now - started)}: ${count(SUBSCRIPTIONS - due)} renewed, ${count(due)} due`);
        lastReport = now;
      }
      await sleep(POLL_MS);
    }
    const cpu = instances.map((instance, index) => totalCpuSeconds([instance.child.pid!]) - cpuBefore[index]!);
    const databaseCpu = backends.total();
    // Stopped before the checks: a round logs its counts once it finds nothing more to claim, and SIGINT lets it end;
    // past the limit they are killed (their open batch rolls back) so that the rows hold still.
    const exits = await Promise.all(instances.map((instance) => stopInstance(instance, !finished)));
    const renewedInTime = SUBSCRIPTIONS - left;

    const payments = await queryRows<{ status: string; count: number }>(
      database.db,
      sql`select status, count(*)::int as count from payment_intents where kind = 'renewal' group by status order by status`,
    );
    const checks = await one<{
      duplicates: number;
      notOnce: number;
      stillDue: number;
      notMoved: number;
      premiumWrong: number;
    }>(
      database.db,
      sql`select
        (select count(*)::int from (
           select 1 from payment_intents where kind = 'renewal' and status = 'succeeded'
           group by subscription_id, period_start having count(*) > 1) d) as duplicates,
        (select count(*)::int from (
           select b.id from bench_due b
           left join payment_intents p on p.subscription_id = b.id and p.kind = 'renewal'
                                      and p.period_start = b.period_end
           group by b.id, b.declined
           having count(p.id) filter (where p.status = 'succeeded') <> (case when b.declined then 0 else 1 end)
               or count(p.id) filter (where p.status <> 'succeeded') <> (case when b.declined then 1 else 0 end)) n)
          as "notOnce",
        (select count(*)::int from subscriptions where next_attempt_at <= ${windowEnd.toISOString()}) as "stillDue",
        (select count(*)::int from bench_due b join subscriptions s on s.id = b.id
         where case when b.declined
                    then s.status <> 'past_due' or s.period_end <> b.period_end
                      or s.past_due_since is distinct from b.period_end
                    else s.status <> 'active' or s.period_start <> b.period_end
                      or s.period_end <> ${monthAfter('b.period_end')} or s.next_attempt_at is distinct from s.period_end
               end) as "notMoved",
        (select count(*)::int from bench_due b join subscriptions s on s.id = b.id join users u on u.id = b.user_id
         where case when b.declined then u.premium_taken is null or u.premium_taken <= s.period_end
                    else u.premium_taken is distinct from s.period_end end) as "premiumWrong"`,
    );
    const viewers = redis ? await viewerGenerations(redis) : undefined;

    const settledMs = (finished || Date.now()) - started;
    console.log(
      `\nsubscriptions: ${count(SUBSCRIPTIONS)}${DECLINED_EVERY ? ` (1 card in ${DECLINED_EVERY} declined)` : ''}, ` +
        `${INSTANCES} instances, ${REDIS_URL ? 'Redis' : 'no Redis'}${sink ? ', mail' : ''}`,
    );
    console.log(
      finished
        ? `settled: ${seconds(settledMs)} from both answering (${Math.round(SUBSCRIPTIONS / (settledMs / 1000))} ` +
            `renewals/s); the first renewal seen after ${seconds(firstSeen - started)}, ` +
            `${seconds(finished - firstSeen)} from there (${Math.round(SUBSCRIPTIONS / ((finished - firstSeen) / 1000))}/s)`
        : `not settled within ${seconds(LIMIT_MS)}`,
    );
    instances.forEach((instance, index) => {
      const { settled } = instance;
      const rounds = settled.rounds
        ? `${count(settled.renewed)} renewed, ${settled.failed} failed in ${settled.rounds} round(s), `
        : 'its round had not ended, ';
      console.log(`instance ${index + 1}: ${rounds}CPU ${cpu[index]!.toFixed(1)} s`);
    });
    const serverCpu = cpu.reduce((sum, used) => sum + used, 0);
    const perRenewal = (used: number) => `${((used * 1e6) / Math.max(renewedInTime, 1)).toFixed(0)} µs`;
    console.log(
      `CPU a renewal (${count(renewedInTime)} in the time measured): servers ${perRenewal(serverCpu)}, ` +
        `PostgreSQL backends ${perRenewal(databaseCpu)} (${databaseCpu.toFixed(1)} s)`,
    );
    console.log(`renewal payments: ${payments.map((row) => `${count(row.count)} ${row.status}`).join(', ') || 'none'}`);
    console.log(`duplicates (subscription, period): ${checks.duplicates}`);
    console.log(
      `subscriptions without exactly one renewal charge (paid; refused for a declined card): ${checks.notOnce}`,
    );
    console.log(`still due: ${checks.stillDue}`);
    console.log(`subscriptions not moved on (to the next period; a declined card's: past due): ${checks.notMoved}`);
    console.log(
      `readers whose premium_taken is not the new period's end (a declined card's: past the period, the grace): ` +
        `${checks.premiumWrong}`,
    );
    if (viewers) {
      console.log(
        `viewer generations bumped in Redis: ${count(viewers.keys)} users, ${viewers.notOnce} more than once`,
      );
    }
    if (finished) {
      console.log(
        `stopping (SIGINT): ${exits.map((ms, index) => `instance ${index + 1} ${ms === undefined ? 'still running after 30 s, killed' : `exited in ${ms} ms`}`).join(', ')}`,
      );
    }
    if (sink) {
      const { receipts } = await one<{ receipts: number }>(
        database.db,
        sql`select count(*)::int as receipts from mail_outbox where kind = 'receipt'`,
      );
      console.log(
        `receipts in the outbox: ${count(receipts)}; the sink received ${count(sink.received.messages)} mails by then`,
      );
    }
    if (!finished || checks.duplicates + checks.notOnce + checks.stillDue + checks.notMoved + checks.premiumWrong > 0) {
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(instances.map((instance) => stopInstance(instance, true)));
    await sink?.close();
    await database.close();
    if (args.keep) console.log(`kept the database ${name}`);
    else await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
    if (redis && redisOurs) await redis.flushdb();
    redis?.disconnect();
  }
}

await main();
