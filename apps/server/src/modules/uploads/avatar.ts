import sharp from 'sharp';
import type { ImageStore } from './image-store.js';

/** A head-and-shoulders silhouette on a colour: a profile photo for accounts that have none. */
export function avatarSvg(background: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="${background}"/><circle cx="128" cy="100" r="48" fill="#fff" fill-opacity="0.85"/>
<path d="M40 256 C40 190 80 160 128 160 C176 160 216 190 216 256 Z" fill="#fff" fill-opacity="0.85"/></svg>`;
}

/** The colour of the avatar an account without a photo gets (Google's without a picture, a registration without one). */
export const DEFAULT_AVATAR_BACKGROUND = '#475569';

export const avatarPng = (background: string) =>
  sharp(Buffer.from(avatarSvg(background)))
    .png()
    .toBuffer();

export async function storeSvg(images: ImageStore, svg: string): Promise<string> {
  return (await images.save(await sharp(Buffer.from(svg)).png().toBuffer())).url;
}

export const storeAvatar = (images: ImageStore, background: string) => storeSvg(images, avatarSvg(background));
