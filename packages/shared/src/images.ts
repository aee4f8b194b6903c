/** Widths our image store renders every upload at; the URL it issues names the widest. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export const UPLOAD_URL_PATTERN = /^\/api\/uploads\/([a-f0-9]{64})\.webp$/;

export function uploadUrl(hash: string, width?: number): string {
  return width ? `/api/uploads/${hash}-${width}.webp` : `/api/uploads/${hash}.webp`;
}

/** A srcset for one of our uploads; other URLs get none. */
export function imageSrcSet(url: string): string | undefined {
  const hash = UPLOAD_URL_PATTERN.exec(url)?.[1];
  if (!hash) return undefined;
  return IMAGE_WIDTHS.map((width) => `${uploadUrl(hash, width)} ${width}w`).join(', ');
}

/** One width of our upload (one of IMAGE_WIDTHS); other URLs are given back as they are. */
export function imageVariant(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  const hash = UPLOAD_URL_PATTERN.exec(url)?.[1];
  return hash ? uploadUrl(hash, width) : url;
}
