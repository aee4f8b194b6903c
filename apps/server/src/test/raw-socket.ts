import { connect, type Socket } from 'node:net';

/** A client that writes raw bytes to the server, to send a request as slowly or as partly as a real one might. */
export interface RawClient {
  socket: Socket;
  /** Everything the server sent back, and the time its side of the connection ended. */
  ended: Promise<{ received: string; afterMs: number }>;
}

export function openRawClient(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<{ received: string; afterMs: number }>((resolveEnd) => {
      socket.on('close', () => resolveEnd({ received, afterMs: Date.now() - started }));
    });
    socket.once('connect', () => resolve({ socket, ended }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte at a time, `everyMs` apart, until the text ends or the socket closes. */
export async function dribble(socket: Socket, text: string, everyMs: number): Promise<void> {
  for (const byte of text) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(byte);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
