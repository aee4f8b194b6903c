import type { FastifyInstance } from 'fastify';

/**
 * An instance told to stop (SIGTERM) first drains: `/api/health` answers 503 so the load balancer
 * takes it out of rotation, while every other request is still served; each answer closes its
 * connection, so none is left idle for the balancer to reuse as the server closes
 * (docs/decisions/038-redis-outages-and-draining.md).
 */
export interface Draining {
  readonly active: boolean;
  start(): void;
}

export function registerDraining(app: FastifyInstance): Draining {
  let active = false;
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
  return {
    get active() {
      return active;
    },
    start() {
      active = true;
    },
  };
}
