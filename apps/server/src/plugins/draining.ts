import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An instance told to stop first drains: `/api/health` answers 503 so a load balancer that checks it takes the
 * instance out of rotation, while every request is still served on the connections the balancer holds
 * (docs/decisions/038-redis-outages-and-draining.md, 058-a-stopping-instance-takes-no-new-work.md). The
 * background jobs stop taking new work at the same moment.
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
  closeIdleConnectionsAfterTheListener(app.server);
  return {
    get active() {
      return active;
    },
    stopping: stopping.signal,
    start() {
      if (active) return;
      active = true;
      stopping.abort();
    },
  };
}

// How long a connection left open when the listener closes must have been idle before it is closed.
const LAST_REQUEST_GRACE_MS = 1_000;
const IDLE_CHECK_MS = 100;

/*
 * On close Node destroys every idle connection and then closes the listener. A proxy that sends without health
 * checks (nginx) keeps sending until then, and either way loses requests it has just written: on an idle
 * keep-alive connection being destroyed, or on a new connection still in the listener's accept queue, which the
 * kernel resets when the listener closes (nginx answers 502 to a PATCH it may not send twice). So the listener
 * closes first while the proxy still has its keep-alive connections (it opens few new ones): a connection
 * refused is one the proxy safely tries elsewhere. A request arriving on a connection still open is answered
 * with `Connection: close` (Fastify's, while closing). A connection is closed only once it has been idle for the
 * grace: one whose last answer (begun before the close, so kept alive) has only just gone out may carry the
 * proxy's next request at any moment, while a proxy whose idle timeout is shorter than the grace has closed its
 * end of one idle that long.
 */
function closeIdleConnectionsAfterTheListener(server: Server) {
  const idleSince = new Map<Socket, number>();
  const busy = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => idleSince.delete(socket));
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    busy.add(socket);
    response.once('close', () => {
      busy.delete(socket);
      if (idleSince.has(socket)) idleSince.set(socket, Date.now());
    });
  });
  server.closeIdleConnections = () => {
    const check = setInterval(() => {
      const quietSince = Date.now() - LAST_REQUEST_GRACE_MS;
      for (const [socket, since] of idleSince) if (!busy.has(socket) && since <= quietSince) socket.destroy();
      if (idleSince.size === 0) clearInterval(check);
    }, IDLE_CHECK_MS).unref();
  };
}
