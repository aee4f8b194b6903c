import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, openPglite } from '../db/client.js';
import { databaseUrlFor, ignoreIdleErrors } from './postgres.js';

/**
 * Migrates one database for the whole run; each test file then starts from a copy of it
 * (a PGlite data-dir dump, or a PostgreSQL template database).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `dispatch_template_${process.pid}`;
    const admin = fromPostgres(serverUrl, 1, ignoreIdleErrors);
    await admin.db.execute(`drop database if exists ${template}`);
    await admin.db.execute(`create database ${template}`);
    const database = fromPostgres(databaseUrlFor(serverUrl, template), 1, ignoreIdleErrors);
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.db.execute(`drop database if exists ${template}`);
      await admin.close();
    };
  }
  const client = await openPglite();
  await fromPglite(client).migrate();
  const dump = await client.dumpDataDir('none');
  project.provide('pgliteDump', new Uint8Array(await dump.arrayBuffer()));
  await client.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: Uint8Array;
    postgresTemplate: string;
  }
}
