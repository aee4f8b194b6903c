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
// node-postgres's own timeouts and a server that is gone carry no SQLSTATE.
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|connection timeout|Query read timeout|Connection terminated|ECONNREFUSED/i;

/** True when a query failed because the database is slow or unreachable; Drizzle wraps the driver's error as `cause`. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code === 'ECONNREFUSED')) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
