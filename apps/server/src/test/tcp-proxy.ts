import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * How the proxy treats traffic: `forward` passes it through; `stopped` refuses new connections and drops
 * open ones (a server that went down); `frozen` accepts connections and holds every byte (a server that
 * stopped answering without closing anything); `slow-to-connect` holds every byte of new connections while
 * open ones keep forwarding (a new connection slower than its timeout, on a busy machine).
 */
export type ProxyMode = 'forward' | 'stopped' | 'frozen' | 'slow-to-connect';

/** A TCP proxy in front of a real server (PostgreSQL, Redis), to simulate its outages in a test. */
export interface TcpProxy {
  /** The proxy's own port on 127.0.0.1. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream?: Socket;
  held?: boolean;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<Pair>();

  const connectUpstream = (pair: Pair) => {
    const upstream = connect(target);
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
  };

  const hold = (pair: Pair) => {
    pair.held = true;
    pair.client.unpipe();
    pair.upstream?.unpipe();
    pair.client.pause();
    pair.upstream?.pause();
  };

  const release = (pair: Pair) => {
    if (!pair.held) return;
    pair.held = false;
    if (!pair.upstream) return connectUpstream(pair);
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
    pair.client.resume();
    pair.upstream.resume();
  };

  const onConnection = (client: Socket) => {
    const pair: Pair = { client };
    pairs.add(pair);
    client.on('error', () => pair.upstream?.destroy());
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'frozen' || mode === 'slow-to-connect') hold(pair);
    else connectUpstream(pair);
  };

  let server: Server = createServer(onConnection);
  await listen(server, 0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('tcp proxy: no port');
  const port = address.port;

  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'stopped') {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        pairs.clear();
        await closeServer(server);
        return;
      }
      if (previous === 'stopped') {
        server = createServer(onConnection);
        await listen(server, port);
      }
      for (const pair of pairs) {
        if (next === 'frozen') hold(pair);
        else if (next === 'forward' || pair.upstream) release(pair);
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      if (mode !== 'stopped') await closeServer(server);
      mode = 'stopped';
    },
  };
}

function listen(server: Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
