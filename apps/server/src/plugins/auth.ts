import { API_MESSAGES, ARTICLE_MESSAGES } from '@dispatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps, Viewer } from '../app-types.js';
import { resolveViewer } from '../modules/auth/auth.service.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    /** Set when a token was sent but names no live session. */
    sessionRejected: boolean;
  }
}

/** Reads `Authorization: Bearer` on every request into `request.viewer`. */
export function registerAuth(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionRejected', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const viewer = await resolveViewer(deps, header.slice('Bearer '.length).trim());
    request.viewer = viewer ?? null;
    request.sessionRejected = viewer === undefined;
  });
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (request.viewer) return request.viewer;
  throw unauthorized(request.sessionRejected ? API_MESSAGES.sessionExpired : API_MESSAGES.loginRequired);
}

/** Reading an article needs an account (DESIGN.md 4); the message says so. */
export function requireReader(request: FastifyRequest): Viewer {
  if (request.viewer) return request.viewer;
  throw unauthorized(request.sessionRejected ? API_MESSAGES.sessionExpired : ARTICLE_MESSAGES.loginToRead);
}

export function requireAdmin(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (viewer.role !== 'admin') throw forbidden(API_MESSAGES.adminOnly);
  return viewer;
}

/** The account's owner or an admin. */
export function requireSelfOrAdmin(request: FastifyRequest, email: string): Viewer {
  const viewer = requireViewer(request);
  if (viewer.role !== 'admin' && viewer.email !== email.trim().toLowerCase()) throw forbidden();
  return viewer;
}
