import type { AppDeps } from '../app-types.js';
import type { CacheNamespace } from '../plugins/response-cache.js';
import type { Db } from './client.js';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a change makes stale, noted inside its transaction where the change is known, and cleared only once the
 * transaction committed: never after a rollback, and never before the new rows can be read
 * (docs/decisions/051-articles-by-job-and-effects-after-commit.md).
 */
export interface AfterCommit {
  /** Every cached answer of the namespace: `catalogue` (articles, publishers, corrections), `users`, `plans`. */
  stale(namespace: CacheNamespace): void;
  /** A person's cached viewer: their sessions, role, premium, family or profile changed. */
  viewerChanged(userId: string): void;
  /**
   * Work outside the database that the change decided (a call to Stripe), run once the transaction committed and
   * what it made stale was cleared, in the order asked: no connection or lock waits for it. It reports its own
   * failure, since the change it follows stays committed.
   */
  call(effect: () => Promise<void>): void;
}

export type CommitDeps = Pick<AppDeps, 'db' | 'cache' | 'viewers'>;

/**
 * Runs `work` in one transaction, then, once it committed, invalidates what it marked stale, each once, and runs the
 * effects it asked for (`after.call`).
 * The one way a service changes rows that cached answers or viewers depend on.
 */
export async function commit<T>(
  { db, cache, viewers }: CommitDeps,
  work: (tx: Transaction, after: AfterCommit) => Promise<T>,
): Promise<T> {
  const namespaces = new Set<CacheNamespace>();
  const people = new Set<string>();
  const effects: (() => Promise<void>)[] = [];
  const after: AfterCommit = {
    stale: (namespace) => void namespaces.add(namespace),
    viewerChanged: (userId) => void people.add(userId),
    call: (effect) => void effects.push(effect),
  };
  const result = await db.transaction((tx) => work(tx, after));
  await viewers.invalidateUsers([...people]);
  for (const namespace of namespaces) await cache.invalidate(namespace);
  for (const effect of effects) await effect();
  return result;
}
