import { TEXT, type ErrorResponse } from '@dispatch/shared';
import type { InjectOptions } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser, makeImage } from './test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from './test/http.js';
import {
  bodyCases,
  multipartCases,
  operationsOf,
  pathCases,
  queryCases,
  wellFormedValue,
  type Case,
  type Operation,
} from './test/malformed-requests.js';
import { createTestContext, type TestContext } from './test/test-app.js';

type Role = 'anonymous' | 'user' | 'admin';

interface Failure {
  role: Role;
  operation: string;
  case: string;
  status: number;
  body: string;
}

/**
 * Every operation of the OpenAPI document × malformed paths, queries and bodies × anonymous, a reader and an admin:
 * nothing a client sends may answer 5xx, and a NUL in any text is refused by the shared text rule
 * (docs/decisions/017-untrusted-input.md).
 */
describe('the API under malformed requests', () => {
  let ctx: TestContext;
  const tokens: Partial<Record<Role, string>> = {};
  let known: Record<string, unknown>;
  let pathValues: Record<string, string>;
  let promotableId: string;
  let requests = 0;
  let webDir: string;

  beforeAll(async () => {
    // A built web app, so a path no route matches falls through to its page, as in production.
    webDir = mkdtempSync(path.join(tmpdir(), 'dispatch-fuzz-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Shell</title>');
    ctx = await createTestContext({ webDir });
    const db = ctx.database.db;
    const reader = await signedInUser(ctx.app, db);
    tokens.user = reader.token;
    tokens.admin = (await signedInUser(ctx.app, db, { role: 'admin' })).token;
    const publisher = await insertPublisher(db, { name: 'Fuzz Post' });
    const article = await insertArticle(db, { publisherId: publisher.id, authorId: reader.user.id });
    promotableId = (await insertUser(db)).id;
    const image = await makeImage(ctx.images);
    known = {
      email: reader.user.email,
      password: PASSWORD,
      image,
      logo: image,
      profile_pic: image,
      publisher: publisher.name,
      number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    };
    pathValues = { id: article.id, email: encodeURIComponent(reader.user.email), page: '1' };
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  // Logging out ends the session the later requests use.
  const lastOfAll = (operation: Operation) => (operation.path === '/api/auth/logout' ? 1 : 0);

  function urlOf(operation: Operation, path: Record<string, string>, query: string) {
    const idOf = operation.path.startsWith('/api/users/admin/') ? promotableId : pathValues.id!;
    const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name in path ? path[name]! : name === 'id' ? idOf : pathValues[name]!,
    );
    return query ? `${filled}?${query}` : filled;
  }

  function casesOf(operation: Operation): Case[] {
    const wellFormedQuery = Object.fromEntries(
      operation.parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [parameter.name, wellFormedValue(parameter.schema, parameter.name, known)]),
    );
    const wellFormedBody = operation.body
      ? (wellFormedValue(operation.body, 'body', known) as Record<string, unknown>)
      : undefined;
    const takesBody = ['POST', 'PATCH', 'PUT'].includes(operation.method);
    const wellFormed: Case = {
      name: 'well formed',
      query: new URLSearchParams(wellFormedQuery as Record<string, string>).toString(),
      ...(wellFormedBody && {
        payload: JSON.stringify(wellFormedBody),
        headers: { 'content-type': 'application/json' },
      }),
    };
    return [
      wellFormed,
      ...pathCases(operation).map((one) => ({ ...wellFormed, ...one })),
      ...queryCases(operation, wellFormedQuery).map((one) => ({ ...wellFormed, ...one })),
      ...(wellFormedBody ? bodyCases(operation, wellFormedBody) : []).map((one) => ({ ...wellFormed, ...one })),
      ...(takesBody ? multipartCases() : []).map((one) => ({ ...wellFormed, ...one })),
    ];
  }

  async function send(operation: Operation, one: Case, role: Role) {
    requests += 1;
    const options: InjectOptions = {
      method: operation.method,
      url: urlOf(operation, one.path ?? {}, one.query ?? ''),
      // A different address each time, so the per-address limits do not stand in front of the code under test.
      remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
      headers: { ...one.headers, ...(tokens[role as 'user'] && bearer(tokens[role as 'user']!)) },
      ...(one.payload !== undefined && { payload: one.payload }),
    };
    return ctx.app.inject(options);
  }

  /** The text rule's 400, unless the access check (401, 403) or a rate limit (429) answered before validation. */
  const refusesNul = (response: Awaited<ReturnType<typeof send>>) =>
    [401, 403, 429].includes(response.statusCode) ||
    (response.statusCode === 400 &&
      JSON.stringify(response.json<ErrorResponse>().fieldErrors ?? {}).includes(TEXT.validation.noNul));

  it(
    'answers every request with a status below 500, and a NUL in any text with a 400',
    { timeout: 180_000 },
    async () => {
      const operations = operationsOf(ctx.app.swagger() as never).sort((a, b) => lastOfAll(a) - lastOfAll(b));
      expect(operations.length).toBeGreaterThan(30);
      const failures: Failure[] = [];
      for (const role of ['anonymous', 'user', 'admin'] as const) {
        for (const operation of operations) {
          for (const one of casesOf(operation)) {
            const response = await send(operation, one, role);
            if (response.statusCode >= 500 || (one.refusesNul && !refusesNul(response))) {
              failures.push({
                role,
                operation: `${operation.method} ${operation.path}`,
                case: one.name,
                status: response.statusCode,
                body: response.body.slice(0, 200),
              });
            }
          }
        }
      }
      console.info(`API fuzz: ${requests} requests`);
      expect(failures).toEqual([]);
    },
  );
});
