import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What anyone may see (anonymous pages, feeds, sitemaps): a CDN may keep it a minute (and serve it a
 * little longer while it fetches a new one), so an article taken down is gone from the edge within
 * about 90 s; browsers always ask again (decision 014). While we answer with an error (the database is
 * down) the edge may go on serving its copy for five minutes (decision 039).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=300';

/**
 * A free article's whole text sent to a visitor (the site opens free articles to anyone): no stale-if-error, so
 * once the admin closes it (the setting, or the article kept for signed-in readers) no edge serves it past
 * about 90 s, even while the database is down (decision 066).
 */
export const OPEN_ARTICLE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

/** A strong validator of a whole answer. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export interface PublicDocument {
  body: string;
  etag: string;
}

export const toPublicDocument = (body: string): PublicDocument => ({ body, etag: etagOf(body) });

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

/** Sends a public document with its ETag, or 304 when the client already holds it. */
export function sendPublicDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: PublicDocument,
  contentType: string,
) {
  void reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', document.etag);
  if (matches(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
  return reply.type(contentType).send(document.body);
}
