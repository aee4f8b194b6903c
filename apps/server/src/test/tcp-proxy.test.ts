import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/** An echo server behind the proxy: what goes through comes back. */
let echo: Server;
let proxy: TcpProxy;

beforeAll(async () => {
  echo = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  proxy = await startTcpProxy({ host: '127.0.0.1', port: address.port });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

/** Sends `text` through the proxy: what came back within `ms`, or how the connection failed. */
function roundTrip(text: string, ms = 300): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: proxy.port });
    let received = '';
    const done = (result: string) => {
      socket.destroy();
      resolve(result);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received === text) done(received);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => done(`error:${error.code}`));
    socket.on('connect', () => socket.write(text));
    setTimeout(() => done(received === '' ? 'silence' : received), ms);
  });
}

describe('the test TCP proxy', () => {
  it('forwards, refuses when stopped, holds bytes when frozen, and forwards again', async () => {
    expect(await roundTrip('hello')).toBe('hello');
    await proxy.setMode('stopped');
    expect(await roundTrip('hello')).toBe('error:ECONNREFUSED');
    await proxy.setMode('frozen');
    expect(await roundTrip('hello')).toBe('silence');
    await proxy.setMode('forward');
    expect(await roundTrip('again')).toBe('again');
  });

  it('freezes a connection that is already open, and releases it', async () => {
    const socket = connect({ host: '127.0.0.1', port: proxy.port });
    socket.setEncoding('utf8');
    const chunks: string[] = [];
    socket.on('data', (chunk: string) => chunks.push(chunk));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('one');
    // Arrived before the freeze, however slow the machine.
    await vi.waitFor(() => expect(chunks.join('')).toBe('one'));
    await proxy.setMode('frozen');
    socket.write('two');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(chunks.join('')).toBe('one');
    await proxy.setMode('forward');
    await vi.waitFor(() => expect(chunks.join('')).toBe('onetwo'));
    socket.destroy();
  });

  it('holds new connections when slow to connect while open ones keep forwarding, and lets them through after', async () => {
    const open = connect({ host: '127.0.0.1', port: proxy.port });
    open.setEncoding('utf8');
    const chunks: string[] = [];
    open.on('data', (chunk: string) => chunks.push(chunk));
    await new Promise((resolve) => open.once('connect', resolve));
    await proxy.setMode('slow-to-connect');
    open.write('still');
    await vi.waitFor(() => expect(chunks.join('')).toBe('still'));
    const held = connect({ host: '127.0.0.1', port: proxy.port });
    held.setEncoding('utf8');
    const heldChunks: string[] = [];
    held.on('data', (chunk: string) => heldChunks.push(chunk));
    await new Promise((resolve) => held.once('connect', resolve));
    held.write('late');
    expect(await roundTrip('new')).toBe('silence');
    expect(heldChunks).toEqual([]);
    await proxy.setMode('forward');
    await vi.waitFor(() => expect(heldChunks.join('')).toBe('late'));
    open.destroy();
    held.destroy();
  });
});
