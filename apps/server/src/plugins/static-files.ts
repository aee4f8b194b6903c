import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sendNotFound } from './errors.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;

/**
 * Uploaded images: named by content hash, so they never change. Other origins may embed them (helmet's default is
 * same-origin): the daily brief's images show in a webmail's page, and feed readers show articles' images.
 */
export async function registerUploadFiles(app: FastifyInstance, uploadsDir: string) {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/api/uploads/',
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    setHeaders: (res) => {
      res.header('cache-control', IMMUTABLE);
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}

/**
 * The built SPA: hashed assets cached for a year; every other non-API path is a page, rendered on the
 * server when the web app's server bundle is built (`servePage`), else index.html for the client router.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  servePage?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  /** Files the server answers itself (feeds, sitemaps, robots.txt): a built copy is ignored. */
  serverOwnedFiles: string[] = [],
) {
  const hasWebApp = existsSync(path.join(webDir, 'index.html'));
  if (!hasWebApp) app.log.warn({ webDir }, 'the web app is not built: run `npm run build`');
  else {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      // Routes for the built files only; every other path falls through to index.html.
      wildcard: false,
      globIgnore: serverOwnedFiles,
      index: false,
      cacheControl: false,
      preCompressed: false,
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        res.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (!isPage) return sendNotFound(request, reply);
    if (!hasWebApp) return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    if (servePage) return servePage(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDir);
  });
}
