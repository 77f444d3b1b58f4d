import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadImageResponse } from '@villas/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bombPng } from '../../../test/images';
import { signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { createImageService, imageSlots } from './uploads.service';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'villas-uploads-'));
const imagesDir = path.join(uploadDir, 'images');
// One upload may wait for an image slot (the queue's bound is tested below).
const ctx = useTestContext({ UPLOAD_DIR: uploadDir, IMAGE_QUEUE_MAX: '1' });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const URL = '/api/upload/image';
const MB = 1024 * 1024;
let admin = '';
let agent = '';
let port = 0;

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, written out by hand so the test controls every byte. */
function form(parts: Part[]) {
  const boundary = `----villas${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''
    }\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const imagePart = (data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'image',
  data,
  filename,
  contentType,
});

async function upload(parts: Part[], cookie: string | null = admin) {
  const { body, contentType } = form(parts);
  return ctx.app.inject({
    method: 'POST',
    url: URL,
    payload: body,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}

const filesOnDisk = () => {
  try {
    return readdirSync(imagesDir).sort();
  } catch {
    return [];
  }
};
const fileOf = (url: string) => path.join(imagesDir, url.slice('/uploads/images/'.length));

/** Sends a body over a real socket, in 64 KB writes, and reads the answer (and any socket error). */
async function sendOverSocket(
  body: Buffer,
  contentType: string,
  opts: { chunked?: boolean; agent?: http.Agent } = {},
) {
  const errors: Error[] = [];
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: URL,
    agent: opts.agent ?? false,
    headers: {
      cookie: admin,
      'content-type': contentType,
      ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
    },
  });
  req.on('error', (err) => errors.push(err));
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
    },
  );
  async function* slices() {
    for (let i = 0; i < body.length; i += 64 * 1024) yield body.subarray(i, i + 64 * 1024);
  }
  const sent = pipeline(Readable.from(slices()), req).then(
    () => true,
    (err: Error) => (errors.push(err), false),
  );
  const res = await answer;
  const completed = await sent;
  return { ...res, completed, errors };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 160 } } });

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

describe('POST /api/upload/image', () => {
  it('turns a JPEG into WebP renditions at 480, 960 and 1600 px and answers their URLs', async () => {
    const jpeg = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#7a9cc6',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const res = await upload([imagePart(jpeg)]);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadImageResponse>();
    expect(body.imageUrl).toMatch(/^\/uploads\/images\/[0-9a-f]{32}-1600\.webp$/);
    expect(body).toMatchObject({ width: 1600, height: 1200 });
    const id = body.imageUrl.slice(0, -'-1600.webp'.length);
    expect(body.srcSet).toBe(`${id}-480.webp 480w, ${id}-960.webp 960w, ${id}-1600.webp 1600w`);
    for (const [w, h] of [
      [480, 360],
      [960, 720],
      [1600, 1200],
    ] as const) {
      const meta = await sharp(`${id.replace('/uploads/images/', `${imagesDir}/`)}-${w}.webp`).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w, height: h });
    }
  });

  it('accepts a PNG, never enlarging it: widths up to its own', async () => {
    const png = await solid(1200, 800).png().toBuffer();
    const res = await upload([imagePart(png, 'terrace.png', 'image/png')]);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadImageResponse>();
    expect(body).toMatchObject({ width: 1200, height: 800 });
    expect(body.imageUrl).toMatch(/-1200\.webp$/);
    expect(body.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['480w', '960w', '1200w']);
  });

  it('accepts a WebP smaller than every width as one rendition of its own size', async () => {
    const webp = await solid(300, 200).webp().toBuffer();
    const res = await upload([imagePart(webp, 'pool.webp', 'image/webp')]);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadImageResponse>();
    expect(body).toMatchObject({ width: 300, height: 200, srcSet: `${body.imageUrl} 300w` });
    expect((await sharp(fileOf(body.imageUrl)).metadata()).format).toBe('webp');
  });

  it('decides the type from the bytes: a PNG sent as photo.jpg with image/jpeg is read as a PNG', async () => {
    const png = await solid(640, 480).png().toBuffer();
    const res = await upload([imagePart(png, 'photo.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadImageResponse>().width).toBe(640);
  });

  it.each([
    ['plain text', 'just some words, not pixels'],
    ['HTML', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
    [
      'SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ],
    ['GIF', Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')],
  ])('refuses %s named .png: 400 Please select an image file', async (_kind, data) => {
    const before = filesOnDisk();
    const res = await upload([imagePart(data, 'villa.png', 'image/png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please select an image file',
      issues: [{ path: ['image'], message: 'Please select an image file' }],
      requestId: expect.any(String),
    });
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a file whose bytes start like a JPEG but do not decode', async () => {
    const jpeg = await solid(800, 600).jpeg().toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(5000, 0x41)]);
    const before = filesOnDisk();
    const res = await upload([imagePart(broken)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be read/);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a decompression bomb (a small PNG declaring 20000×20000 pixels) before decoding it', async () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const before = filesOnDisk();
    const started = performance.now();
    const res = await upload([imagePart(bomb, 'bomb.png', 'image/png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This image is too large to process (max 40 megapixels)',
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses from the header a side over 16,383 px (a 1 × 40,000 PNG), before it waits for a slot', async () => {
    const sliver = bombPng(1, 40_000);
    expect(sliver.length).toBeLessThan(1024);
    const before = filesOnDisk();
    const res = await upload([imagePart(sliver, 'sliver.png', 'image/png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This image is too large to process (at most 16383 pixels on a side)',
      issues: [{ path: ['image'], message: expect.stringMatching(/16383 pixels on a side/) }],
    });
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses sides further apart than 1:50, and takes 1:50 itself', async () => {
    const narrow = await upload([imagePart(bombPng(20, 1001), 'narrow.png', 'image/png')]);
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().message).toBe(
      'This image is too long and narrow to process (its longer side may be at most 50 times its shorter one)',
    );
    const wide = await upload([imagePart(bombPng(1001, 20), 'wide.png', 'image/png')]);
    expect(wide.statusCode).toBe(400);
    const edge = await upload([imagePart(await solid(1000, 20).png().toBuffer(), 'edge.png', 'image/png')]);
    expect(edge.statusCode, edge.body).toBe(201);
    expect(edge.json()).toMatchObject({ width: 1000, height: 20 });
  });

  it('bounds the queue: both slots busy and IMAGE_QUEUE_MAX uploads waiting, one more is 503 with Retry-After', async () => {
    const release: Array<() => void> = [];
    const held = [1, 2].map(() => imageSlots.run(() => new Promise<void>((r) => release.push(r))));
    await vi.waitFor(() => expect(release).toHaveLength(2));
    const png = await solid(640, 480).png().toBuffer();
    try {
      const waiting = upload([imagePart(png, 'a.png', 'image/png')]);
      await vi.waitFor(() => expect(imageSlots.waiting).toBe(1));

      // Answered at once (a queued upload would only answer once the slots are released below).
      const refused = await Promise.race([
        upload([imagePart(png, 'b.png', 'image/png')]),
        new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
      ]);
      expect(refused?.statusCode).toBe(503);
      expect(refused!.headers['retry-after']).toBe('5');
      expect(refused!.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Too many images are being processed right now. Try again in 5 seconds.',
      });
      // Refused from its header, an image never waits for a slot: still a 400.
      const sliver = await upload([imagePart(bombPng(1, 40_000), 'sliver.png', 'image/png')]);
      expect(sliver.statusCode).toBe(400);
      // A sync's photo waits its turn, uncounted.
      const synced = createImageService(uploadDir, { queueMax: 1 }).upload(png, { waitWhenBusy: true });
      await vi.waitFor(() => expect(imageSlots.waiting).toBe(2));

      release.forEach((r) => r());
      expect((await waiting).statusCode).toBe(201);
      expect((await synced).width).toBe(640);
    } finally {
      release.forEach((r) => r());
      await Promise.all(held);
    }
    expect(imageSlots.waiting).toBe(0);
    expect((await upload([imagePart(png, 'c.png', 'image/png')])).statusCode).toBe(201);
  });

  it('turns the picture upright and strips EXIF and GPS metadata', async () => {
    // Stored 400×300 with orientation 6 (shown rotated a quarter turn: 300×400), with GPS and camera tags.
    const jpeg = await solid(400, 300)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Camera Co', Model: 'X100', Copyright: 'Someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '43/1 30/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '7/1 0/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.toString('latin1')).toContain('Camera Co');

    const res = await upload([imagePart(jpeg)]);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadImageResponse>();
    expect(body).toMatchObject({ width: 300, height: 400 });
    const out = await sharp(fileOf(body.imageUrl)).metadata();
    expect(out).toMatchObject({ format: 'webp', width: 300, height: 400 });
    expect(out.exif).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.orientation).toBeUndefined();
  });

  it('serves an uploaded image with an immutable one-year cache header', async () => {
    const res = await upload([imagePart(await solid(500, 400).jpeg().toBuffer())]);
    const served = await ctx.app.inject({ method: 'GET', url: res.json<UploadImageResponse>().imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps 30 days for the demo images', async () => {
    mkdirSync(path.join(uploadDir, 'demo'), { recursive: true });
    writeFileSync(path.join(uploadDir, 'demo', 'sample.webp'), await solid(16, 16).webp().toBuffer());
    const served = await ctx.app.inject({ method: 'GET', url: '/uploads/demo/sample.webp' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=2592000');
  });

  it('is for administrators: an agent gets 403, an anonymous caller 401', async () => {
    const png = await solid(64, 64).png().toBuffer();
    const asAgent = await upload([imagePart(png)], agent);
    expect(asAgent.statusCode).toBe(403);
    const anonymous = await upload([imagePart(png)], null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 with a message when the field image is missing', async () => {
    const noFile = await upload([{ name: 'caption', data: 'Terrace at dusk' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please select an image file (form field "image")',
    });
    const png = await solid(64, 64).png().toBuffer();
    const otherField = await upload([{ ...imagePart(png), name: 'photo' }]);
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe('Please select an image file (form field "image")');
  });

  it('answers 415 when the body is not multipart', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, payload: {}, headers: { cookie: admin } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /api/upload/image over a real socket: the size limit', () => {
  const expectTooLarge = (res: Awaited<ReturnType<typeof sendOverSocket>>) => {
    expect(res.errors).toEqual([]);
    expect(res.completed).toBe(true);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Please select an image smaller than 10MB',
    });
  };

  it('refuses a file of 10 MB + 1 byte with 413, after reading the whole body, saving nothing', async () => {
    const before = filesOnDisk();
    const file = Buffer.alloc(10 * MB + 1, 0x5a);
    const { body, contentType } = form([imagePart(file, 'huge.jpg')]);
    const res = await sendOverSocket(body, contentType);
    expectTooLarge(res);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a 12 MB body declared in Content-Length before parsing it, and the client reads the 413', async () => {
    const { body, contentType } = form([imagePart(Buffer.alloc(12 * MB, 0x5a), 'huge.jpg')]);
    // A keep-alive connection stays usable: the next request goes over the same socket.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const res = await sendOverSocket(body, contentType, { agent });
      expectTooLarge(res);
      expect(res.headers.connection).toBe('keep-alive');
      const next = await new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, (r) => {
          r.resume();
          r.on('end', () => resolve({ status: r.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
      expect(next).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('refuses a 12 MB chunked body (no Content-Length) the same way', async () => {
    const before = filesOnDisk();
    const { body, contentType } = form([imagePart(Buffer.alloc(12 * MB, 0x5a), 'huge.jpg')]);
    const res = await sendOverSocket(body, contentType, { chunked: true });
    expectTooLarge(res);
    expect(filesOnDisk()).toEqual(before);
  });

  it('accepts a file just under the limit over the same socket path', async () => {
    // 10 MB of noise in a PNG: every byte counts, and the file stays below 10 MB.
    const png = await sharp({
      create: {
        width: 1900,
        height: 1700,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 90 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeLessThan(10 * MB);
    expect(png.length).toBeGreaterThan(9 * MB);
    const { body, contentType } = form([imagePart(png, 'noise.png', 'image/png')]);
    const res = await sendOverSocket(body, contentType);
    expect(res.status).toBe(201);
    expect(JSON.parse(res.text)).toMatchObject({ width: 1600 });
  });
});

describe('the image service other modules call (createImageService: synced photos)', () => {
  const service = () => createImageService(uploadDir, { queueMax: 8 });
  const fileOf = (url: string) => path.join(imagesDir, url.slice('/uploads/images/'.length));

  it('stores like an upload, and removes every rendition of an image it stored, ignoring other URLs', async () => {
    const stored = await service().upload(await solid(1200, 800).png().toBuffer());
    const files = stored.srcSet.split(', ').map((s) => fileOf(s.split(' ')[0]!));
    expect(files).toHaveLength(3);
    for (const f of files) expect(existsSync(f), f).toBe(true);
    const other = await service().upload(await solid(300, 200).webp().toBuffer());
    await service().remove([
      stored.imageUrl,
      'https://photos.example.com/pool.jpg',
      '/uploads/images/../secret.webp',
      '/uploads/demo/villa-1.webp',
    ]);
    for (const f of files) expect(existsSync(f), f).toBe(false);
    expect(existsSync(fileOf(other.imageUrl))).toBe(true);
  });

  it('refuses with a reason a caller other than the upload form can report', async () => {
    await expect(service().upload(Buffer.from('<!doctype html><p>Moved</p>'))).rejects.toMatchObject({
      reason: 'not-an-image',
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    await expect(service().upload(bombPng(8000, 8000))).rejects.toMatchObject({ reason: 'too-many-pixels' });
    await expect(service().upload(bombPng(1, 40_000))).rejects.toMatchObject({ reason: 'side-too-long' });
    await expect(service().upload(bombPng(10, 600))).rejects.toMatchObject({ reason: 'too-elongated' });
    const jpeg = await solid(800, 600).jpeg().toBuffer();
    await expect(service().upload(jpeg.subarray(0, 300))).rejects.toMatchObject({ reason: 'unreadable' });
  });
});
