import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES } from '@dispatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** Per-route limits (`config.rateLimit` on a route); shared between instances through Redis when set. */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: 'dispatch-rl:' }),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      code: ERROR_CODES.tooManyRequests,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      requestId: String(request.id),
    }),
  });
}
