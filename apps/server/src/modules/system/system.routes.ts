import { ERROR_CODES, HealthSchema, PublicConfigSchema } from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ping } from '../../db/client.js';
import { isRefusedWhileDown } from '../../plugins/database-errors.js';
import { AppError } from '../../plugins/errors.js';
import { getPublicConfig } from './public-config.js';

export function systemRoutes(app: AppInstance, deps: AppDeps) {
  const { db, redis, draining } = deps;

  app.get(
    '/config',
    { schema: { tags: ['system'], summary: 'What the web app needs to know', response: { 200: PublicConfigSchema } } },
    () => getPublicConfig(deps),
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'The process answers (no database call): a liveness probe, and the benchmark baseline',
        response: { 200: HealthSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary:
          'Ready when the database answers (degraded while Redis is unreachable); 503 while the instance drains before stopping',
        response: { 200: HealthSchema },
      },
    },
    async (request) => {
      if (draining.active) throw new AppError(ERROR_CODES.unavailable, 503, 'This instance is shutting down.');
      try {
        await ping(db);
      } catch (error) {
        // While the database is known down the pool has said so once; a balancer's checks would repeat it.
        if (!isRefusedWhileDown(error)) request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(ERROR_CODES.unavailable, 503, 'The database is not reachable.');
      }
      if (redis && !(await redis.answers())) return { status: 'degraded' as const, redis: 'unreachable' as const };
      return { status: 'ok' as const };
    },
  );
}
