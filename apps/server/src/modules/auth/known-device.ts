import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../plugins/page-session.js';

/**
 * The device cookie (docs/decisions/013-known-devices-and-tunable-limits.md): set at a successful
 * password login, it lets that browser keep signing in to that account while strangers have used up
 * the account's failed-login limit from elsewhere. It is no credential: it only swaps the
 * account-wide limit for a per-device one, and the password is still checked.
 */
export const DEVICE_COOKIE = 'dispatch_device';
// Only the login reads it, so no other request carries it.
const COOKIE_PATH = '/api/auth/login';
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;
// A random id (16 bytes), the expiry in seconds, and the signature, each base64url or digits.
const COOKIE_FORMAT = /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/;

export interface KnownDevices {
  /** The id of the device this cookie proves for this account, or undefined. */
  recognise(cookie: string | undefined, email: string): string | undefined;
  /** A fresh cookie value binding this device (a new one when no id is given) to this account. */
  issue(email: string, deviceId?: string): string;
}

export function createKnownDevices(secret: string, clock: () => Date): KnownDevices {
  // A key of its own, so no other value signed with the secret can pass for a device cookie.
  const key = createHmac('sha256', secret).update('dispatch known device').digest();
  const sign = (deviceId: string, expires: string, email: string) =>
    createHmac('sha256', key).update(`${deviceId}.${expires}.${email}`).digest();
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  return {
    recognise(cookie, email) {
      const match = cookie ? COOKIE_FORMAT.exec(cookie) : null;
      if (!match) return undefined;
      const [, deviceId = '', expires = '', signature = ''] = match;
      if (Number(expires) <= nowSeconds()) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(deviceId, expires, email);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
    },
    issue(email, deviceId = randomBytes(16).toString('base64url')) {
      const expires = String(nowSeconds() + LIFETIME_SECONDS);
      return `${deviceId}.${expires}.${sign(deviceId, expires, email).toString('base64url')}`;
    },
  };
}

export function readDeviceCookie(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, DEVICE_COOKIE);
}

export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean) {
  void reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${LIFETIME_SECONDS}${secure ? '; Secure' : ''}`,
  );
}
