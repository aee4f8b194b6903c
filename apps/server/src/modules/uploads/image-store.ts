import { API_MESSAGES, ERROR_CODES, IMAGE_WIDTHS, LIMITS, UPLOAD_URL_PATTERN, uploadUrl } from '@dispatch/shared';
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../plugins/errors.js';

const FULL_WIDTH = 1600;
const WEBP_QUALITY = 80;

/** Magic bytes of the formats we take: the name and the declared type are not trusted. */
function sniffImageType(bytes: Buffer): string | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  return undefined;
}

export interface StoredImage {
  url: string;
  width: number;
  height: number;
  /** False when the same image was already stored. */
  created: boolean;
}

export interface ImageStore {
  dir: string;
  save(bytes: Buffer): Promise<StoredImage>;
  /** True when the URL is one this store issued and its file exists. */
  owns(url: string): Promise<boolean>;
  /** Deletes an image this store issued, with every width. */
  remove(url: string): Promise<void>;
  /** URLs of the images none of whose files has been written or uploaded again since `cutoff`. */
  storedBefore(cutoff: Date): Promise<string[]>;
}

const STORED_FILE = /^([a-f0-9]{64})(?:-\d+)?\.webp$/;

export function createImageStore(dir: string): ImageStore {
  const fileOf = (name: string) => path.join(dir, name);

  async function render(bytes: Buffer) {
    const source = sharp(bytes, { limitInputPixels: LIMITS.upload.maxPixels, animated: false }).rotate();
    const full = await source
      .clone()
      .resize({ width: FULL_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const variants = await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        data: await source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
    return { full, variants };
  }

  async function owns(url: string): Promise<boolean> {
    const hash = UPLOAD_URL_PATTERN.exec(url)?.[1];
    if (!hash) return false;
    try {
      await access(fileOf(`${hash}.webp`));
      return true;
    } catch {
      return false;
    }
  }

  return {
    dir,
    async save(bytes) {
      if (bytes.length > LIMITS.upload.maxBytes) {
        throw new AppError(ERROR_CODES.payloadTooLarge, 413, API_MESSAGES.imageTooLarge);
      }
      if (!sniffImageType(bytes)) {
        throw new AppError(ERROR_CODES.unsupportedMediaType, 415, API_MESSAGES.imageUnsupported);
      }
      let rendered;
      try {
        rendered = await render(bytes);
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        if (/pixel limit/i.test(message)) {
          throw new AppError(ERROR_CODES.payloadTooLarge, 413, API_MESSAGES.imageTooManyPixels);
        }
        throw new AppError(ERROR_CODES.unsupportedMediaType, 415, API_MESSAGES.imageUnreadable);
      }
      const hash = createHash('sha256').update(bytes).digest('hex');
      const existing = { url: uploadUrl(hash), width: rendered.full.info.width, height: rendered.full.info.height };
      if (await owns(existing.url)) {
        // Uploaded again: fresh for the sweep of unreferenced images, so the form about to use it finds it.
        const now = new Date();
        await utimes(fileOf(`${hash}.webp`), now, now).catch(() => undefined);
        return { ...existing, created: false };
      }
      const files = [
        { name: `${hash}.webp`, data: rendered.full.data },
        ...rendered.variants.map((variant) => ({ name: `${hash}-${variant.width}.webp`, data: variant.data })),
      ];
      await mkdir(dir, { recursive: true });
      // Written under temporary names and renamed, so a reader never sees half a file and a
      // failure leaves nothing behind.
      const written: string[] = [];
      try {
        for (const file of files) {
          const temporary = fileOf(`.${file.name}.${randomUUID()}.tmp`);
          written.push(temporary);
          await writeFile(temporary, file.data);
        }
        // The main file goes last: its presence means the whole set is there.
        for (const [index, file] of [...files.entries()].reverse()) {
          await rename(written[index]!, fileOf(file.name));
        }
      } catch (error) {
        await Promise.all(written.map((file) => rm(file, { force: true })));
        throw error;
      }
      return { ...existing, created: true };
    },
    async remove(url) {
      const hash = UPLOAD_URL_PATTERN.exec(url)?.[1];
      if (!hash) return;
      const names = [`${hash}.webp`, ...IMAGE_WIDTHS.map((width) => `${hash}-${width}.webp`)];
      await Promise.all(names.map((name) => rm(fileOf(name), { force: true })));
    },
    async storedBefore(cutoff) {
      const newest = new Map<string, number>();
      for (const name of await readdir(dir).catch(() => [])) {
        const hash = STORED_FILE.exec(name)?.[1];
        if (!hash) continue;
        const modified = await stat(fileOf(name)).then(
          (stats) => stats.mtimeMs,
          () => undefined,
        );
        if (modified !== undefined) newest.set(hash, Math.max(newest.get(hash) ?? 0, modified));
      }
      return [...newest].filter(([, modified]) => modified < cutoff.getTime()).map(([hash]) => uploadUrl(hash));
    },
    owns,
  };
}
