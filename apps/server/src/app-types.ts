import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { LoginLimits } from './modules/auth/login-limits.js';
import type { TokenSigner } from './modules/auth/tokens.js';
import type { SharedLimit } from './plugins/rate-limit.js';
import type { ResponseCache } from './plugins/response-cache.js';
import type { SharedRedis } from './plugins/redis.js';
import type { Draining } from './plugins/draining.js';
import type { ViewerCache } from './plugins/viewer-cache.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import type { ImageStore } from './modules/uploads/image-store.js';
import type { MailTokens } from './modules/notices/mail-tokens.js';
import type { Notifier } from './modules/notices/notices.service.js';
import type Stripe from 'stripe';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type Clock = () => Date;

/** What route modules need; app.ts builds it once. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Set with REDIS_URL; `available` says whether it answers right now. */
  redis?: SharedRedis;
  /** After SIGTERM: health answers 503 while every other request is served. */
  draining: Draining;
  clock: Clock;
  images: ImageStore;
  cache: ResponseCache;
  /** Signed-in viewers kept between requests; invalidate a user after changing their sessions or row. */
  viewers: ViewerCache;
  /** Signs session tokens and sign-in state; from JWT_SECRET or generated into DATA_DIR. */
  secret: string;
  tokens: TokenSigner;
  loginLimits: LoginLimits;
  /** Searches per address, through the API and the rendered pages alike. */
  searchLimit: SharedLimit;
  /** Writes an event's notices (the bell, the outbox) in the event's transaction. */
  notifier: Notifier;
  mailTokens: MailTokens;
  payments: {
    provider: PaymentProvider;
    /** Set with PAYMENTS=stripe: verifies webhooks. */
    stripe?: { client: Stripe; webhookSecret: string };
  };
}

/** The signed-in person behind a request, as of the last change to their sessions or row (decision 019). */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  premiumTaken: Date | null;
  /** The current access run's premium articles; null: every one (modules/users/premium-access.ts). */
  premiumArticles: number | null;
  /** Parental controls their family's owner set (docs/product.md#parental-controls); absent for everyone else. */
  youngReader?: { hiddenTags: readonly string[] };
  sessionId: string;
}
