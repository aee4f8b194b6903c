import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths.js';
import { openTestDatabase } from './test/test-app.js';

// Bundled as `npm run build` does (tsx would compile every file at each start, slow on a busy
// machine), beside dist/server.js so that the paths it derives from its own place hold.
const SERVER_SCRIPT = path.join(SERVER_ROOT, 'dist', 'draining-test-server.js');
const DRAIN_MS = 2_000;
const CHECK_INTERVAL_MS = 500;

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** The real server in its own process, as production starts it, on PostgreSQL when the suite has one. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-drain-'));
  let output = '';
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SWEEP_INTERVAL_MINUTES: '0',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

/**
 * A load balancer as simple as they come: round robin over the instances whose `/api/health` answered
 * 200 at the last check (every 500 ms), keep-alive connections to them, no retries.
 */
async function startBalancer(upstreams: string[]) {
  const healthy = new Set<string>();
  const agent = new Agent({ keepAlive: true });
  let turn = 0;
  const check = () =>
    Promise.all(
      upstreams.map(async (upstream) => {
        const ok = await fetch(`${upstream}/api/health`, { signal: AbortSignal.timeout(400) }).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) healthy.add(upstream);
        else healthy.delete(upstream);
      }),
    );
  await check();
  const timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
  const server: Server = createServer((incoming, outgoing) => {
    const inRotation = upstreams.filter((upstream) => healthy.has(upstream));
    const upstream = inRotation[turn++ % inRotation.length];
    if (!upstream) return void outgoing.writeHead(503).end();
    const forwarded = httpRequest(
      `${upstream}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    healthy,
    async close() {
      clearInterval(timer);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a rolling restart through a load balancer', () => {
  let instances: Instance[] = [];
  let drop = async () => {};

  beforeAll(async () => {
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default;
    await build({
      entryPoints: [path.join(SERVER_ROOT, 'src', 'server.ts')],
      outfile: SERVER_SCRIPT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      external: Object.keys(pkg.dependencies),
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    let env: Record<string, string> = {};
    if (process.env.TEST_DATABASE_URL) {
      const test = await openTestDatabase();
      drop = test.drop;
      env = { DATABASE_URL: test.url!, JWT_SECRET: 'a shared secret of at least thirty-two characters' };
    }
    instances = await Promise.all([startInstance(env), startInstance(env)]);
  }, 90_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    await drop();
    rmSync(SERVER_SCRIPT, { force: true });
  });

  it('loses no request while one instance gets SIGTERM and drains', async () => {
    const [leaving, staying] = instances as [Instance, Instance];
    const balancer = await startBalancer([leaving.url, staying.url]);
    expect(balancer.healthy.size).toBe(2);
    const failures: string[] = [];
    let answered = 0;
    let sending = true;
    const client = async () => {
      for (let i = 0; sending; i += 1) {
        const url = `${balancer.url}${i % 2 ? '/api/config' : '/api/articles/approved'}`;
        await fetch(url).then(
          async (response) => {
            await response.arrayBuffer();
            if (response.ok) answered += 1;
            else failures.push(`${response.status} ${url}`);
          },
          (error: Error) => failures.push(`${error.message} ${url}`),
        );
      }
    };
    const clients = Array.from({ length: 4 }, client);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const signalled = Date.now();
      const exited = once(leaving.child, 'exit');
      leaving.child.kill('SIGTERM');

      // Draining: the health check says no, everything else is still served.
      await expect
        .poll(() => fetch(`${leaving.url}/api/health`).then((response) => response.status), { timeout: 1_000 })
        .toBe(503);
      expect((await fetch(`${leaving.url}/api/config`)).status).toBe(200);

      const [code] = (await exited) as [number | null];
      expect(code, leaving.output()).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      sending = false;
      await Promise.all(clients);
      await balancer.close();
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  }, 60_000);
});
