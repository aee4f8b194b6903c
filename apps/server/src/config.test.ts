import { ABUSE_LIMITS } from '@dispatch/shared';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('starts on a bare machine with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://127.0.0.1:3000',
      trustProxy: false,
      payments: { provider: 'test', currency: 'usd' },
      google: undefined,
      site: { name: 'The Daily Dispatch', supportEmail: 'support@example.com' },
    });
    expect(config.uploadsDir).toBe(`${config.dataDir}/uploads`);
  });

  it('never seeds the demo readers in production unless SEED_DEMO=true says so', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });

  it('has request, connection and database timeouts and an hourly sweep by default', () => {
    expect(loadConfig({})).toMatchObject({
      timeouts: {
        requestMs: 60_000,
        headersMs: 15_000,
        keepAliveMs: 72_000,
        connectionMs: 120_000,
        statementMs: 15_000,
        databaseConnectMs: 5_000,
      },
      sweepIntervalMs: 60 * 60_000,
      responseCacheMaxBytes: 64 * 1024 * 1024,
    });
    expect(loadConfig({ SWEEP_INTERVAL_MINUTES: '0', DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      timeouts: { statementMs: 0 },
      sweepIntervalMs: 0,
    });
  });

  it('drains for 5 s after SIGTERM in production and not at all elsewhere, unless SHUTDOWN_DRAIN_MS says', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2000' }).shutdownDrainMs).toBe(2_000);
  });

  it('turns demo content off by default on PostgreSQL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/site', JWT_SECRET: 'x'.repeat(32) });
    expect(config.seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url', JWT_SECRET: 'x'.repeat(32) }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://db/site' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL'],
    [{ PAYMENTS: 'paypal' }, 'PAYMENTS'],
    [{ NODE_ENV: 'production' }, 'PAYMENTS'],
    [{ CURRENCY: 'dollars' }, 'CURRENCY'],
    [{ CURRENCY: 'JPY' }, 'CURRENCY'],
    [{ CURRENCY: 'kwd' }, 'CURRENCY'],
    [{ CURRENCY: 'xxx' }, 'CURRENCY'],
    [{ CURRENCY: 'abc' }, 'CURRENCY'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ TRUST_PROXY: 'the load balancer' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,10.0.0.0/8/1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '::1/129' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY'],
    [{ LIMIT_REGISTRATIONS_PER_HOUR: 'lots' }, 'LIMIT_REGISTRATIONS_PER_HOUR'],
    [{ LIMIT_REGISTRATIONS_PER_HOUR: '0' }, 'LIMIT_REGISTRATIONS_PER_HOUR'],
    [{ LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '-5' }, 'LIMIT_LOGIN_FAILURES_PER_ACCOUNT'],
    [{ LIMIT_UPLOADS_PER_MINUTE: '2.5' }, 'LIMIT_UPLOADS_PER_MINUTE'],
    [{ LIMIT_VIEWS_PER_MINUTE: '1e3' }, 'LIMIT_VIEWS_PER_MINUTE'],
    [{ LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000001' }, 'LIMIT_PAYMENT_INTENTS_PER_MINUTE'],
    [{ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' }, 'HEADERS_TIMEOUT_MS'],
    [{ KEEP_ALIVE_TIMEOUT_MS: '10' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ SWEEP_INTERVAL_MINUTES: '-5' }, 'SWEEP_INTERVAL_MINUTES'],
    [{ RESPONSE_CACHE_MAX_MB: '0' }, 'RESPONSE_CACHE_MAX_MB'],
  ])('refuses %o with one line naming %s', (env, key) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^Invalid configuration: ${key} `));
  });

  it('reports every bad variable, one line each', () => {
    expect(problemsOf({ PORT: 'x', CURRENCY: 'y' })).toHaveLength(2);
    expect(problemsOf({ PAYMENTS: 'stripe' })).toEqual([
      'Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENTS=stripe',
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY is required when PAYMENTS=stripe',
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when PAYMENTS=stripe',
    ]);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    [' 10.0.0.1, 172.16.0.0/12 ,::1 ', '10.0.0.1,172.16.0.0/12,::1'],
  ])('reads TRUST_PROXY=%s', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it('sends no mail unless SMTP_URL is set, and then from MAIL_FROM or the support address', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587' }).mail).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      from: 'The Daily Dispatch <support@example.com>',
      // No MAIL_FROM: each message is sent from the support address, named after the site settings' name.
      defaultFrom: { address: 'support@example.com' },
    });
    const named = loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'News <n@example.com>' }).mail;
    expect(named?.from).toBe('News <n@example.com>');
    expect(named?.defaultFrom).toBeUndefined();
    expect(problemsOf({ SMTP_URL: 'http://mail.example.com' })).toEqual([
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example.com:587',
    ]);
  });

  it('sends the daily brief at BRIEF_SEND_RATE messages a second, 50 unless set', () => {
    expect(loadConfig({}).brief).toEqual({ sendRatePerSecond: 50 });
    expect(loadConfig({ BRIEF_SEND_RATE: '200' }).brief.sendRatePerSecond).toBe(200);
    expect(problemsOf({ BRIEF_SEND_RATE: '0' })).toEqual([
      'Invalid configuration: BRIEF_SEND_RATE Too small: expected number to be >=1',
    ]);
  });

  it('takes any currency with cents', () => {
    expect(loadConfig({ CURRENCY: 'EUR' }).payments.currency).toBe('eur');
  });

  it('accepts an explicit test provider in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).payments.provider).toBe('test');
  });

  it('runs every abuse limit at its preset unless told otherwise', () => {
    const { limits } = loadConfig({});
    for (const [name, preset] of Object.entries(ABUSE_LIMITS))
      expect(limits[name as keyof typeof limits]).toBe(preset.max);
    expect(limits).toMatchObject({
      registrationsPerHour: 10,
      loginFailuresPerAccountAtAddress: 5,
      loginFailuresPerAccount: 50,
      loginFailuresPerAddress: 30,
    });
  });

  it('takes an override of each abuse limit from LIMIT_<NAME>', () => {
    const env = Object.fromEntries(
      Object.values(ABUSE_LIMITS).map((preset, index) => [preset.env, ` ${index + 100} `]),
    );
    const { limits } = loadConfig(env);
    expect(Object.values(limits)).toEqual(Object.values(ABUSE_LIMITS).map((_preset, index) => index + 100));
    expect(loadConfig({ LIMIT_REGISTRATIONS_PER_HOUR: '200', LIMIT_VIEWS_PER_MINUTE: '' }).limits).toMatchObject({
      registrationsPerHour: 200,
      viewsPerMinute: 60,
    });
  });

  it('says what a bad limit must be', () => {
    expect(problemsOf({ LIMIT_REGISTRATIONS_PER_HOUR: 'ten' })).toEqual([
      'Invalid configuration: LIMIT_REGISTRATIONS_PER_HOUR must be a whole number from 1 to 1000000',
    ]);
  });

  it('lists every abuse limit in the README configuration table', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const preset of Object.values(ABUSE_LIMITS)) expect(readme).toContain(`\`${preset.env}\``);
  });
});
