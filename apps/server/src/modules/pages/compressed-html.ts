import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, deflateRaw, gzip } from 'node:zlib';

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

/**
 * A page's shared part as bytes, and once asked for, deflated up to a byte boundary that leaves no reference
 * behind it, with the CRC of its bytes.
 */
interface SharedPrefix {
  bytes: Buffer;
  deflated?: { body: Buffer; crc: number };
}

const sharedPrefixes = new LRUCache<string, SharedPrefix>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (prefix) => prefix.bytes.length + (prefix.deflated?.body.length ?? 0),
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
 * A page of `prefix` (shared, kept as `keepAs`, in pieces) then `tail` (one reader's own, a few hundred bytes), with only
 * the tail new to each request. Gzipped, the tail is a stored block after the prefix's deflated blocks: the way
 * pigz joins blocks compressed apart. The prefix ends with a full flush, so the stream is byte-aligned there and
 * nothing after it refers back into it (RFC 1951, 3.2.4).
 */
export async function withTail(
  prefix: () => readonly string[],
  tail: string,
  keepAs: string,
  gzipped: boolean,
): Promise<Buffer> {
  let shared = sharedPrefixes.get(keepAs);
  if (!shared && !gzipped) {
    // The first copy is encoded with its tail in one buffer, whose start is kept as the prefix: never changed once
    // sent, it is only ever copied from.
    const page = utf8Of([...prefix(), tail]);
    sharedPrefixes.set(keepAs, { bytes: page.subarray(0, page.length - Buffer.byteLength(tail)) });
    return page;
  }
  if (!shared) {
    shared = { bytes: utf8Of(prefix()) };
    sharedPrefixes.set(keepAs, shared);
  }
  const own = Buffer.from(tail);
  if (!gzipped) return Buffer.concat([shared.bytes, own]);
  if (!shared.deflated) {
    const body = await promisify(deflateRaw)(shared.bytes, { finishFlush: constants.Z_FULL_FLUSH });
    shared.deflated = { body, crc: crc32(shared.bytes) };
    sharedPrefixes.set(keepAs, shared);
  }
  if (own.length > MAX_STORED_BLOCK) throw new Error("a page's own part is too long for one stored block");
  const block = Buffer.alloc(5);
  block[0] = 1; // BFINAL, stored
  block.writeUInt16LE(own.length, 1);
  block.writeUInt16LE(~own.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(own, shared.deflated.crc), 0);
  trailer.writeUInt32LE((shared.bytes.length + own.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, shared.deflated.body, block, own, trailer]);
}
