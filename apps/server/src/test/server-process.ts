import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_ROOT } from '../paths.js';

/*
 * The real server in its own process, as production starts it, for the tests that send it signals. It is bundled
 * as `npm run build` does (tsx would compile every file at each start, slow on a busy machine) into a folder of
 * its own directly in the server package, so the paths it derives from its place hold (one level up is the
 * package) and a build running meanwhile neither sees nor removes it.
 */

export interface ServerBundle {
  script: string;
  remove(): void;
}

export async function buildServer(): Promise<ServerBundle> {
  const pkg = (await import('../../package.json', { with: { type: 'json' } })).default;
  const outdir = mkdtempSync(path.join(SERVER_ROOT, '.test-server-'));
  await build({
    entryPoints: {
      server: path.join(SERVER_ROOT, 'src', 'server.ts'),
      'brief-worker': path.join(SERVER_ROOT, 'src', 'brief-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: Object.keys(pkg.dependencies),
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return { script: path.join(outdir, 'server.js'), remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts an instance (on a free port unless given) with its own DATA_DIR; resolves once `/api/health` answers 200. */
export async function startInstance(script: string, env: Record<string, string>, port?: number): Promise<Instance> {
  port ??= await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-instance-'));
  let output = '';
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SWEEP_INTERVAL_MINUTES: '0',
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
