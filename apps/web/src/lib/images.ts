import { IMAGE_WIDTHS, UPLOADED_IMAGES_PREFIX } from '@villas/shared';

const MAX_UPLOADED_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
const UPLOADED = new RegExp(`^${UPLOADED_IMAGES_PREFIX}([0-9a-f]+)-([1-9][0-9]*)\\.webp$`);
const DEMO_PREFIX = '/uploads/demo/';
const DEMO = /^\/uploads\/demo\/([a-z0-9]+(?:-[a-z0-9]+)*)\.webp$/;
/** The demo images' sizes (packages/demo-data/src/scenes.ts: IMAGE_WIDTH and COPY_WIDTHS). */
const DEMO_WIDTH = 1600;
const DEMO_COPY_WIDTHS = [640, 960];
const DEMO_COPY = new RegExp(`-(${DEMO_COPY_WIDTHS.join('|')})$`);

/**
 * `srcset` for a stored image URL, derived from the server's file naming alone (a property keeps only
 * its image URLs):
 * - uploads, `/uploads/images/<id>-<W>.webp` (docs/decisions/004-image-uploads.md): the server writes
 *   each of IMAGE_WIDTHS narrower than the picture plus the largest, `W = min(original, 1600)`, and the
 *   stored URL is the largest's. So `<id>-1200.webp` means 480, 960 and 1200 exist, all under that id;
 * - demo images, `/uploads/demo/<name>.webp` (1600 wide), each with 640- and 960-wide copies
 *   `<name>-640.webp` and `<name>-960.webp` (packages/demo-data/src/images.ts);
 * - anything else (external URLs, other paths): no `srcset`, the browser loads `src` as it is.
 * The answer of `POST /api/upload/image` carries the same `srcSet` for a fresh upload.
 */
export function srcSetFor(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const uploaded = UPLOADED.exec(url);
  if (uploaded) {
    const [, id, width] = uploaded;
    const largest = Number(width);
    if (largest > MAX_UPLOADED_WIDTH) return undefined;
    return [...IMAGE_WIDTHS.filter((w) => w < largest), largest]
      .map((w) => `${UPLOADED_IMAGES_PREFIX}${id}-${w}.webp ${w}w`)
      .join(', ');
  }
  const demo = DEMO.exec(url);
  if (demo && !DEMO_COPY.test(demo[1]!)) {
    return [
      ...DEMO_COPY_WIDTHS.map((w) => `${DEMO_PREFIX}${demo[1]}-${w}.webp ${w}w`),
      `${url} ${DEMO_WIDTH}w`,
    ].join(', ');
  }
  return undefined;
}

/**
 * `sizes` for the places images appear, matched to their layouts (a wrong guess only costs bytes or
 * sharpness, never layout).
 */
export const IMAGE_SIZES = {
  /**
   * The landing hero: a photograph (3:2) covering the first screen (about the viewport's height), so
   * on a portrait or squarish screen it is as wide as 1.5 × the screen's height, wider than the screen.
   */
  landingHero: '(max-aspect-ratio: 3/2) 150vh, 100vw',
  /** The collection's hero: the same photograph over at least 34rem, 40rem from `sm`, 44rem from `lg`. */
  collectionHero: '(max-width: 639px) 816px, (max-width: 1023px) max(100vw, 960px), max(100vw, 1056px)',
  /** Catalogue cards: 1 column, 2 from `sm`, 3 from `lg`, inside a max-w-7xl page. */
  card: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  /** The collection's villa cards: 1 column, 2 from `md`, 3 from `xl`. */
  collectionCard: '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw',
  /** A detail dialog's main gallery image (dialog at most max-w-6xl). */
  dialogGallery: '(min-width: 1152px) 1120px, 100vw',
  /** Full-screen viewer. */
  fullScreen: '100vw',
  /** Thumbnail strips (about 80–104 px wide). */
  thumbnail: '104px',
} as const;
