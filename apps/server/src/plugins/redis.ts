import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * How long any Redis call may take. Redis answers in well under a millisecond on a healthy network,
 * so a call this slow means Redis is out: the connection is dropped and dialled again, and every
 * caller falls back to what it does without Redis (docs/decisions/038-redis-outages-and-draining.md).
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
  client: Redis;
  /** False from the moment a call fails or the connection drops until Redis answers again. */
  readonly available: boolean;
  /** Runs a call, or rejects at once while Redis is out. */
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

export function connectRedis(url: string, log: FastifyBaseLogger): SharedRedis {
  const client = new Redis(url, {
    // Fail a call at once while not connected, rather than queueing it until Redis returns.
    enableOfflineQueue: false,
    // A call sent on a connection that went quiet: rejected after this long...
    commandTimeout: REDIS_TIMEOUT_MS,
    // ...and the connection destroyed, which rejects every other call waiting on it and reconnects.
    socketTimeout: REDIS_TIMEOUT_MS,
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
  return {
    client,
    get available() {
      return available();
    },
    async call(command) {
      if (!available()) throw new Error('Redis is unreachable');
      return command(client);
    },
    async answers() {
      return (
        available() &&
        (await client.ping().then(
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
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
