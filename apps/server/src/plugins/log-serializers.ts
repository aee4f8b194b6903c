import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { causesOf, isDatabaseError } from './database-errors.js';

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

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
  const message = database?.message ?? 'Failed query';
  return {
    type: error.constructor.name,
    message,
    code: database?.code,
    constraint: database?.constraint,
    table: database?.table,
    column: database?.column,
    severity: database?.severity,
    routine: database?.routine,
    query: failedQuery?.query,
    stack: `${error.constructor.name}: ${message}\n${framesOf(error)}`,
  };
}

// A payment's client secret, and the code and state Google sends back to the callback, are credentials.
const SECRET_QUERY_VALUES = /([?&](?:clientSecret|code|state)=)[^&#]*/g;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY_VALUES, '$1[redacted]');

/** Fastify's `req` serializer, with the credentials a query may carry left out. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const LOG_SERIALIZERS = { err: serializeError, req: serializeRequest };
