import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openRawClient, waitMs } from './test/raw-socket.js';
import { createTestContext, type TestContext } from './test/test-app.js';

const BODY = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
const LOGIN_HEAD = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n`;

describe('closing the server', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function listening() {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return { app: ctx.app, port: (ctx.app.server.address() as AddressInfo).port };
  }

  it('is quick after a request the client abandoned half-sent', async () => {
    const { app, port } = await listening();
    const client = await openRawClient(port);
    client.socket.write(LOGIN_HEAD + BODY.slice(0, 10));
    await waitMs(300);
    client.socket.destroy();
    await client.ended;

    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('waits for a request already being received and answers it', async () => {
    const { app, port } = await listening();
    const client = await openRawClient(port);
    client.socket.write(LOGIN_HEAD + BODY.slice(0, 10));
    await waitMs(300);

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await waitMs(300);
    expect(closed).toBe(false);
    client.socket.write(BODY.slice(10));
    const { received } = await client.ended;
    await closing;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toContain('"code":"UNAUTHORIZED"');
  });
});
