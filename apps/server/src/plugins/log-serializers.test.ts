import type { PaymentIntent } from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipart, PASSWORD, pngBytes, signedInUser } from '../test/http.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { redactUrl, serializeError } from './log-serializers.js';

/** A failed query's error carries the values it was given, a URL may carry a credential: the log names neither. */
describe('the log', () => {
  let ctx: TestContext;
  let logged = '';

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    ctx = await createTestContext({ logStream, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => ctx.close());

  const errorLines = () =>
    logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; err?: Record<string, unknown> })
      .filter((line) => line.err);

  it('keeps out the password hash, the e-mail and the name of a registration, and keeps the code and constraint', async () => {
    await ctx.database.db.execute(
      sql`alter table users add constraint users_log_probe_check check (name <> 'Log Probe')`,
    );
    logged = '';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...(await multipart(
        { name: 'Log Probe', email: 'log-probe@example.com', password: PASSWORD },
        { image: { bytes: await pngBytes(), name: 'me.png' } },
      )),
    });

    expect(response.statusCode).toBe(500);
    const [line] = errorLines();
    expect(line!.err).toMatchObject({ code: '23514', constraint: 'users_log_probe_check' });
    expect(line!.err!.query).toMatch(/^insert into "users"/);
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain('log-probe@example.com');
    expect(logged).not.toContain('Log Probe');
  });

  it('keeps out the client secret of a payment', async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db);
    const intent = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(token),
      payload: { planId: 'trial' },
    });
    const { clientSecret } = intent.json<PaymentIntent>();
    await ctx.database.db.execute(sql`alter table payment_intents rename to payment_intents_away`);
    logged = '';
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/payments/status?clientSecret=${encodeURIComponent(clientSecret)}`,
        headers: bearer(token),
      });

      expect(response.statusCode).toBe(500);
      expect(errorLines()[0]!.err).toMatchObject({ code: '42P01' });
      expect(logged).not.toContain(clientSecret);
    } finally {
      await ctx.database.db.execute(sql`alter table payment_intents_away rename to payment_intents`);
    }
  });

  it('logs any other error as pino does: type, message and stack', () => {
    const logged = serializeError(new TypeError('boom'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(logged.stack).toContain('TypeError: boom');
  });

  it("leaves the query's credentials out of a logged URL and keeps the rest", () => {
    expect(redactUrl('/api/auth/google/callback?code=abc&state=xyz&iss=https%3A%2F%2Faccounts.google.com')).toBe(
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Faccounts.google.com',
    );
    expect(redactUrl('/api/articles/approved?search=code&page=2')).toBe('/api/articles/approved?search=code&page=2');
  });
});
