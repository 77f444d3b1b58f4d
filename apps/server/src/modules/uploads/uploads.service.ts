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
import { ServiceUnavailableError, ValidationError } from '../../lib/errors';
import { IMAGES_URL_PREFIX, LocalDiskImageStore, type ImageStore } from './uploads.storage';

/** Largest image file accepted, uploaded or downloaded (a provider's photo). */
export const MAX_IMAGE_BYTES = LIMITS.uploadMaxBytes;
export const MAX_INPUT_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;
/** Longest side accepted (WebP cannot encode more), read from the header. */
export const MAX_IMAGE_SIDE = 16_383;
/** Most elongated shape accepted: the longer side at most this many times the shorter. */
export const MAX_ASPECT_RATIO = 50;
const WEBP_QUALITY = 80;
/** A decode that takes longer than this is abandoned (libvips checks it between tiles). */
const PROCESS_TIMEOUT_SECONDS = 30;
/** Images processed at once: libvips already uses every core for one, and this bounds memory. */
const CONCURRENCY = 2;

/** Why the pipeline refused an image, for callers other than the upload form (a sync's report). */
export type ImageRefusal =
  'not-an-image' | 'too-many-pixels' | 'side-too-long' | 'too-elongated' | 'unreadable';

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
const sideTooLong = () =>
  new ImageRefusedError(
    'side-too-long',
    `This image is too large to process (at most ${MAX_IMAGE_SIDE} pixels on a side)`,
  );
const tooElongated = () =>
  new ImageRefusedError(
    'too-elongated',
    `This image is too long and narrow to process (its longer side may be at most ${MAX_ASPECT_RATIO} times its shorter one)`,
  );
const unreadable = () =>
  new ImageRefusedError(
    'unreadable',
    'This image could not be read. It may be damaged; please select another image file.',
  );

const imagesBusy = () => new ServiceUnavailableError(5, 'Too many images are being processed right now.');

/**
 * Runs at most `limit` tasks at a time; the others wait in order. A caller giving `maxWaiting` is
 * refused (503, imagesBusy) rather than queued when that many such callers already wait; a caller
 * without it always waits its turn.
 */
export class Slots {
  private running = 0;
  private countedWaiting = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>, maxWaiting?: number): Promise<T> {
    if (this.running < this.limit) this.running++;
    else {
      if (maxWaiting !== undefined && this.countedWaiting >= maxWaiting) throw imagesBusy();
      if (maxWaiting !== undefined) this.countedWaiting++;
      // The slot is handed over by the task that ends (`running` already counts it).
      await new Promise<void>((resolve) => this.queue.push(resolve));
      if (maxWaiting !== undefined) this.countedWaiting--;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * The process's image slots, shared by every image service (the upload route's, the syncs'):
 * libvips already uses every core for one image, and the slots bound the memory decoding takes.
 */
export const imageSlots = new Slots(CONCURRENCY);

export interface ImageServiceOptions {
  /** Uploads that may wait for a slot; one more is answered 503 (IMAGE_QUEUE_MAX). */
  queueMax: number;
}

interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Checks an uploaded file and stores it as WebP renditions:
 * - the type comes from the bytes (JPEG, PNG or WebP), never from the file name or Content-Type;
 * - the declared size is read from the header and refused before anything is decoded: above
 *   MAX_IMAGE_MEGAPIXELS, a side over MAX_IMAGE_SIDE, or sides further apart than 1:MAX_ASPECT_RATIO;
 *   the decoder itself is capped too (decompression bombs);
 * - two images are processed at a time in the process; at most IMAGE_QUEUE_MAX uploads wait;
 * - the picture is turned upright (EXIF orientation) and re-encoded, which drops all metadata
 *   (EXIF, GPS, XMP, ICC after conversion to sRGB) and anything hidden after the image data.
 */
export class ImageUploadService {
  constructor(
    private readonly store: ImageStore,
    private readonly opts: ImageServiceOptions,
  ) {}

  /**
   * Checks and stores one image. The header is checked before the image takes a place in the queue.
   * `waitWhenBusy`: wait for a slot however many images wait (a sync, whose downloads are few at a
   * time); otherwise (an upload) refused with 503 when IMAGE_QUEUE_MAX uploads already wait.
   */
  async upload(input: Buffer, opts: { waitWhenBusy?: boolean } = {}): Promise<UploadImageResponse> {
    const type = await fileTypeFromBuffer(input);
    if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw notAnImage();
    const meta = await inspect(input);

    const renditions = await imageSlots.run(
      () => render(input, meta),
      opts.waitWhenBusy ? undefined : this.opts.queueMax,
    );
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
export function createImageService(uploadDir: string, opts: ImageServiceOptions): ImageUploadService {
  return new ImageUploadService(new LocalDiskImageStore(uploadDir), opts);
}

/**
 * Reads the header only (nothing is decoded) and refuses the sizes that would hold a slot for long
 * or fail late: too many pixels, a side WebP cannot hold, or a sliver (a 1 × 40,000,000 PNG is a
 * few dozen KB that takes the whole decode time-out).
 */
async function inspect(input: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // No pixel limit on reading the header: the size it declares is checked just below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();
  if (Math.max(meta.width, meta.height) > MAX_IMAGE_SIDE) throw sideTooLong();
  if (Math.max(meta.width, meta.height) > MAX_ASPECT_RATIO * Math.min(meta.width, meta.height))
    throw tooElongated();
  return meta;
}

async function render(input: Buffer, meta: Metadata): Promise<Rendition[]> {
  const sharp = await loadSharp();
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
