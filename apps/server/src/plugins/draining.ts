import type { FastifyInstance } from 'fastify';

/**
 * An instance told to stop first drains: `/api/health` answers 503 so the load balancer takes it out of
 * rotation, while every other request is still served; each answer closes its connection, and the keep-alive
 * connections idle when the drain starts are closed then, while the listener still takes new ones, so none is
 * left for the balancer to reuse as the server closes (docs/decisions/038-redis-outages-and-draining.md,
 * 058-a-stopping-instance-takes-no-new-work.md). The background jobs stop taking new work at the same moment.
 */
export interface Draining {
  readonly active: boolean;
  /** Aborts when the drain starts: a background job finishes the item in hand and takes no other. */
  readonly stopping: AbortSignal;
  start(): void;
}

export function registerDraining(app: FastifyInstance): Draining {
  let active = false;
  const stopping = new AbortController();
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
  return {
    get active() {
      return active;
    },
    stopping: stopping.signal,
    start() {
      if (active) return;
      active = true;
      stopping.abort();
      app.server.closeIdleConnections();
    },
  };
}
