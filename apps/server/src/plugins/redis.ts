import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { performance } from 'node:perf_hooks';

/**
 * How long any Redis call may take. Redis answers in well under a millisecond on a healthy network,
 * so a call this slow means Redis is out: the connection is dropped and dialled again, and every
 * caller falls back to what it does without Redis (docs/decisions/038-redis-outages-and-draining.md).
 * Time this process's event loop was too busy to read the answer does not count (boundedCall).
 */
export const REDIS_TIMEOUT_MS = 300;
// Reconnect quickly and keep trying: recovery is noticed within a second of Redis answering again.
const RECONNECT_DELAY_MS = (attempt: number) => Math.min(attempt * 100, 1_000);

/**
 * The one Redis connection an instance shares between its limits and caches, and whether it answers.
 * Calls never wait for a connection: while Redis is out they fail at once and callers use their own
 * fallback (the instance's own limiter, a short-lived or no cache).
 */
export interface SharedRedis {
  /** For `call`'s commands: a command sent on it directly has no time limit. */
  client: Redis;
  /** False from the moment a call fails or the connection drops until Redis answers again. */
  readonly available: boolean;
  /** Runs a call within REDIS_TIMEOUT_MS, or rejects at once while Redis is out. */
  call<T>(command: (client: Redis) => Promise<T>): Promise<T>;
  /** Whether Redis answers a PING now: a Redis that stopped answering is found by a call, not by the connection. */
  answers(): Promise<boolean>;
  /** Runs after Redis came back, so caches can forget what they kept meanwhile and replay what they owe. */
  onRecovered(listener: () => void): void;
  /** Resolves once the first connection succeeded or failed, so the first requests know which it is. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

// Counts and returns the key's time left in one round trip, so a key never lives without its expiry.
const COUNT_SCRIPT = `local count = redis.call('incr', KEYS[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl < 0 then
  redis.call('pexpire', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** One more on `key`, in a window of `windowMs` from its first count: the count, and the milliseconds left. */
export async function countInWindow(client: Redis, key: string, windowMs: number): Promise<[number, number]> {
  return (await client.eval(COUNT_SCRIPT, 1, key, windowMs)) as [number, number];
}

// How often the event loop's lag is sampled, and the most wall time a call waits however busy the loop is.
const LAG_TICK_MS = 10;
const MOST_WALL_TIME_MS = 10 * REDIS_TIMEOUT_MS;

/**
 * How long this process's event loop has been too busy to run a timer, in total: a tick every LAG_TICK_MS
 * adds how late it ran. Read inside a late timer, the lateness not yet sampled counts too.
 */
function watchLoopLag() {
  let total = 0;
  let due = performance.now() + LAG_TICK_MS;
  const overdue = () => Math.max(0, performance.now() - due);
  const tick = setInterval(() => {
    total += overdue();
    due = performance.now() + LAG_TICK_MS;
  }, LAG_TICK_MS);
  tick.unref();
  return { total: () => total + overdue(), stop: () => clearInterval(tick) };
}
type LoopLag = ReturnType<typeof watchLoopLag>;

/**
 * `work`, or a rejection once Redis has had REDIS_TIMEOUT_MS of time in which this process could have read its
 * answer: the event loop's lag is subtracted. On a loaded CPU the loop can be busy (rendering pages) for longer
 * than the bound while the answer waits on the socket, and a plain timer then fires before the loop reads it:
 * ioredis's own `commandTimeout` and `socketTimeout` counted that as an outage
 * (docs/decisions/059-a-busy-moment-is-no-outage.md). However busy the loop, a call waits MOST_WALL_TIME_MS at most.
 */
function boundedCall<T>(work: Promise<T>, lag: LoopLag, onTimeout: (error: Error) => void): Promise<T> {
  const started = performance.now();
  const lagBefore = lag.total();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout;
    const giveUpOrWait = () => {
      if (settled) return;
      const waited = performance.now() - started;
      const left = Math.min(REDIS_TIMEOUT_MS - (waited - (lag.total() - lagBefore)), MOST_WALL_TIME_MS - waited);
      if (left > 0) {
        timer = setTimeout(giveUpOrWait, left);
        return;
      }
      settled = true;
      const error = new Error(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`);
      reject(error);
      onTimeout(error);
    };
    timer = setTimeout(giveUpOrWait, REDIS_TIMEOUT_MS);
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      finish();
    };
    work.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error as Error)),
    );
  });
}

export function connectRedis(url: string, log: FastifyBaseLogger): SharedRedis {
  const client = new Redis(url, {
    // Fail a call at once while not connected, rather than queueing it until Redis returns.
    enableOfflineQueue: false,
    // Calls are bounded by `boundedCall`, which drops the connection when one goes unanswered.
    connectTimeout: 1_000,
    // A call cut off by a lost connection fails then: it is never sent again later (a count must not run twice).
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: RECONNECT_DELAY_MS,
  });
  let state: 'starting' | 'up' | 'down' = 'starting';
  let closing = false;
  const listeners: (() => void)[] = [];
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));

  const wentAway = (reason: string) => {
    if (state === 'down' || closing) return;
    state = 'down';
    settle();
    log.warn(
      { reason },
      'Redis is unreachable: limits count in this instance only and caches keep answers 5 s at most',
    );
  };
  // Every failed reconnection emits one (without a listener ioredis prints each); the close that follows says it went.
  let lastError = 'connection closed';
  client.on('error', (error: Error) => (lastError = error.message));
  client.on('close', () => wentAway(lastError));
  client.on('ready', () => {
    const previous = state;
    state = 'up';
    lastError = 'connection closed';
    settle();
    if (previous !== 'down') return;
    log.info('Redis is reachable again');
    for (const listener of listeners) listener();
  });

  const available = () => state === 'up' && client.status === 'ready';
  const lag = watchLoopLag();
  // A call unanswered on a connection that went quiet: the connection is destroyed, which rejects every other
  // call waiting on it, says Redis went away and dials again.
  const unanswered = (error: Error) => {
    wentAway(error.message);
    if (client.status === 'ready') client.stream.destroy(error);
  };
  const call = async <T>(command: (client: Redis) => Promise<T>): Promise<T> => {
    if (!available()) throw new Error('Redis is unreachable');
    return boundedCall(command(client), lag, unanswered);
  };
  return {
    client,
    get available() {
      return available();
    },
    call,
    async answers() {
      return (
        available() &&
        (await call((redis) => redis.ping()).then(
          () => true,
          () => false,
        ))
      );
    },
    onRecovered(listener) {
      listeners.push(listener);
    },
    settled: () => settled,
    async close() {
      closing = true;
      lag.stop();
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
