/**
 * Image uploads (docs/decisions/004-image-uploads.md).
 *
 * Every upload is re-encoded as WebP renditions named `/uploads/images/<id>-<width>.webp`. The rule,
 * shared by the server (which writes them) and the web app (which builds `srcset` from a stored URL):
 * the renditions are each of IMAGE_WIDTHS narrower than the picture, plus the largest one, which is
 * `min(original width, 1600)` wide. Nothing is enlarged and the largest's URL names its true width,
 * so `<id>-1200.webp` means the files `<id>-480.webp`, `<id>-960.webp` and `<id>-1200.webp` exist.
 * Kept apart from the upload schemas (uploads.ts): the web app's public pages use it and load no zod.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export const UPLOADED_IMAGES_PREFIX = '/uploads/images/';
/** Decoding limit against decompression bombs (a small file declaring a huge canvas). */
export const MAX_IMAGE_MEGAPIXELS = 40;
/** The image types accepted, decided from the file's bytes. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The rendition widths written for a picture `originalWidth` pixels wide (upright). */
export function renditionWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}
