import sharp from 'sharp';
import type { AppInstance } from '../app-types.js';
import type { Db } from '../db/client.js';
import { hashPassword } from '../modules/auth/password.js';
import { insertUser } from './fixtures.js';

/** A multipart body exactly as a browser's FormData would send it. */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { bytes: Buffer; name: string }> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) form.append(key, new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export function pngBytes(width = 40, height = 30, background = '#4477aa'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const PASSWORD = 'Secret#123';

const passwordHashes = new Map<string, Promise<string>>();

/**
 * A real argon2id hash of `password`, made once per worker: argon2 is slow on purpose, and the users of a test
 * need no salt of their own.
 */
export function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A user with a known password, logged in: its row and its token. */
export async function signedInUser(app: AppInstance, db: Db, values: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(db, { passwordHash: await passwordHashOf(PASSWORD), ...values });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  // The page cookie as a browser sends it back (`name=value`).
  const pageCookie = [response.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('dispatch_page='));
  return { user, token: response.json<{ token: string }>().token, pageCookie: pageCookie?.split(';')[0] ?? '' };
}
