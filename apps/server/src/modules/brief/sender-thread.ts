import type { FastifyBaseLogger } from 'fastify';
import { once } from 'node:events';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/*
 * On PostgreSQL the brief's sender runs in a worker thread (src/brief-worker.ts): a send of 100,000 briefs
 * allocates far more than the pages served meanwhile, and in the server's own heap the collector let that heap
 * grow by hundreds of megabytes. The thread's heap is capped instead; if a send ever outgrew it, the thread
 * ends, its claims run out and a new thread resumes the send (the sender is resumable by design).
 * PGlite is one process's database, so there the sender stays on the main thread.
 * docs/decisions/043-the-daily-brief.md
 */

export const BRIEF_THREAD_POOL_SIZE = 5;
// Measured with bench/brief-send.ts: a larger old generation let the heap grow as much as on the main thread.
export const BRIEF_THREAD_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };
const RESTART_AFTER_MS = 5_000;
const STOP_DEADLINE_MS = 15_000;

export interface BriefThreadOptions {
  /** The worker's module: dist/brief-worker.js when built, src/brief-worker-source.mjs from the source. */
  entry: URL;
  env?: NodeJS.ProcessEnv;
  restartAfterMs?: number;
}

export function briefWorkerEntry(serverModuleUrl: string): URL {
  return new URL(serverModuleUrl.endsWith('.ts') ? './brief-worker-source.mjs' : './brief-worker.js', serverModuleUrl);
}

export function startBriefSenderThread(options: BriefThreadOptions, log: FastifyBaseLogger) {
  let stopping = false;
  let worker: Worker;
  let restart: NodeJS.Timeout | undefined;
  const spawn = () => {
    worker = new Worker(options.entry, {
      env: options.env ?? process.env,
      resourceLimits: BRIEF_THREAD_LIMITS,
    });
    worker.on('error', (error) => log.error({ err: error }, 'brief: the sending thread failed'));
    worker.on('exit', (code) => {
      if (stopping) return;
      log.warn({ code }, 'brief: the sending thread ended; starting another');
      restart = setTimeout(spawn, options.restartAfterMs ?? RESTART_AFTER_MS);
    });
  };
  spawn();
  return {
    /** Ends the thread after the round under way (the sender's own stop), or at the deadline. */
    async stop() {
      stopping = true;
      clearTimeout(restart);
      if (worker.threadId === -1) return;
      const exited = once(worker, 'exit');
      worker.postMessage('stop');
      const deadline = setTimeout(() => void worker.terminate(), STOP_DEADLINE_MS);
      await exited;
      clearTimeout(deadline);
    },
  };
}
