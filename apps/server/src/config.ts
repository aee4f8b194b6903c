import {
  ABUSE_LIMIT_CEILING,
  ABUSE_LIMITS,
  isPlanCurrency,
  REVENUE,
  SUBSCRIPTION_LIMITS,
  type AbuseLimitMaxima,
  type AbuseLimitName,
} from '@dispatch/shared';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/**
 * Whose X-Forwarded-For to believe. Off by default: without a proxy in front, a client could
 * name any address and dodge the per-address limits. `true` (every hop), a hop count, or the
 * proxies' addresses / CIDR ranges, comma-separated.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string => {
    if (['', 'false', '0', 'no', 'off'].includes(value)) return false;
    if (['true', 'yes', 'on'].includes(value)) return true;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(',').map((entry) => entry.trim());
    const isAddress = (entry: string) => {
      const [ip = '', prefix, ...rest] = entry.split('/');
      const version = isIP(ip);
      if (rest.length > 0 || version === 0) return false;
      const bits = Number(prefix);
      return prefix === undefined || (/^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (version === 4 ? 32 : 128));
    };
    if (addresses.every(isAddress)) return addresses.join(',');
    ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count, or proxy addresses / CIDR ranges' });
    return z.NEVER;
  });

// Abuse limits: LIMIT_<NAME> overrides a preset's max.
type LimitEnvName = (typeof ABUSE_LIMITS)[AbuseLimitName]['env'];
const limitNames = Object.keys(ABUSE_LIMITS) as AbuseLimitName[];
const limitOverride = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined;
    const max = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (max >= 1 && max <= ABUSE_LIMIT_CEILING) return max;
    ctx.addIssue({ code: 'custom', message: `must be a whole number from 1 to ${ABUSE_LIMIT_CEILING}` });
    return z.NEVER;
  })
  .optional();
const limitOverrides = Object.fromEntries(limitNames.map((name) => [ABUSE_LIMITS[name].env, limitOverride])) as Record<
  LimitEnvName,
  typeof limitOverride
>;
const toLimits = (env: Partial<Record<LimitEnvName, number>>): AbuseLimitMaxima =>
  Object.fromEntries(
    limitNames.map((name) => [name, env[ABUSE_LIMITS[name].env] ?? ABUSE_LIMITS[name].max]),
  ) as AbuseLimitMaxima;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    TRUST_PROXY: trustProxy.default(false),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    UPLOADS_DIR: optionalString,
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    // Timeouts and housekeeping (docs/decisions/016-timeouts-shutdown-and-housekeeping.md).
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
    // docs/decisions/038-redis-outages-and-draining.md: unset means 5 s in production, none elsewhere.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
    // docs/decisions/018-response-cache-bounded-in-bytes.md
    RESPONSE_CACHE_MAX_MB: z.coerce.number().int().min(1).default(64),
    PUBLIC_URL: optionalUrl,
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SEED_DEMO: booleanFlag.optional(),
    PAYMENTS: z.enum(['test', 'stripe']).optional(),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // docs/product.md#renewing-subscriptions: a failed renewal's days of premium while the reader gives another card.
    RENEWAL_GRACE_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(SUBSCRIPTION_LIMITS.graceDaysMax)
      .default(SUBSCRIPTION_LIMITS.graceDaysDefault),
    // Test payments only: an admin may move the server's clock forward (plugins/test-clock.ts).
    TEST_CLOCK: booleanFlag.default(false),
    CURRENCY: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code such as usd')
      .transform((value) => value.toLowerCase())
      // Prices are charged as price × 100 minor units (docs/architecture/payments.md#the-amount), which only holds for currencies with cents.
      .refine(isPlanCurrency, 'must be an ISO 4217 currency with two decimal places, such as usd or eur')
      .default('usd'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    OIDC_ISSUER_URL: z.url().default('https://accounts.google.com'),
    // Mail: off when SMTP_URL is unset; the notices in the app stay on.
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(
          /^smtps?:\/\/[^\s]+$/,
          'must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example.com:587',
        )
        .optional(),
    ),
    MAIL_FROM: optionalString,
    // The daily brief's sending rate: messages per second per instance, through a pooled SMTP transport.
    BRIEF_SEND_RATE: z.coerce.number().int().min(1).max(10_000).default(50),
    SITE_NAME: z.string().trim().min(1).max(80).default('The Daily Dispatch'),
    SUPPORT_EMAIL: z.email().default('support@example.com'),
    SOCIAL_FACEBOOK: z.url().default('https://www.facebook.com/'),
    SOCIAL_X: z.url().default('https://x.com/'),
    SOCIAL_INSTAGRAM: z.url().default('https://www.instagram.com/'),
    SOCIAL_LINKEDIN: z.url().default('https://www.linkedin.com/'),
    // Reader revenue (docs/product.md#reader-revenue).
    FREE_PREMIUM_READS: z.coerce.number().int().min(0).max(1000).default(REVENUE.freePremiumReads),
    GIFT_LINKS_PER_MONTH: z.coerce.number().int().min(0).max(1000).default(REVENUE.giftLinksPerMonth),
    ...limitOverrides,
  })
  .superRefine((env, ctx) => {
    const fail = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
    if (env.DATABASE_URL && !env.JWT_SECRET) fail('JWT_SECRET', 'is required when DATABASE_URL is set');
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      fail('HEADERS_TIMEOUT_MS', 'must not exceed REQUEST_TIMEOUT_MS');
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      fail(env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL', 'ADMIN_EMAIL and ADMIN_PASSWORD go together');
    }
    if (env.PAYMENTS === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) fail(key, 'is required when PAYMENTS=stripe');
      }
    }
    if (env.TEST_CLOCK && env.PAYMENTS === 'stripe') {
      fail('TEST_CLOCK', 'moves the clock of test payments only: unset it with PAYMENTS=stripe');
    }
    if (env.NODE_ENV === 'production' && env.PAYMENTS === undefined) {
      fail(
        'PAYMENTS',
        'must be set explicitly in production (PAYMENTS=stripe, or PAYMENTS=test to accept test payments)',
      );
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      fail(
        env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID',
        'Google sign-in needs both the id and the secret',
      );
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_MS,
      headersMs: env.HEADERS_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: env.CONNECTION_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      databaseConnectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    },
    sweepIntervalMs: env.SWEEP_INTERVAL_MINUTES * 60_000,
    // Only production sits behind a load balancer; elsewhere a stop (the dev watcher, a test) is not held up.
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
    responseCacheMaxBytes: env.RESPONSE_CACHE_MAX_MB * 1024 * 1024,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    // The demo readers' passwords are public: production gets them only when asked for by name.
    seedDemo: env.SEED_DEMO ?? (!env.DATABASE_URL && env.NODE_ENV !== 'production'),
    payments: {
      provider: env.PAYMENTS ?? 'test',
      currency: env.CURRENCY,
      graceDays: env.RENEWAL_GRACE_DAYS,
      testClock: env.TEST_CLOCK,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            }
          : undefined,
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.OIDC_ISSUER_URL }
        : undefined,
    limits: toLimits(env),
    revenue: { freePremiumReads: env.FREE_PREMIUM_READS, giftLinksPerMonth: env.GIFT_LINKS_PER_MONTH },
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM ?? `${env.SITE_NAME} <${env.SUPPORT_EMAIL}>`,
          // Without MAIL_FROM the sender is named after the site settings' name, at SUPPORT_EMAIL.
          defaultFrom: env.MAIL_FROM ? undefined : { address: env.SUPPORT_EMAIL },
        }
      : undefined,
    brief: { sendRatePerSecond: env.BRIEF_SEND_RATE },
    site: {
      name: env.SITE_NAME,
      supportEmail: env.SUPPORT_EMAIL,
      social: {
        facebook: env.SOCIAL_FACEBOOK,
        x: env.SOCIAL_X,
        instagram: env.SOCIAL_INSTAGRAM,
        linkedin: env.SOCIAL_LINKEDIN,
      },
    },
  } as const;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `Invalid configuration: ${issue.path.join('.') || 'environment'} ${issue.message}`,
      ),
    );
  }
  return toConfig(result.data);
}

/**
 * The secret that signs session tokens. With the embedded database and no JWT_SECRET, one is
 * generated once and kept in DATA_DIR so sessions survive restarts.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
