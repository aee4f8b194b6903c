import { answerAccess, API_MESSAGES, ARTICLE_MESSAGES, hasPremiumAccess, type AccessRule } from '@dispatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps, Viewer, ViewerCache } from '../app-types.js';
import { addressBucket } from './client-address.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { forbidden, unauthorized } from './errors.js';

/**
 * Who may call a route, declared in its options as `config: { access }` and checked before the
 * request is parsed or validated, so a caller who may not call it learns nothing about its schema.
 * The rules pages declare too (`AccessRule`) are answered as pages answer them (`answerAccess`).
 * 'reader' is 'signed-in' with the message an article page shows. 'premium' is every premium text
 * (`hasPremiumAccess`: not a pass with a number of articles). 'self-or-admin' is the account named
 * by the URL's `:email` (or `?email=`, else the caller's own) or an admin. 'reader-or-visitor' is 'reader', but lets
 * a visitor without a session through while the site opens free articles to anyone (`visitorsRead`, the site's
 * setting): the service then answers what a visitor may read of the article (docs/product.md#who-reads-what).
 * Checks that depend on stored data (an article's author, its mark) stay in the handler or the service.
 */
export type Access = AccessRule | 'reader' | 'reader-or-visitor' | 'premium' | 'self-or-admin';

/** The OpenAPI security of a route that declares an access. */
export const bearer = [{ bearer: [] }];

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    /** Set when a token was sent but names no live session. */
    sessionRejected: boolean;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** `METHOD /url` → the access its options declare; the role matrix reads it. */
    routeAccess: Map<string, Access>;
    /** The app's viewer cache, for the startup seed that may change the admin account. */
    viewers: ViewerCache;
  }
}

/** An abuse limit's key (plugins/rate-limit.ts): the signed-in account, else the client's address. */
export const perAccount = (name: string) => (request: FastifyRequest) =>
  `${name}:${request.viewer?.id ?? addressBucket(request.ip)}`;

/**
 * Whether the site opens free articles to visitors; when the settings cannot be read (the database is down and
 * they are not cached), SPEC's rule, signed-in readers: the visitor is then told to log in (401), not a 5xx.
 */
async function visitorsReadOrDefault(visitorsRead: VisitorsRead): Promise<boolean> {
  try {
    return await visitorsRead();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return false;
  }
}

async function checkAccess(
  request: FastifyRequest,
  access: Access,
  now: Date,
  visitorsRead: VisitorsRead,
): Promise<void> {
  if (access === 'reader-or-visitor') {
    // A token that names no session is still told so: the browser then forgets it.
    if (!request.viewer && !request.sessionRejected && (await visitorsReadOrDefault(visitorsRead))) return;
    access = 'reader';
  }
  assertAccess(request.viewer, access, now, {
    sessionRejected: request.sessionRejected,
    named: () => namedEmail(request),
  });
}

/**
 * Refuses `viewer` what `access` does not allow them, with the API's 401 or 403: for a route's request, and
 * for a page's own reads on the server (modules/pages/page-reads.ts). `named`: the account a
 * self-or-admin rule is about, else the viewer's own.
 */
export function assertAccess(
  viewer: Viewer | null,
  access: Access,
  now: Date,
  request: { sessionRejected?: boolean; named?: () => unknown } = {},
): asserts viewer is Viewer {
  if (!viewer) {
    const loginMessage = access === 'reader' ? ARTICLE_MESSAGES.loginToRead : API_MESSAGES.loginRequired;
    throw unauthorized(request.sessionRejected ? API_MESSAGES.sessionExpired : loginMessage);
  }
  if (access === 'signed-in' || access === 'premium-list' || access === 'admin') {
    const answer = answerAccess([access], viewer, now);
    if (answer === 'forbidden') throw forbidden(API_MESSAGES.adminOnly);
    if (answer === 'subscribe') throw forbidden(API_MESSAGES.premiumOnly);
  }
  if (access === 'premium' && !hasPremiumAccess(viewer, now)) throw forbidden(API_MESSAGES.premiumOnly);
  if (access === 'self-or-admin' && viewer.role !== 'admin') {
    const named = request.named?.() ?? viewer.email;
    if ((typeof named === 'string' ? named.trim().toLowerCase() : '') !== viewer.email) throw forbidden();
  }
}

/** The account a self-or-admin route is about, read before validation: a malformed value is simply not the caller's. */
function namedEmail(request: FastifyRequest): unknown {
  return (request.params as Record<string, unknown>).email ?? (request.query as Record<string, unknown>).email;
}

/** The viewer behind a bearer token, or undefined when it names no live session: modules/auth's `resolveViewer`. */
export type ResolveViewer = (token: string) => Promise<Viewer | undefined>;

/** Whether the site opens free articles to visitors without a session: modules/settings' setting, as app.ts reads it. */
export type VisitorsRead = () => Promise<boolean>;

/**
 * Reads `Authorization: Bearer` on every request into `request.viewer` (app.ts passes modules/auth's resolver and
 * the site's setting: a plugin imports no module), then enforces the route's access.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: AppDeps,
  resolveViewer: ResolveViewer,
  visitorsRead: VisitorsRead,
) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionRejected', false);
  app.decorate('routeAccess', new Map<string, Access>());
  app.decorate('viewers', deps.viewers);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) return;
    for (const method of [route.method].flat()) app.routeAccess.set(`${method} ${route.url}`, access);
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const viewer = await resolveViewer(header.slice('Bearer '.length).trim());
      request.viewer = viewer ?? null;
      request.sessionRejected = viewer === undefined;
    }
    const access = request.routeOptions.config.access;
    if (access) await checkAccess(request, access, deps.clock(), visitorsRead);
  });
}

/** The signed-in viewer; a route declaring any access has already refused everyone else. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (request.viewer) return request.viewer;
  throw unauthorized(request.sessionRejected ? API_MESSAGES.sessionExpired : API_MESSAGES.loginRequired);
}
