import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppDeps, AppInstance, Clock, Notifier, ViewerCache } from './app-types.js';
import { resolveJwtSecret, type Config } from './config.js';
import type { Db } from './db/client.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { editorialRoutes } from './modules/editorial/editorial.routes.js';
import { giftLinkRoutes } from './modules/reading/gift-links.routes.js';
import { readingRoutes } from './modules/reading/reading.routes.js';
import { writingRoutes } from './modules/writing/writing.routes.js';
import { briefSignupRoutes } from './modules/brief/signups.routes.js';
import { briefSendRoutes } from './modules/brief/brief-admin.routes.js';
import { familyRoutes } from './modules/family/family.routes.js';
import { correctionRoutes } from './modules/corrections/corrections.routes.js';
import { createLoginLimits } from './modules/auth/login-limits.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { resolveViewer } from './modules/auth/auth.service.js';
import { googleRoutes } from './modules/auth/google.routes.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { createMailTokens } from './modules/notices/mail-tokens.js';
import { noticeRoutes } from './modules/notices/notices.routes.js';
import { createNotifier } from './modules/notices/notices.service.js';
import { adminPublisherRoutes, publisherRoutes } from './modules/publishers/publishers.routes.js';
import { authorRoutes } from './modules/authors/authors.routes.js';
import { adminTagRoutes, tagRoutes } from './modules/tags/tags.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { startRenewals } from './modules/subscriptions/renewals.js';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { createTestClock, type TestClock } from './plugins/test-clock.js';
import { adminPlanRoutes, planRoutes } from './modules/plans/plans.routes.js';
import { revenueRoutes } from './modules/revenue/revenue.routes.js';
import { createStripeClient, createStripeProvider } from './modules/payments/stripe-provider.js';
import { createTestProvider } from './modules/payments/test-provider.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { adminSettingsRoutes } from './modules/settings/settings.routes.js';
import { getSiteSettings } from './modules/settings/settings.service.js';
import type { SiteSettings } from '@dispatch/shared';
import { createImageStore, type ImageStore } from './modules/uploads/image-store.js';
import { FEED_FILES, feedRoutes } from './modules/feeds/feeds.routes.js';
import { loadPageShell } from './modules/pages/page-renderer.js';
import { createPageService } from './modules/pages/pages.service.js';
import { uploadRoutes } from './modules/uploads/uploads.routes.js';
import { adminUserRoutes, userRoutes } from './modules/users/users.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { WEB_DIST_DIR } from './paths.js';
import { registerAuth } from './plugins/auth.js';
import { registerDraining, type Draining } from './plugins/draining.js';
import { LOG_SERIALIZERS } from './plugins/log-serializers.js';
import { registerErrorHandling, sendNotFound } from './plugins/errors.js';
import { registerMultipart } from './plugins/multipart.js';
import { registerRateLimits, sharedLimit } from './plugins/rate-limit.js';
import { connectRedis } from './plugins/redis.js';
import { createResponseCache, type ResponseCache } from './plugins/response-cache.js';
import { createViewerCache } from './plugins/viewer-cache.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { memoisingSerializerCompiler } from './plugins/serializer.js';
import { registerUploadFiles, registerWebApp } from './plugins/static-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
    clock: Clock;
    /** server.ts starts it on SIGTERM, before closing. */
    draining: Draining;
    /** The site settings in force (cached): server.ts's mailer names the sender after them. */
    siteSettings: () => Promise<SiteSettings>;
  }
}

export interface BuildAppOptions {
  cache?: ResponseCache;
  viewers?: ViewerCache;
  /** Tests pass their own provider (a Stripe client pointed at a local stand-in). */
  payments?: AppDeps['payments'];
  config: Config;
  db: Db;
  clock?: Clock;
  /** Tests that move time pass their own; otherwise TEST_CLOCK=true makes one. */
  testClock?: TestClock;
  /** The server's own rounds that need the app's collaborators (the renewal job); off in tests. */
  background?: boolean;
  images?: ImageStore;
  webDir?: string;
  /** `false` for silence; a stream (tests read what was logged) or, by default, standard output at LOG_LEVEL. */
  logger?: false | { stream: DestinationStream };
}

const ROUTE_MODULES = [
  systemRoutes,
  authRoutes,
  googleRoutes,
  uploadRoutes,
  catalogueRoutes,
  readingRoutes,
  writingRoutes,
  editorialRoutes,
  correctionRoutes,
  publisherRoutes,
  adminPublisherRoutes,
  authorRoutes,
  tagRoutes,
  adminTagRoutes,
  userRoutes,
  adminUserRoutes,
  accountRoutes,
  planRoutes,
  adminPlanRoutes,
  adminSettingsRoutes,
  paymentRoutes,
  subscriptionRoutes,
  noticeRoutes,
  giftLinkRoutes,
  revenueRoutes,
  briefSignupRoutes,
  briefSendRoutes,
  familyRoutes,
];

function paymentsFor(config: Config): AppDeps['payments'] {
  const stripe = config.payments.stripe;
  if (config.payments.provider !== 'stripe' || !stripe) return { provider: createTestProvider() };
  const client = createStripeClient(stripe);
  return { provider: createStripeProvider(client), stripe: { client, webhookSecret: stripe.webhookSecret } };
}

function loggerOptions(config: Config, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return { level: config.logLevel, serializers: LOG_SERIALIZERS, ...(logger && { stream: logger.stream }) };
}

/**
 * A client that sends its request slowly (a byte every few seconds) must not hold a connection for
 * ever: the headers, then the whole request, must arrive in time, and a silent socket is closed.
 */
function serverTimeouts(timeouts: Config['timeouts']) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      // Node checks those deadlines on this interval (30 s by default), which would let a request
      // overstay its timeout by that much.
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
  };
}

/** Fastify takes a hop count at run time but its types do not: say it as the function it means. */
function toTrustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Behind a proxy that TRUST_PROXY does not name, every reader shares the proxy's address for the limits. */
function warnOfUntrustedProxy(app: FastifyInstance) {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      'X-Forwarded-For arrived but TRUST_PROXY is off: every reader counts as the proxy for the login limits; set TRUST_PROXY to its address',
    );
  });
}

/** Builds the whole app from a config and a database; server.ts starts it, tests inject into it. */
export async function buildApp(options: BuildAppOptions): Promise<AppInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: toTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.timeouts),
    // On close, Fastify closes idle keep-alive connections and waits for requests already being answered (an
    // aborted one simply stops counting). A request that arrives while it closes is served, its answer closing
    // the connection: Fastify's own 503 has neither our error shape nor Retry-After, and the database and Redis
    // stay open until the last answer went.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  if (config.env === 'production' && config.trustProxy === false) warnOfUntrustedProxy(app);
  if (config.trustProxy === true) {
    app.log.warn(
      "TRUST_PROXY=true believes any X-Forwarded-For, so any client can pick the address its per-address limits count: set TRUST_PROXY to the proxies' addresses / CIDR ranges or a hop count",
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoisingSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  const draining = registerDraining(app);
  app.decorate('draining', draining);

  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', () => redis.close());
    await redis.settled();
  }

  registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await registerRateLimits(app, redis);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.site.name} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const secret = resolveJwtSecret(config);
  const testClock = options.testClock ?? (config.payments.testClock ? createTestClock() : undefined);
  const clock = testClock?.now ?? options.clock ?? (() => new Date());
  const maxBytes = config.responseCacheMaxBytes;
  const mailTokens = createMailTokens(secret);
  const deps: AppDeps = {
    config,
    db: options.db,
    redis,
    draining,
    clock,
    images: options.images ?? createImageStore(config.uploadsDir),
    cache: options.cache ?? createResponseCache({ maxBytes, redis, now: () => clock().getTime() }),
    viewers: options.viewers ?? createViewerCache({ redis, now: () => clock().getTime() }),
    secret,
    tokens: createTokenSigner(secret),
    loginLimits: createLoginLimits(config.limits, redis, () => clock().getTime()),
    searchLimit: sharedLimit(app, config.limits, 'searchesPerMinute'),
    // E-mails carry the site settings' name and postal address, read in the event's transaction.
    notifier: createNotifier(config, mailTokens, (tx) => getSiteSettings({ db: tx, cache: deps.cache, config })),
    mailTokens,
    payments: options.payments ?? paymentsFor(config),
    testClock,
  };
  registerAuth(
    app,
    deps,
    (token) => resolveViewer(deps, token),
    async () => (await getSiteSettings(deps)).freeArticleReaders === 'anyone',
  );
  // server.ts's reminder job writes its e-mails through the same notifier, on the same clock.
  app.decorate('notifier', deps.notifier);
  app.decorate('clock', clock);
  app.decorate('siteSettings', () => getSiteSettings(deps));
  if (testClock) app.log.warn('TEST_CLOCK is on: an admin can move the server clock forward');
  if (options.background) {
    const renewals = startRenewals(deps, app.log);
    draining.stopping.addEventListener('abort', () => void renewals.stop());
    app.addHook('onClose', () => renewals.stop());
  }
  if (config.env === 'production' && deps.payments.provider.name === 'test') {
    app.log.warn('PAYMENTS=test in production: readers can unlock premium with test card numbers');
  }
  await registerMultipart(app);

  await app.register(
    async (api) => {
      for (const routes of ROUTE_MODULES) routes(api.withTypeProvider<ZodTypeProvider>(), deps);
      api.setNotFoundHandler(sendNotFound);
    },
    { prefix: '/api' },
  );
  await registerUploadFiles(app, deps.images.dir);
  // Before the web app: these paths are answered from the database, never by a page or a built file.
  feedRoutes(app, deps);
  const webDir = options.webDir ?? WEB_DIST_DIR;
  const pageShell = await loadPageShell(webDir);
  await registerWebApp(app, webDir, pageShell && createPageService(deps, pageShell), FEED_FILES);

  return app;
}
