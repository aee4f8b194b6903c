import rateLimit from '@fastify/rate-limit';
import { ABUSE_LIMITS, ERROR_CODES, type AbuseLimitMaxima, type AbuseLimitName } from '@dispatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressBucket } from './client-address.js';
import { redisOrLocalStore } from './rate-limit-store.js';
import type { SharedRedis } from './redis.js';

/**
 * Per-route limits (`config.rateLimit` on a route); shared between instances through Redis when set,
 * counted by each instance while Redis is out.
 */
export async function registerRateLimits(app: FastifyInstance, redis: SharedRedis | undefined) {
  await app.register(rateLimit, {
    global: false,
    ...(redis && { store: redisOrLocalStore(redis, 'dispatch-rl:') }),
    keyGenerator: (request) => addressBucket(request.ip),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      code: ERROR_CODES.tooManyRequests,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      requestId: String(request.id),
    }),
  });
}

/**
 * A route's `config` for one of the abuse limits, at the size the operator set. Counted per client
 * address unless `key` says otherwise.
 */
export function abuseLimit(limits: AbuseLimitMaxima, name: AbuseLimitName, key?: (request: FastifyRequest) => string) {
  return {
    rateLimit: {
      max: limits[name],
      timeWindow: ABUSE_LIMITS[name].windowMs,
      ...(key && { keyGenerator: key }),
    },
  };
}

/** An abuse limit's key: the signed-in account (`request.viewer`, set by plugins/auth.ts), else the address. */
export const perAccount = (name: string) => (request: FastifyRequest) =>
  `${name}:${(request as { viewer?: { id: string } | null }).viewer?.id ?? addressBucket(request.ip)}`;

/** Counts one request: 0 when it may go ahead, else the seconds until the key may try again. */
export type SharedLimit = (request: FastifyRequest) => Promise<number>;

/**
 * One of the abuse limits counted from more than one place (an API route and a server-rendered page), with one
 * counter per key (the client's address unless `key` says otherwise) whichever place counts: the plugin's
 * store, so in Redis when set. A page's own reads while it renders are not requests: only the page counts.
 */
export function sharedLimit(
  app: FastifyInstance,
  limits: AbuseLimitMaxima,
  name: AbuseLimitName,
  key: (request: FastifyRequest) => string = (request) => addressBucket(request.ip),
): SharedLimit {
  const count = app.createRateLimit({
    max: limits[name],
    timeWindow: ABUSE_LIMITS[name].windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request) => {
    const result = await count(request);
    return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : 0;
  };
}
