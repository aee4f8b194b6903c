import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.js';
import { DAY_MS } from '@dispatch/shared';

const SECRET = 'a secret of at least thirty-two characters, for tests';

describe('bearer tokens', () => {
  it('names the session and user it was signed for, again and again while it lasts', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.sign('session-1', 'user-1');
    for (let i = 0; i < 3; i += 1) {
      expect(await signer.verify(token)).toEqual({ sessionId: 'session-1', userId: 'user-1' });
    }
  });

  it('refuses a token changed by one character, also once the real one has been checked', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.sign('session-1', 'user-1');
    await signer.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' }),
    ).toString('base64url');
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
    for (const forged of [
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`,
    ]) {
      expect(await signer.verify(forged)).toBeUndefined();
    }
    expect(await createTokenSigner('another secret of at least thirty-two characters').verify(token)).toBeUndefined();
  });

  it('stops naming the session after 90 days, though it was checked before', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const signer = createTokenSigner(SECRET, () => now);
    const token = await signer.sign('session-1', 'user-1');
    expect(await signer.verify(token)).toBeDefined();
    now = new Date(now.getTime() + 89 * DAY_MS);
    expect(await signer.verify(token)).toBeDefined();
    now = new Date(now.getTime() + 2 * DAY_MS);
    expect(await signer.verify(token)).toBeUndefined();
    // And a signer that never saw it refuses it as well.
    expect(await createTokenSigner(SECRET, () => now).verify(token)).toBeUndefined();
  });
});
