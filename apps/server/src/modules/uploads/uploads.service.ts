import { randomBytes } from 'node:crypto';
import {
  IMAGE_MIME_TYPES,
  LIMITS,
  MAX_IMAGE_MEGAPIXELS,
  renditionWidths,
  type UploadImageResponse,
} from '@villas/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../lib/sharp';
import { ValidationError } from '../../lib/errors';
import { IMAGES_URL_PREFIX, LocalDiskImageStore, type ImageStore } from './uploads.storage';

/** Largest image file accepted, uploaded or downloaded (a provider's photo). */
export const MAX_IMAGE_BYTES = LIMITS.uploadMaxBytes;
export const MAX_INPUT_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;
const WEBP_QUALITY = 80;
/** A decode that takes longer than this is abandoned (libvips checks it between tiles). */
const PROCESS_TIMEOUT_SECONDS = 30;
/** Images processed at once: libvips already uses every core for one, and this bounds memory. */
const CONCURRENCY = 2;

/** Why the pipeline refused an image, for callers other than the upload form (a sync's report). */
export type ImageRefusal = 'not-an-image' | 'too-many-pixels' | 'unreadable';

/** An image the pipeline refused; answered to the upload form as a 400 on its `image` field. */
export class ImageRefusedError extends ValidationError {
  constructor(
    public readonly reason: ImageRefusal,
    message: string,
  ) {
    super(message, [{ path: ['image'], message }]);
  }
}

export const notAnImage = () => new ImageRefusedError('not-an-image', 'Please select an image file');
const tooManyPixels = () =>
  new ImageRefusedError(
    'too-many-pixels',
    `This image is too large to process (max ${MAX_IMAGE_MEGAPIXELS} megapixels)`,
  );
const unreadable = () =>
  new ImageRefusedError(
    'unreadable',
    'This image could not be read. It may be damaged; please select another image file.',
  );

/** Runs at most `limit` tasks at a time; the others wait in order. */
function limiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Checks an uploaded file and stores it as WebP renditions (seed 001 §5, DESIGN §8):
 * - the type comes from the bytes (JPEG, PNG or WebP), never from the file name or Content-Type;
 * - the declared pixel count is read from the header and refused above MAX_IMAGE_MEGAPIXELS before
 *   anything is decoded, and the decoder itself is capped too (decompression bombs);
 * - the picture is turned upright (EXIF orientation) and re-encoded, which drops all metadata
 *   (EXIF, GPS, XMP, ICC after conversion to sRGB) and anything hidden after the image data.
 */
export class ImageUploadService {
  private readonly queue = limiter(CONCURRENCY);

  constructor(private readonly store: ImageStore) {}

  async upload(input: Buffer): Promise<UploadImageResponse> {
    const type = await fileTypeFromBuffer(input);
    if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw notAnImage();

    const renditions = await this.queue(() => render(input));
    const id = randomBytes(16).toString('hex');
    const files = renditions.map((r) => ({ name: `${id}-${r.width}.webp`, data: r.data }));
    const urls = await this.store.putAll(files);
    const largest = renditions[renditions.length - 1]!;
    return {
      imageUrl: urls[urls.length - 1]!,
      srcSet: urls.map((url, i) => `${url} ${renditions[i]!.width}w`).join(', '),
      width: largest.width,
      height: largest.height,
    };
  }

  /**
   * Removes the files of images this service stored, named by the `imageUrl` it answered (every
   * rendition goes with it). Other URLs are ignored, so a provider's or an admin-typed URL is safe
   * to pass.
   */
  async remove(imageUrls: readonly string[]): Promise<void> {
    const names = imageUrls.flatMap((url) => {
      const m = url.startsWith(IMAGES_URL_PREFIX) && STORED_NAME.exec(url.slice(IMAGES_URL_PREFIX.length));
      if (!m) return [];
      return renditionWidths(Number(m[2])).map((w) => `${m[1]}-${w}.webp`);
    });
    if (names.length) await this.store.remove(names);
  }
}

/** File name of a stored image's largest rendition: its random id and width. */
const STORED_NAME = /^([a-f0-9]{32})-(\d+)\.webp$/;

/**
 * The image pipeline over the local image store: the upload route's, and the one provider syncs
 * send downloaded photos through (the same checks, renditions and storage as an upload).
 */
export function createImageService(uploadDir: string): ImageUploadService {
  return new ImageUploadService(new LocalDiskImageStore(uploadDir));
}

async function render(input: Buffer): Promise<Rendition[]> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Reads the header only, so no pixel limit yet: the size it declares is checked just below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const widths = renditionWidths(upright.width);

  const open = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).timeout({
      seconds: PROCESS_TIMEOUT_SECONDS,
    });
  try {
    // Decode once, upright, at the largest width (JPEG shrinks while decoding); the smaller
    // renditions are resized from that raster. Only the first frame of an animation is kept.
    const master = await open()
      .autoOrient()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      width: master.info.width,
      height: master.info.height,
      channels: master.info.channels,
    } as const;
    return await Promise.all(
      widths.map(async (w) => {
        let pipeline = sharp(master.data, { raw });
        if (w < raw.width) pipeline = pipeline.resize({ width: w });
        const { data, info } = await pipeline
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data };
      }),
    );
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw unreadable();
  }
}
