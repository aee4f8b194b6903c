import { IMAGE_WIDTHS, LIMITS } from '@dispatch/shared';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImageStore, type ImageStore } from './image-store.js';

describe('image store', () => {
  let dir: string;
  let store: ImageStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dispatch-images-'));
    store = createImageStore(path.join(dir, 'uploads'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const files = () => (existsSync(store.dir) ? readdirSync(store.dir) : []);

  it('re-encodes to WebP at every width, named by content hash, without metadata', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const stored = await store.save(jpeg);
    expect(stored.url).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);
    expect(stored).toMatchObject({ width: 1600, height: 800 });
    expect(files()).toHaveLength(1 + IMAGE_WIDTHS.length);
    const main = path.join(store.dir, path.basename(stored.url));
    const metadata = await sharp(main).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    const small = await sharp(main.replace('.webp', '-320.webp')).metadata();
    expect(small.width).toBe(320);
    expect(await store.owns(stored.url)).toBe(true);
    expect(stored.created).toBe(true);
    expect(await store.save(jpeg)).toEqual({ ...stored, created: false });
    await store.remove(stored.url);
    expect(files()).toEqual([]);
    expect(await store.owns(stored.url)).toBe(false);
  });

  it('refuses what is not an image by its content, whatever it is called, and leaves nothing', async () => {
    await expect(store.save(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).rejects.toMatchObject({
      statusCode: 415,
    });
    await expect(store.save(Buffer.from('%PDF-1.7 not an image at all'))).rejects.toMatchObject({ statusCode: 415 });
    expect(files()).toEqual([]);
  });

  it('refuses a truncated image and leaves nothing', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(store.save(png.subarray(0, 40))).rejects.toMatchObject({ statusCode: 415 });
    expect(files()).toEqual([]);
  });

  it('refuses files over 5 MB and images over 40 megapixels', async () => {
    const oversized = Buffer.alloc(LIMITS.upload.maxBytes + 1);
    oversized.write('\x89PNG\r\n\x1a\n', 'latin1');
    await expect(store.save(oversized)).rejects.toMatchObject({ statusCode: 413 });
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(store.save(huge)).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/megapixels/),
    });
    expect(files()).toEqual([]);
  });

  it('does not own URLs it did not issue', async () => {
    expect(await store.owns('https://evil.example/x.webp')).toBe(false);
    expect(await store.owns(`/api/uploads/${'a'.repeat(64)}.webp`)).toBe(false);
    expect(await store.owns('/api/uploads/../../etc/passwd')).toBe(false);
  });
});
