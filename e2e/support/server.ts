import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CLIENT, startOidcProvider } from '../../apps/server/src/test/oidc-provider.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../apps/server/src/test/smtp-server.js';

export const ADMIN = { email: 'editor@dispatch.test', password: 'Editor#2026' };

/** Who signs in at the local stand-in for Google: its login form takes the key as the login name. */
export const GOOGLE_IDENTITIES = {
  gina: { sub: 'google-gina', email: 'gina.google@example.com', email_verified: true, name: 'Gina Google' },
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, deadline: number, output: () => string) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy:\n${output()}`);
}

/** What the site's SMTP server received, as JSON over HTTP: the journeys run in other processes. */
async function startMailbox(smtp: TestSmtpServer) {
  const server = createHttpServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(smtp.received));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The built server on a fresh embedded database with demo content and the e2e admin; `env` adds settings.
 * Journeys that need an option the others must not see (FREE_PREMIUM_READS) start their own.
 */
export async function startServer(env: Record<string, string> = {}, port?: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-e2e-'));
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // The journeys register more readers from one address than a real site allows in an hour.
      LIMIT_REGISTRATIONS_PER_HOUR: '1000',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, Date.now() + 90_000, () => output);
  return {
    baseUrl,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One journey worker's site: its server, mailbox and stand-in for Google. */
export interface Stack {
  baseUrl: string;
  mailboxUrl: string;
}

/** A server sending mail to a local SMTP server and signing in with a local stand-in for Google. */
async function startStack() {
  // Google's stand-in must know the callback before the server starts.
  const port = await freePort();
  const google = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/google/callback`, GOOGLE_IDENTITIES);
  const smtp = await startTestSmtpServer();
  const mailbox = await startMailbox(smtp);
  const server = await startServer(
    {
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      OIDC_ISSUER_URL: google.issuer,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'The Daily Dispatch <news@dispatch.test>',
    },
    port,
  );
  return {
    stack: { baseUrl: server.baseUrl, mailboxUrl: mailbox.url },
    async stop() {
      await server.stop();
      await google.close();
      await mailbox.close();
      await smtp.close();
    },
  };
}

/**
 * One site per journey worker (e2e/vitest.config.ts): a worker runs its files one at a time against its own
 * site, as the whole run once did against one, so no two journeys ever share a site at the same time.
 */
export default async function setup(project: TestProject) {
  const workers = project.config.maxWorkers;
  const stacks = await Promise.all(Array.from({ length: workers }, startStack));
  project.provide(
    'stacks',
    stacks.map(({ stack }) => stack),
  );
  return async () => {
    await Promise.all(stacks.map(({ stop }) => stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stacks: Stack[];
  }
}
