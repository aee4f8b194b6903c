import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';

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

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

function isDatabaseError(value: unknown): value is DatabaseError {
  if (!(value instanceof Error)) return false;
  const { code, severity } = value as Partial<DatabaseError>;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

function causesOf(error: unknown): unknown[] {
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

/** The stack without its first line, which repeats the message and with it the query's values. */
function framesOf(error: Error): string {
  const stack = error.stack ?? '';
  const header = String(error);
  if (stack.startsWith(header)) return stack.slice(header.length).replace(/^\n/, '');
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/**
 * pino's `err` serializer, except for a failed query: Drizzle's message ("Failed query: … params: …"), PGlite's
 * `params` and PostgreSQL's `detail` and `where` carry the values the query was given (password hashes, client
 * secrets, e-mails), so such an error is logged by its code, constraint, message and SQL text only.
 */
export function serializeError(error: Error): LoggedError {
  const chain = causesOf(error);
  const database = chain.find(isDatabaseError);
  const failedQuery = chain.find((link): link is DrizzleQueryError => link instanceof DrizzleQueryError);
  if (!database && !failedQuery) return stdSerializers.err(error);
  const outer = error;
  const message = database?.message ?? 'Failed query';
  return {
    type: outer.constructor.name,
    message,
    code: database?.code,
    constraint: database?.constraint,
    table: database?.table,
    column: database?.column,
    severity: database?.severity,
    routine: database?.routine,
    query: failedQuery?.query,
    stack: `${outer.constructor.name}: ${message}\n${framesOf(outer)}`,
  };
}
