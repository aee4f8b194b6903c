import { SMTPServer } from 'smtp-server';
// What the benchmarks share: the server's database URL, waiting for it to start, and what its processes used (/proc).
import { readFileSync } from 'node:fs';

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The PostgreSQL server's URL with another database name. */
export function databaseUrlFor(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Resolves once `${base}/api/health` answers 200; throws past `deadline` (ms since the epoch). */
export async function waitForHealth(base: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

/** A process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds (user + system) each process has used so far; a process that has gone counts 0. */
export function cpuSeconds(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      used.set(pid, 0);
    }
  }
  return used;
}

/** The CPU seconds these processes have used so far, together. */
export const totalCpuSeconds = (pids: number[]) => [...cpuSeconds(pids).values()].reduce((sum, s) => sum + s, 0);

/** A local SMTP sink for the benches that mail: accepts every message, counts it and its bytes, keeps nothing. */
export function startSmtpSink(port: number) {
  const received = { messages: 0, bytes: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on('data', (chunk: Buffer) => (received.bytes += chunk.length));
      stream.on('end', () => {
        received.messages += 1;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  return new Promise<{ received: typeof received; close(): Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ received, close: () => new Promise<void>((done) => server.close(() => done())) }),
    ),
  );
}
