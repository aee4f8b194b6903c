import { API_MESSAGES, GOOGLE_MESSAGE_TYPE, LIMITS } from '@dispatch/shared';
import type { FastifyReply } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { AppError } from '../../plugins/errors.js';
import { readCookie } from '../../plugins/page-session.js';
import { DEFAULT_AVATAR_BACKGROUND, storeAvatar } from '../uploads/avatar.js';
import * as service from './auth.service.js';
import { createGoogleSignIn, type GoogleClaims } from './google.js';
import { getSiteSettings } from '../settings/settings.service.js';

const COOKIE = 'dispatch_google';
const COOKIE_PATH = '/api/auth/google';
const PICTURE_TIMEOUT_MS = 3000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

// Runs in the popup: hands the result to the window that opened it, on our origin only.
const POPUP_SCRIPT = `(() => {
  const result = document.getElementById('google-result').dataset;
  const message = { type: ${JSON.stringify(GOOGLE_MESSAGE_TYPE)}, token: result.token || undefined, error: result.error || undefined };
  if (window.opener) window.opener.postMessage(message, result.origin);
  else new BroadcastChannel(${JSON.stringify(GOOGLE_MESSAGE_TYPE)}).postMessage(message);
  window.close();
})();
`;

/** The body, or undefined once it grows past `maxBytes`: a photo URL must not fill our memory. */
async function readAtMost(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes || !response.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function googleRoutes(app: AppInstance, deps: AppDeps) {
  const { config, images } = deps;
  const secure = config.publicUrl.startsWith('https://');
  const origin = new URL(config.publicUrl).origin;
  const google =
    config.google &&
    createGoogleSignIn({
      ...config.google,
      redirectUri: `${config.publicUrl}/api/auth/google/callback`,
      secret: deps.secret,
    });

  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

  async function popupPage(reply: FastifyReply, result: { token?: string; error?: string }) {
    // The site settings' name; the environment's if they cannot be read (the popup still reports the result).
    const siteName = await getSiteSettings(deps).then(
      (settings) => settings.siteName,
      () => config.site.name,
    );
    const data = [
      `data-origin="${escapeHtml(origin)}"`,
      result.token ? `data-token="${escapeHtml(result.token)}"` : '',
      result.error ? `data-error="${escapeHtml(result.error)}"` : '',
    ].join(' ');
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', cookie('', 0))
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head>` +
          `<body><p id="google-result" ${data}>${escapeHtml(result.error ?? 'Signing you in… you can close this window.')}</p>` +
          `<script src="/api/auth/google/popup.js"></script></body></html>`,
      );
  }

  async function profilePicFor(claims: GoogleClaims): Promise<string> {
    if (claims.picture?.startsWith('https://')) {
      try {
        const response = await fetch(claims.picture, { signal: AbortSignal.timeout(PICTURE_TIMEOUT_MS) });
        const bytes = response.ok ? await readAtMost(response, LIMITS.upload.maxBytes) : undefined;
        if (bytes) return (await images.save(bytes)).url;
      } catch {
        // The photo is a nicety: fall back to a generated one.
      }
    }
    return storeAvatar(images, DEFAULT_AVATAR_BACKGROUND);
  }

  app.get('/auth/google/popup.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(POPUP_SCRIPT),
  );

  app.get(
    '/auth/google',
    { schema: { tags: ['auth'], summary: 'Start Google sign-in (opened in a popup)' } },
    async (request, reply) => {
      if (!google) return popupPage(reply, { error: API_MESSAGES.googleNotConfigured });
      try {
        const { url, pending } = await google.start();
        return reply.header('set-cookie', cookie(pending, 600)).redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'google sign-in could not start');
        return popupPage(reply, { error: API_MESSAGES.googleFailed });
      }
    },
  );

  app.get(
    '/auth/google/callback',
    { schema: { tags: ['auth'], summary: 'Where Google sends the reader back; hands the token to the opener' } },
    async (request, reply) => {
      if (!google) return popupPage(reply, { error: API_MESSAGES.googleNotConfigured });
      try {
        const claims = await google.finish(
          new URL(request.url, config.publicUrl),
          readCookie(request.headers.cookie, COOKIE),
        );
        const token = await service.signInWithGoogle(deps, claims, () => profilePicFor(claims));
        return popupPage(reply, { token });
      } catch (error) {
        if (error instanceof AppError) return popupPage(reply, { error: error.message });
        request.log.warn({ err: error }, 'google sign-in failed');
        return popupPage(reply, { error: API_MESSAGES.googleFailed });
      }
    },
  );
}
