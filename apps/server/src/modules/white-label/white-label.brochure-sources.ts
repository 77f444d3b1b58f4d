import path from 'node:path';
import type { PublicProperty, PublicWhiteLabel } from '@villas/shared';

/**
 * What a brochure is made from besides its answer: which stored photographs it prints, at which
 * size, and which files on disk each may be read from. Shared by the renderer (in its worker) and by
 * the main thread, which names a brochure in the cache by everything it is made from
 * (white-label.brochure-cache.ts) without loading pdfkit. Nothing here reads a file.
 */

/**
 * Raised whenever the renderer's output changes for the same answer and photographs (layout, fonts,
 * typefaces, pdfkit's version): brochures cached by an earlier renderer are then never served again
 * (their names no longer match) and age out of the cache.
 */
export const BROCHURE_RENDERER_VERSION = 2;

// A4 in points, and the printed sizes of the photographs.
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const INNER = PAGE.width - 2 * MARGIN;
export const COVER = { w: PAGE.width, h: 480 };
export const MAIN = { w: INNER, h: 282 };
export const THUMB = { w: (INNER - 8) / 2, h: 118 };
/** Pixels fetched for a printed size in points: 125 dpi, sharp on screen and in print. */
export const px = (pt: number) => Math.round((pt * 125) / 72);

/** A photograph as printed: its stored URL, cropped to `width` × `height` pixels. */
export interface PhotoRequest {
  url: string;
  width: number;
  height: number;
}

/** The cover's photograph: the first photograph of the first villa that has one. */
export function coverPhoto(data: PublicWhiteLabel): PhotoRequest | null {
  const url = data.properties.find((p) => p.images.length > 0)?.images[0];
  return url ? { url, width: px(COVER.w), height: px(COVER.h) } : null;
}

/** A villa page's photographs: the first one large, the next two as thumbnails. */
export function villaPhotoRequests(p: PublicProperty): { main: PhotoRequest | null; thumbs: PhotoRequest[] } {
  return {
    main: p.images[0] ? { url: p.images[0], width: px(MAIN.w), height: px(MAIN.h) } : null,
    thumbs: p.images.slice(1, 3).map((url) => ({ url, width: px(THUMB.w), height: px(THUMB.h) })),
  };
}

/** Every photograph the brochure of `data` prints. */
export function photoRequests(data: PublicWhiteLabel): PhotoRequest[] {
  const cover = coverPhoto(data);
  return [
    ...(cover ? [cover] : []),
    ...data.properties.flatMap((p) => {
      const { main, thumbs } = villaPhotoRequests(p);
      return [...(main ? [main] : []), ...thumbs];
    }),
  ];
}

/** The file of a stored image URL under UPLOAD_DIR, or null for anything else (never outside it). */
export function uploadedFile(url: string, uploadDir: string): string | null {
  if (!url.startsWith('/uploads/')) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(url.slice('/uploads/'.length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  const root = path.resolve(uploadDir);
  const file = path.resolve(root, rel);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * The files a photograph is read from, in order (the first that can be read is printed): smaller
 * stored copies of the same picture first when the print is small — uploads keep
 * `<id>-<width>.webp` at several widths, demo images a `-640` copy (see apps/web/src/lib/images.ts) —
 * then the file itself. None for a URL that is not one of this server's uploads.
 */
export function photoFiles(photo: PhotoRequest, uploadDir: string): string[] {
  const file = uploadedFile(photo.url, uploadDir);
  if (!file) return [];
  const uploaded = /^(.*-)(\d+)\.webp$/.exec(file);
  const out: string[] = [];
  if (uploaded && !file.includes(`${path.sep}demo${path.sep}`)) {
    for (const w of [480, 960, 1200])
      if (w >= photo.width && w < Number(uploaded[2])) out.push(`${uploaded[1]}${w}.webp`);
  } else if (/\.webp$/.test(file) && photo.width <= 640 && !file.endsWith('-640.webp')) {
    out.push(file.replace(/\.webp$/, '-640.webp'));
  }
  return [...out, file];
}

/** A file name for the download: the link's title without characters that file systems refuse. */
export function brochureFileName(title: string): string {
  const safe = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()&,'-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return `${safe || 'Brochure'}.pdf`;
}
