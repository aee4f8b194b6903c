/** What a database call gets while the database is known to be unreachable: at once, not after a timeout. */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super('database unreachable: not waiting for it until it answers again', { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * Failures that say the server cannot be reached or stopped answering (not that a statement was wrong or
 * slow): a refused or timed-out connection, a connection dropped under a query, a query the server never
 * answered (the client's `query_timeout`). A statement the server itself cancelled (57014) is not one: the
 * server answered.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const UNREACHABLE_MESSAGES = /Query read timeout|Connection terminated|not queryable/;

/** A new connection the database did not complete within the connect timeout (pg-pool's message). */
const isConnectTimeout = (error: unknown) =>
  error instanceof Error && error.message === 'Connection terminated due to connection timeout';

export function isUnreachable(error: unknown): boolean {
  for (let link = error; link instanceof Error; link = link.cause) {
    const { code } = link as { code?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (UNREACHABLE_MESSAGES.test(link.message)) return true;
  }
  return false;
}

export interface AvailabilityLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Whether the database answers, as the pool last saw it (docs/decisions/039-database-outages.md). After a
 * failure that means it is unreachable, every call fails at once while one probe at a time checks, every
 * `probeIntervalMs`, whether it answers again; the first probe that succeeds lets calls through again.
 * Without it each request would wait out its own connection or query timeout against a database known to
 * be down.
 */
export function createAvailability(options: {
  probe: () => Promise<void>;
  probeIntervalMs: number;
  log: AvailabilityLog;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let down: { since: number; error: unknown } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let answers = 0;

  function scheduleProbe() {
    if (stopped) return;
    timer = setTimeout(() => {
      options.probe().then(
        () => {
          if (!down) return;
          options.log.info(`database: answering again after ${Math.round((now() - down.since) / 1000)} s`);
          down = undefined;
        },
        () => scheduleProbe(),
      );
    }, options.probeIntervalMs);
    timer.unref();
  }

  return {
    /** The error to fail a call with at once, while the database is known to be unreachable. */
    refusal(): DatabaseUnreachableError | undefined {
      return down && new DatabaseUnreachableError(down.error);
    },
    /** The database answered: a query or a new connection succeeded. */
    answered() {
      answers += 1;
    },
    /** Marks the start of a wait for a new connection, for `failed`. */
    waiting(): number {
      return answers;
    },
    /**
     * Every failure of a connection or a query passes here; only an unreachable database changes anything. A
     * new connection that timed out while other connections' queries were answered (`waitingFrom` being
     * `waiting()` as its wait began) says the database, or this process, was slow to connect, not that it is
     * gone: a busy CPU delays a connection's handshake.
     */
    failed(error: unknown, waitingFrom?: number) {
      if (down || stopped || !isUnreachable(error)) return;
      if (waitingFrom !== undefined && answers > waitingFrom && isConnectTimeout(error)) return;
      down = { since: now(), error };
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn(`database: unreachable (${reason}); answering 503 at once until it answers again`);
      scheduleProbe();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type Availability = ReturnType<typeof createAvailability>;
