import type { DbOrTx } from '../../db/client.js';
import type { ImageStore } from './image-store.js';
import * as repository from './uploads.repository.js';

/** An upload nobody has used for this long is an abandoned form or a deleted article's image. */
export const UNREFERENCED_IMAGE_AGE_MS = 24 * 60 * 60 * 1000;
// Bounds one sweep's work (and the transaction it runs in); the next sweep takes the rest.
const MAX_IMAGES_PER_SWEEP = 500;

/** The images stored before `now` minus a day that no row references: candidates for removal. */
export async function findUnreferencedImages(db: DbOrTx, images: ImageStore, now: Date): Promise<string[]> {
  const candidates = await images.storedBefore(new Date(now.getTime() - UNREFERENCED_IMAGE_AGE_MS));
  const batch = candidates.slice(0, MAX_IMAGES_PER_SWEEP);
  const referenced = await repository.findReferencedImages(db, batch);
  return batch.filter((url) => !referenced.has(url));
}

export async function removeImages(images: ImageStore, urls: string[]): Promise<void> {
  for (const url of urls) await images.remove(url);
}

/** Removes those of these images that no row uses any more (a deleted account's photo and article images). */
export async function removeImagesNoLongerUsed(db: DbOrTx, images: ImageStore, urls: string[]): Promise<number> {
  const candidates = [...new Set(urls)];
  const referenced = await repository.findReferencedImages(db, candidates);
  const unused = candidates.filter((url) => !referenced.has(url));
  await removeImages(images, unused);
  return unused.length;
}
