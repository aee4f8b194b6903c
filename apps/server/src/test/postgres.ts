/** The same PostgreSQL server, another database on it. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Test databases are dropped with their connections: those connections' farewells are expected. */
export const ignoreIdleErrors = () => undefined;
