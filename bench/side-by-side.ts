/**
 * Two builds' page renders, side by side (issue 29's last target: on a cache miss, a signed-in reader's article
 * page costs no more CPU than the anonymous render of an earlier build). See bench/README.md ("Side by side").
 *
 *   npm run build && npx tsx bench/side-by-side.ts --against /path/to/other/checkout [--rounds 8 --slice 4]
 *
 * This machine's speed drifts by a fifth from one minute to the next, more than the difference being measured, so
 * separate runs of `bench/run.ts` cannot tell the builds apart. Here both builds' servers run at once, each on its
 * own copy of one seeded PGlite database, and the load alternates between them in short slices, one server loaded
 * while the other idles: every round measures each (build, scenario) pair once, in a new random order, and the
 * figure is the median of the rounds and the median of the rounds' ratios. The other checkout must be built
 * (`npm run build` there); the database is seeded and migrated by this checkout's code.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { fromPglite, openPglite, queryRows } from '../apps/server/src/db/client.js';
import { cpuSeconds, pick, waitForHealth } from './process.js';
import { BENCH_READER, seedBenchData } from './seed.js';

const { values: args } = parseArgs({
  options: {
    /** The other build: a checkout's root, built. */
    against: { type: 'string' },
    articles: { type: 'string', default: '10000' },
    users: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '8' },
    /** Seconds each (build, scenario) pair is measured for in a round, after a second's warm-up. */
    slice: { type: 'string', default: '4' },
    connections: { type: 'string', default: '4' },
    /** Seconds each pair is loaded, unmeasured, before the first round: both processes compile their hot paths. */
    warmup: { type: 'string', default: '6' },
    port: { type: 'string', default: '3941' },
  },
});
if (!args.against) throw new Error('--against <checkout> names the other build');
const ROUNDS = Number(args.rounds);
const SLICE = Number(args.slice);
const CONNECTIONS = Number(args.connections);

interface Build {
  label: string;
  root: string;
  base: string;
  server?: ChildProcess;
  pageCookie?: string;
}

const builds: Build[] = [
  { label: 'this checkout', root: process.cwd(), base: `http://127.0.0.1:${args.port}` },
  {
    label: path.basename(path.resolve(args.against)),
    root: path.resolve(args.against),
    base: `http://127.0.0.1:${Number(args.port) + 1}`,
  },
];

/** Every request a new article, so every one misses the page cache: a render. */
const SCENARIOS = [
  { name: 'any article, signed in', signedIn: true },
  { name: 'any article, anonymous', signedIn: false },
] as const;

async function seededDirectory(): Promise<{ dir: string; approvedIds: string[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-side-by-side-'));
  const database = fromPglite(await openPglite({ dataDir: path.join(dir, 'pglite') }));
  await database.migrate();
  await seedBenchData(database.db, Number(args.articles), Number(args.users));
  const approvedIds = (
    await queryRows<{ id: string }>(database.db, sql`select id from articles where status = 'approved'`)
  ).map((row) => row.id);
  await database.close();
  return { dir, approvedIds };
}

function start(build: Build, dataDir: string): ChildProcess {
  return spawn(process.execPath, [path.join(build.root, 'apps/server/dist/server.js')], {
    cwd: build.root,
    env: {
      ...process.env,
      PORT: new URL(build.base).port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
}

async function pageCookieOf(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_READER),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((line) => line.startsWith('dispatch_page='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`${base}: the bench reader's login set no page cookie (${login.status})`);
  return cookie;
}

/** One slice of load on one build: the server's CPU (PGlite included) a request, in ms, and the errors. */
async function slice(build: Build, signedIn: boolean, approvedIds: string[], seconds: number) {
  const before = cpuSeconds([build.server!.pid!]).get(build.server!.pid!) ?? 0;
  const result = await autocannon({
    url: `${build.base}/articles/${pick(approvedIds)}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: signedIn ? { cookie: build.pageCookie! } : {},
    requests: [{ setupRequest: (request) => ({ ...request, path: `/articles/${pick(approvedIds)}` }) }],
  });
  const after = cpuSeconds([build.server!.pid!]).get(build.server!.pid!) ?? 0;
  return {
    cpuMs: ((after - before) * 1000) / Math.max(1, result.requests.total),
    errors: result.errors + result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const { dir, approvedIds } = await seededDirectory();
  const dirs = builds.map((_, index) => {
    const copy = path.join(dir, `build-${index}`);
    cpSync(path.join(dir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
    return copy;
  });
  try {
    builds.forEach((build, index) => (build.server = start(build, dirs[index]!)));
    for (const build of builds) {
      await waitForHealth(build.base, Date.now() + 120_000);
      build.pageCookie = await pageCookieOf(build.base);
    }
    // cpu[build][scenario]: one figure a round.
    const cpu = builds.map(() => SCENARIOS.map((): number[] => []));
    let errors = 0;
    const pairs = builds.flatMap((_, b) => SCENARIOS.map((__, s) => [b, s] as const));
    for (const [b, s] of pairs) await slice(builds[b]!, SCENARIOS[s]!.signedIn, approvedIds, Number(args.warmup));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [b, s] of [...pairs].sort(() => Math.random() - 0.5)) {
        const build = builds[b]!;
        await slice(build, SCENARIOS[s]!.signedIn, approvedIds, 1);
        const measured = await slice(build, SCENARIOS[s]!.signedIn, approvedIds, SLICE);
        cpu[b]![s]!.push(measured.cpuMs);
        errors += measured.errors;
      }
      process.stdout.write(`round ${round + 1} of ${ROUNDS}\n`);
    }
    console.log(
      `\n${args.articles} articles, embedded PGlite; ${CONNECTIONS} connections; ${args.warmup} s of warm-up a pair, ` +
        `then ${ROUNDS} rounds of ${SLICE} s a pair\n`,
    );
    console.log('server CPU ms a request (median of the rounds; each round in brackets)');
    builds.forEach((build, b) =>
      SCENARIOS.forEach((scenario, s) =>
        console.log(
          `  ${`${build.label}, ${scenario.name}`.padEnd(48)}${median(cpu[b]![s]!).toFixed(2).padStart(7)}  (${cpu[b]![s]!.map((ms) => ms.toFixed(2)).join(' ')})`,
        ),
      ),
    );
    const ratios = cpu[0]![0]!.map((ms, round) => ms / cpu[1]![1]!.at(round)!);
    console.log(
      `\n${builds[0]!.label}'s signed-in render against ${builds[1]!.label}'s anonymous one: median ratio ` +
        `${median(ratios).toFixed(2)} (rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})`,
    );
    console.log(`errors: ${errors}`);
  } finally {
    for (const build of builds) build.server?.kill('SIGTERM');
    await Promise.all(
      builds.map((build) => build.server && new Promise((resolve) => build.server!.once('exit', resolve))),
    );
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
