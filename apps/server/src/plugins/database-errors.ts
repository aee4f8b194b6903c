import { DatabaseUnreachableError } from '../db/availability.js';

/** What PostgreSQL (node-postgres and PGlite alike) says about a failed statement. */
export interface DatabaseError extends Error {
  code: string;
  severity: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** "invalid byte sequence" (a NUL in text) and "unsupported Unicode escape" (\u0000 in JSON): the request's fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
const MAX_CAUSES = 5;

export function isDatabaseError(value: unknown): value is DatabaseError {
  if (!(value instanceof Error)) return false;
  const { code, severity } = value as Partial<DatabaseError>;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

export function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let link = error; link instanceof Error && chain.length < MAX_CAUSES; link = link.cause) chain.push(link);
  return chain;
}

/** The database's own error, whether thrown as is or wrapped (Drizzle wraps it in `cause`). */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  return causesOf(error).find(isDatabaseError);
}

/** The database refused a text no schema should have let through: the request is at fault, not the server. */
export function isUnstorableText(error: unknown): boolean {
  const database = databaseErrorOf(error);
  return database !== undefined && UNSTORABLE_TEXT.has(database.code);
}

// SQLSTATEs that mean "the database could not answer now", not "this request is wrong":
// query_canceled (statement_timeout), idle_in_transaction_session_timeout, the server shutting
// down or refusing connections, too many connections.
const UNAVAILABLE_SQLSTATES = new Set([
  '57014',
  '25P03',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08003',
  '08006',
]);
// node-postgres's own timeouts, a server that is gone and a connection given up on carry no SQLSTATE.
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|connection timeout|Query read timeout|Connection terminated|ECONNREFUSED|not queryable/i;

/** How long a client is asked to wait before trying again after a 503 for an unavailable database. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** True when a query failed because the database is slow or unreachable, not because the request is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some((link) => {
    if (link instanceof DatabaseUnreachableError) return true;
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code === 'ECONNREFUSED')) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
  });
}

/** A call refused at once because the database is known to be down: the pool logged that once already. */
export const isRefusedWhileDown = (error: unknown) =>
  causesOf(error).some((link) => link instanceof DatabaseUnreachableError);
