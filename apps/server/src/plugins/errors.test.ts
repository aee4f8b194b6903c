import { API_MESSAGES, ERROR_CODES, type ErrorResponse } from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { registerErrorHandling } from './errors.js';

/** The second line behind the shared text rule: what the database refuses as text is still the request's fault. */
describe('the error handler with a database that refuses a text', () => {
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database.database;
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    // Routes that skip validation on purpose, as a schema that forgot the rule would.
    app.get('/nul-in-text', () => db.execute(sql`select ${'a\u0000b'}::text as value`));
    app.get('/nul-in-json', () => db.execute(sql`select (${'{"a": "\\u0000"}'}::jsonb ->> 'a') as value`));
    app.get('/missing-table', () => db.execute(sql`select * from no_such_table`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each([
    ['a NUL in a text parameter (invalid byte sequence, 22021)', '/nul-in-text'],
    ['a \\u0000 in JSON (unsupported Unicode escape, 22P05)', '/nul-in-json'],
  ])('answers %s with a 400 that says what to remove', async (_name, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>()).toMatchObject({
      code: ERROR_CODES.validationFailed,
      message: API_MESSAGES.unstorableText,
    });
  });

  it('still answers any other database failure with a 500 that shows no SQL', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing-table' });
    expect(response.statusCode).toBe(500);
    expect(response.json<ErrorResponse>().code).toBe(ERROR_CODES.internal);
    expect(response.body).not.toContain('no_such_table');
  });
});
