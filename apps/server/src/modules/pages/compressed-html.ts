import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, deflateRaw, gzip } from 'node:zlib';
import type { Theme } from '@dispatch/shared';
import { withTheme } from './page-renderer.js';

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

const gzipOnly = new Negotiator<'gzip'>({ supportedValues: ['gzip'] });
/** Whether `accept-encoding` allows gzip (a shared page's is the one encoding that can be joined from parts). */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  acceptEncoding !== undefined && gzipOnly.negotiate(acceptEncoding) === 'gzip';

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

/** A gzip member's header: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored block's length is 16 bits. */
const MAX_STORED_BLOCK = 0xffff;

/** A page's shared part (the head in the reader's theme, then the rest), deflated up to a byte boundary that leaves no reference behind it. */
interface DeflatedPrefix {
  body: Buffer;
  /** The CRC and length of the bytes it deflates. */
  crc: number;
  length: number;
}

const deflatedPrefixes = new LRUCache<string, DeflatedPrefix>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (prefix) => prefix.body.length,
});

/** Strings as UTF-8 in one buffer, encoded piece by piece: never joined into one string first. */
export function utf8Of(pieces: readonly string[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}

/**
 * A page its audience shares, as it is kept between requests: the template's head (the stylesheet is
 * most of it), the rest of what comes before `</body>` as bytes, and what comes after. Kept as bytes rather than the
 * render's strings, which would outlive the young generation and be copied by every collection until they died.
 */
export interface SharedPage {
  /** The template's head, the same string for every page: its bytes are encoded once per theme (`headBytes`). */
  head: string;
  rest: Buffer;
  end: string;
}

/** `pieces` (`pageParts`: the template's head first, `</body>` in the last) as a page to share. */
export function sharedPageOf(pieces: readonly string[]): SharedPage {
  const last = pieces.at(-1) ?? '';
  const bodyEnd = last.lastIndexOf('</body>');
  const cut = bodyEnd === -1 ? last.length : bodyEnd;
  return { head: pieces[0] ?? '', rest: utf8Of([...pieces.slice(1, -1), last.slice(0, cut)]), end: last.slice(cut) };
}

/** Per template head (a few variants of one template) and theme: its bytes. */
const headBytes = new Map<string, Map<string, Buffer>>();

function encodedHead(head: string, theme: Theme | undefined): Buffer {
  let themes = headBytes.get(head);
  if (!themes) headBytes.set(head, (themes = new Map()));
  let bytes = themes.get(theme ?? '');
  if (!bytes) themes.set(theme ?? '', (bytes = Buffer.from(withTheme(head, theme))));
  return bytes;
}

/**
 * A shared page with `own` (one reader's part, a few hundred bytes) before its end, in the reader's theme, with only
 * `own` new to each request. Gzipped, it is a stored block after the shared part's deflated blocks (kept as
 * `keepAs`, the page's ETag, and the theme): the way pigz joins blocks compressed apart. The shared part ends with a
 * full flush, so the stream is byte-aligned there and nothing after it refers back into it (RFC 1951, 3.2.4).
 */
export async function sharedPageBytes(
  page: SharedPage,
  options: { keepAs: string; theme: Theme | undefined; own: string; gzipped: boolean },
): Promise<Buffer> {
  const head = encodedHead(page.head, options.theme);
  const own = Buffer.from(options.own + page.end);
  if (!options.gzipped) return Buffer.concat([head, page.rest, own]);
  const key = `${options.keepAs}:${options.theme ?? ''}`;
  let deflated = deflatedPrefixes.get(key);
  if (!deflated) {
    const prefix = Buffer.concat([head, page.rest]);
    const body = await promisify(deflateRaw)(prefix, { finishFlush: constants.Z_FULL_FLUSH });
    deflated = { body, crc: crc32(prefix), length: prefix.length };
    deflatedPrefixes.set(key, deflated);
  }
  if (own.length > MAX_STORED_BLOCK) throw new Error("a page's own part is too long for one stored block");
  const block = Buffer.alloc(5);
  block[0] = 1; // BFINAL, stored
  block.writeUInt16LE(own.length, 1);
  block.writeUInt16LE(~own.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(own, deflated.crc), 0);
  trailer.writeUInt32LE((deflated.length + own.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, deflated.body, block, own, trailer]);
}
