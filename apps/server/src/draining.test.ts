import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, startInstance, type Instance, type ServerBundle } from './test/server-process.js';
import { openTestDatabase } from './test/test-app.js';

const DRAIN_MS = 2_000;
const CHECK_INTERVAL_MS = 500;

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
  let bundle: ServerBundle | undefined;
  let drop = async () => {};

  beforeAll(async () => {
    bundle = await buildServer();
    let env: Record<string, string> = { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) };
    if (process.env.TEST_DATABASE_URL) {
      const test = await openTestDatabase();
      drop = test.drop;
      env = { ...env, DATABASE_URL: test.url!, JWT_SECRET: 'a shared secret of at least thirty-two characters' };
    }
    instances = await Promise.all([startInstance(bundle.script, env), startInstance(bundle.script, env)]);
  }, 90_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    await drop();
    bundle?.remove();
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

const NGINX = ['/usr/sbin/nginx', 'nginx'].find((command) => spawnSync(command, ['-v']).status === 0);
const SECRET = 'a shared secret of at least thirty-two characters';
if (!NGINX || !process.env.TEST_DATABASE_URL) {
  console.warn(
    `\n  SKIPPED: the rolling restart through nginx (draining.test.ts) needs ${
      NGINX ? '' : "Debian's nginx (apt-get install nginx; .ci/run installs it) and "
    }TEST_DATABASE_URL (.ci/run's PostgreSQL run)\n`,
  );
}

/** Debian's nginx as a site runs it: round robin, keep-alive connections to the instances, no health checks. */
async function startNginx(upstreamPorts: number[], upstreamIdleMs: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-nginx-'));
  // nginx's workers run as nobody when the tests run as root.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream dispatch {
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;`).join('\n')}
    keepalive 16;
    # Shorter than the drain, as the README asks of a production nginx: a pooled connection idle since before
    # the listener closed is nginx's to close, never met by the instance's close while nginx sends on it.
    keepalive_timeout ${upstreamIdleMs}ms;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://dispatch;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_max_temp_file_size 0;
    }
  }
}
`,
  );
  const child = spawn(NGINX!, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(200);
  return {
    url,
    errors: () => output + readFileSync(path.join(dir, 'error.log'), 'utf8'),
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!NGINX || !process.env.TEST_DATABASE_URL)('a rolling restart through nginx', () => {
  const NGINX_DRAIN_MS = 1_000;
  let bundle: ServerBundle;
  let env: Record<string, string>;
  let ports: number[] = [];
  const instances: Instance[] = [];
  let drop = async () => {};

  beforeAll(async () => {
    bundle = await buildServer();
    const test = await openTestDatabase();
    drop = test.drop;
    env = { DATABASE_URL: test.url!, JWT_SECRET: SECRET, SHUTDOWN_DRAIN_MS: String(NGINX_DRAIN_MS) };
    ports = [await freePort(), await freePort()];
    instances.push(...(await Promise.all(ports.map((port) => startInstance(bundle.script, env, port)))));
  }, 90_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    await drop();
    bundle?.remove();
  });

  it('fails no request, PATCH included, while each instance in turn gets SIGTERM under load', async () => {
    const nginx = await startNginx(ports, NGINX_DRAIN_MS / 2);
    const failures: string[] = [];
    let answered = 0;
    let sending = true;
    const REQUESTS = [
      { method: 'GET', path: '/api/config' },
      { method: 'GET', path: '/api/articles/approved' },
      // Not idempotent: nginx never retries it on another instance once sent.
      { method: 'PATCH', path: '/api/articles/views/00000000-0000-4000-8000-000000000000' },
    ];
    const client = async () => {
      for (let i = 0; sending; i += 1) {
        const { method, path: url } = REQUESTS[i % REQUESTS.length]!;
        await fetch(`${nginx.url}${url}`, { method }).then(
          async (response) => {
            const body = await response.text();
            if (response.status < 500) answered += 1;
            else failures.push(`${response.status} ${method} ${url} ${body.slice(0, 120)}`);
          },
          (error: Error) => failures.push(`${error.message} ${method} ${url}`),
        );
      }
    };
    const clients = Array.from({ length: 12 }, client);
    try {
      for (const turn of [0, 1, 0, 1]) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const leaving = instances[turn]!;
        const exited = once(leaving.child, 'exit');
        leaving.child.kill('SIGTERM');
        const [code] = (await exited) as [number | null];
        expect(code, leaving.output()).toBe(0);
        instances[turn] = await startInstance(bundle.script, env, ports[turn]);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      sending = false;
      await Promise.all(clients);
      const errors = nginx.errors();
      await nginx.stop();
      expect(failures, errors).toEqual([]);
    }
    expect(answered).toBeGreaterThan(1_000);
  }, 120_000);
});
