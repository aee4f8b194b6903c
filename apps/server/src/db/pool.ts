import pg from 'pg';
import { isUnreachable, type Availability } from './availability.js';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

const isBegin = (query: unknown) => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

/**
 * node-postgres's pool, failing at once while the database is known to be unreachable (`availability`),
 * and giving back every connection a transaction lost (docs/decisions/039-database-outages.md).
 */
export class GuardedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly availability: Availability,
  ) {
    super(config);
    // `pool.query` releases its connection with the query's error: a query the server never answered shows here.
    // A connection given back without one, or a new one made, says the database answers.
    this.on('release', (error) => {
      if (error) availability.failed(error);
      else availability.answered();
    });
    this.on('connect', () => availability.answered());
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const refusal = this.availability.refusal();
    const waitingFrom = this.availability.waiting();
    if (callback) {
      if (refusal) return process.nextTick(callback, refusal, undefined, () => {});
      return super.connect((error, client, done) => {
        if (error) this.availability.failed(error, waitingFrom);
        callback(error, client, done);
      });
    }
    if (refusal) return Promise.reject(refusal);
    return super.connect().then(
      (client) => guardCheckout(client, this.availability),
      (error: unknown) => {
        this.availability.failed(error, waitingFrom);
        throw error;
      },
    );
  }

  /** One `select 1` on a connection of its own, past the refusal: does the database answer again? */
  async probe(): Promise<void> {
    const client = await super.connect();
    try {
      await client.query('select 1');
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }
}

/**
 * A connection checked out with `connect()` (Drizzle's `transaction()` does) is given back at once, with
 * the error, when a query on it fails because the database is unreachable or when its `begin` fails:
 * Drizzle runs `begin` before the `try` that releases the connection, so a failed `begin` would keep it
 * from the pool for ever, and after a query the server never answered the connection is unusable (its
 * `rollback` would wait a second timeout). A connection dropped while checked out emits `error` with no
 * listener, which would end the process. Later queries on a given-back connection fail at once, and
 * Drizzle's own `release()` then does nothing.
 */
function guardCheckout(client: pg.PoolClient, availability: Availability): pg.PoolClient {
  const poolRelease = client.release;
  const query = client.query;
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', onError);
    client.query = query;
    poolRelease(error);
  };
  const onError = (error: Error) => {
    availability.failed(error);
    giveBack(error);
  };
  client.on('error', onError);
  client.release = giveBack;
  client.query = ((...args: Parameters<typeof query>) => {
    const result = (query as (...parameters: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise) {
      result.then(undefined, (error: Error) => {
        if (!isUnreachable(error) && !isBegin(args[0])) return;
        availability.failed(error);
        giveBack(error);
      });
    }
    return result;
  }) as typeof query;
  return client;
}
