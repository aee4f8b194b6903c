import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db, DbOrTx } from './db/client.js';
import type { LoginLimits } from './modules/auth/login-limits.js';
import type { TokenSigner } from './modules/auth/tokens.js';
import type { SharedLimit } from './plugins/rate-limit.js';
import type { ResponseCache } from './plugins/response-cache.js';
import type { SharedRedis } from './plugins/redis.js';
import type { Draining } from './plugins/draining.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import type { ImageStore } from './modules/uploads/image-store.js';
import type { MailTokens } from './modules/notices/mail-tokens.js';
import type Stripe from 'stripe';
import type { TestClock } from './plugins/test-clock.js';
import type { ArticleNoticeKind, FamilyNoticeKind, User } from '@dispatch/shared';

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
  /** Set with TEST_CLOCK=true: `clock` runs ahead of the real time by what an admin moved it (plugins/test-clock.ts). */
  testClock?: TestClock;
}

/** The signed-in person behind a request, as of the last change to their sessions or row. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  premiumTaken: Date | null;
  /** The current access run's premium articles; null: every one (modules/premium/premium-access.ts). */
  premiumArticles: number | null;
  /** Parental controls their family's owner set (docs/product.md#parental-controls); absent for everyone else. */
  youngReader?: { hiddenTags: readonly string[] };
  /** Their renewing subscription is past due: every page asks for another card. */
  pastDue?: true;
  /**
   * Their subscription, or their family owner's, holds access past premiumTaken until its renewal is decided, and
   * at the latest until this date (`renewalHeldUntil`). Changes only when the subscription does, and
   * the shared rules compare it with the time, so a viewer kept in memory stays right.
   */
  renewing?: Date;
  sessionId: string;
}

/** Something that happened to an article, told to the people concerned (docs/product.md#notifications). */
export interface ArticleEvent {
  kind: ArticleNoticeKind;
  article: { id: string; title: string; authorId: string };
  /** Who acted: never told about their own act. */
  actorId: string;
  note?: string | null;
  at: Date;
}

/** A subscription's e-mails (docs/product.md#notifications): a receipt, a reminder before the end, a notice after. */
export type SubscriptionEvent = { userId: string; at: Date } & (
  | { kind: 'receipt'; planName: string; amount: string; periodStart: Date; periodEnd: Date }
  | { kind: 'premium-ending'; endsAt: Date; inDays: 1 | 3 }
  | { kind: 'premium-lapsed'; endedAt: Date }
  | { kind: 'payment-failed'; planName: string; amount: string; graceEndsAt: Date }
  | { kind: 'renewal-reminder'; planName: string; amount: string; renewsOn: Date }
);

/**
 * Writes the notices of an event — a row per person for the bell, and an e-mail in the outbox for each who
 * has not opted out — in the caller's transaction, so the event and its notices are kept or lost together.
 */
export interface Notifier {
  articleEvent(tx: DbOrTx, event: ArticleEvent): Promise<void>;
  /** E-mail only: nothing when mail is off or the person opted out of the kind. */
  subscriptionEvent(tx: DbOrTx, event: SubscriptionEvent): Promise<void>;
  /** The same for many events at once (the renewal job's receipts): one read of the people, one insert. */
  subscriptionEvents(tx: DbOrTx, events: readonly SubscriptionEvent[]): Promise<void>;
  welcome(tx: DbOrTx, user: { id: string; name: string; email: string }, at: Date): Promise<void>;
  /** The daily brief's confirmation link to an address (mail must be on). */
  briefConfirmation(tx: DbOrTx, to: string, confirmUrl: string, at: Date): Promise<void>;
  /** A new verification link (mail must be on). */
  verification(tx: DbOrTx, user: { id: string; name: string; email: string }, at: Date): Promise<void>;
  /** A family's invitation link to an address: nothing when mail is off (the owner copies the link). */
  familyInvitation(
    tx: DbOrTx,
    to: string,
    input: { ownerName: string; joinUrl: string; expiresAt: Date },
    at: Date,
  ): Promise<void>;
  /** Members told that their family access ended: the bell, and e-mail to those who have not opted out. */
  familyEvent(
    tx: DbOrTx,
    event: { kind: FamilyNoticeKind; memberIds: string[]; ownerName: string; at: Date },
  ): Promise<void>;
}

/** A session as the request hook needs it: who is behind it and until when it lives. */
export interface CachedSession {
  viewer: Viewer;
  /** The account as the API shows it (its premium its family's when that ends later): a page's reader. */
  user: User;
  expiresAt: Date;
}

/**
 * Keeps the viewer of each session in this instance's memory for a short while
 * (docs/decisions/019-cached-viewers-checked-by-generation.md). Every use is checked against the
 * user's auth generation, which every change to their sessions, role, premium or password bumps
 * after it commits; with Redis the generation is shared, so a change on one instance holds on the
 * next request to any other. While Redis is out, every request reads the database and nothing is kept;
 * a change whose bump could not reach Redis is bumped when it is back
 * (docs/decisions/038-redis-outages-and-draining.md).
 */
export interface ViewerCache {
  /**
   * The session from memory when it is `usable` and its user's generation has not moved since it
   * was loaded; otherwise from `load`, kept for next time.
   */
  resolve(
    sessionId: string,
    userId: string,
    usable: (cached: CachedSession) => boolean,
    load: () => Promise<CachedSession | undefined>,
  ): Promise<CachedSession | undefined>;
  /** After a change to a user's sessions, role, premium, password or profile has committed. */
  invalidateUser(userId: string): Promise<void>;
  /** The same for many users at once: one pass over this instance's entries, and few round trips to Redis. */
  invalidateUsers(userIds: readonly string[]): Promise<void>;
  /** Forgets every viewer this instance holds (tests write rows behind the services). */
  clear(): void;
  readonly size: number;
}
