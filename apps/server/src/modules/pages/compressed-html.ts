import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Pages are answered by the not-found handler, which @fastify/compress does not reach: they are
 * compressed here. A page's HTML is 40–95 kB (its inlined stylesheet, the hydration data), 15–20 kB
 * compressed: on a phone's slow network that is most of the first paint (docs/decisions/024-compressed-pages-and-the-lcp.md).
 */
type Encoding = 'br' | 'gzip';

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
const compressors: Record<Encoding, (html: string) => Promise<Buffer>> = {
  // Quality 4, as @fastify/compress uses for the API: nearly the size of 11 at a small part of its cost.
  br: (html) => promisify(brotliCompress)(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (html) => promisify(gzip)(html),
};

/** Anonymous pages come from the response cache again and again: compressed once per version (ETag). */
const compressedPages = new LRUCache<string, Buffer>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (body) => body.length,
});

/** The best encoding `accept-encoding` allows, if any. */
export const encodingFor = (acceptEncoding: string | undefined): Encoding | null =>
  acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;

/** Each encoding is its own representation, with its own strong validator (as Apache's `-gzip`). */
export const etagFor = (etag: string, encoding: Encoding | null) =>
  encoding ? etag.replace(/"$/, `-${encoding}"`) : etag;

/** The page's HTML in `encoding`; with `keepAs` (the representation's ETag) kept for the next request. */
export async function compressHtml(html: string, encoding: Encoding, keepAs?: string): Promise<Buffer> {
  const key = keepAs && `${encoding}:${keepAs}`;
  const kept = key ? compressedPages.get(key) : undefined;
  if (kept) return kept;
  const body = await compressors[encoding](html);
  if (key) compressedPages.set(key, body);
  return body;
}
