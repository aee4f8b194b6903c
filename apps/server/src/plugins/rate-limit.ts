import rateLimit from '@fastify/rate-limit';
import { ABUSE_LIMITS, ERROR_CODES, type AbuseLimitMaxima, type AbuseLimitName } from '@dispatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { addressBucket } from './client-address.js';

/** Per-route limits (`config.rateLimit` on a route); shared between instances through Redis when set. */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: 'dispatch-rl:' }),
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
