import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { ErrorCode, uploadImageResponseSchema, type UploadImageResponse } from '@villas/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ValidationError } from '../../lib/errors';
import { createImageService, MAX_IMAGE_BYTES } from './uploads.service';

/** Room for the multipart boundaries, part headers and a few small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
/**
 * How much of a refused body is read and thrown away so the client can read the 413 on a healthy
 * connection. Past this the connection is closed instead (the client may then see a reset).
 */
const DRAIN_LIMIT = 32 * 1024 * 1024;

const tooLarge = () =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Please select an image smaller than 10MB');

/**
 * A multipart body the parser could not read (no boundary, cut short, a malformed part header) is
 * the client's mistake: a 400 saying how to send it. Our own refusals and the parser's limits (which
 * carry their status) pass as they are.
 */
function unreadableUpload(err: unknown): unknown {
  if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') return err;
  return new ValidationError(
    'The upload could not be read: send the image as multipart/form-data in the field "image"',
  );
}

/** Reads and discards the rest of a request body; false when it goes on past `limit` bytes. */
function discardBody(raw: IncomingMessage, limit: number): Promise<boolean> {
  if (raw.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onFail);
      raw.off('close', onFail);
      if (!drained) raw.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onFail);
    raw.once('close', onFail);
    raw.resume();
  });
}

/**
 * preHandler: a body declared larger than the limit is refused before any parsing. It is drained
 * first (up to DRAIN_LIMIT), so the answer reaches a client that is still sending.
 */
async function refuseDeclaredOversize(request: FastifyRequest, reply: FastifyReply) {
  const declared = Number(request.headers['content-length']);
  if (!(declared > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD)) return;
  const drained = declared <= DRAIN_LIMIT && (await discardBody(request.raw, DRAIN_LIMIT));
  if (!drained) reply.header('connection', 'close');
  throw tooLarge();
}

/**
 * Reads the uploaded file into memory, at most MAX_IMAGE_BYTES of it (the parser truncates the
 * stream there). Past the limit the parser keeps reading and discarding the request, so the 413 is
 * sent once the client has finished sending; a client sending more than DRAIN_LIMIT past the limit
 * is cut off instead.
 */
async function readLimited(
  file: Readable & { truncated?: boolean },
  raw: IncomingMessage,
  reply: FastifyReply,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let truncated = false;
  let excess = 0;
  const countExcess = (chunk: Buffer) => {
    excess += chunk.length;
    if (excess > DRAIN_LIMIT) {
      raw.off('data', countExcess);
      reply.header('connection', 'close');
      file.destroy(tooLarge());
    }
  };
  file.once('limit', () => {
    truncated = true;
    chunks.length = 0;
    raw.on('data', countExcess);
  });
  try {
    for await (const chunk of file) if (!truncated) chunks.push(chunk as Buffer);
  } finally {
    raw.off('data', countExcess);
  }
  if (truncated || file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/** `POST /api/upload/image`: an administrator uploads one property photograph. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: no other route parses multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      parts: 5,
      headerPairs: 20,
    },
  });
  const service = createImageService(app.config.uploadDir, { queueMax: app.config.imageQueueMax });
  const stored = new WeakMap<FastifyRequest, UploadImageResponse>();

  /**
   * Reads, checks and stores the image before the handler: an administrator's upload is audited,
   * and its handler runs in a database transaction (docs/decisions/007) that the embedded database
   * would hold for as long as the body takes to arrive and the image to be processed.
   */
  async function receiveImage(request: FastifyRequest, reply: FastifyReply) {
    if (!request.isMultipart()) {
      throw new AppError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'Send the image as multipart/form-data in the field "image"',
      );
    }
    const part = await request.file().catch((err: unknown) => {
      throw unreadableUpload(err);
    });
    const noImage = () => {
      const message = 'Please select an image file (form field "image")';
      return new ValidationError(message, [{ path: ['image'], message }]);
    };
    if (!part) throw noImage();
    if (part.fieldname !== 'image') {
      // Read past the part (the parser stops at the size limit) so the answer follows the body.
      part.file.resume();
      await finished(part.file).catch(() => undefined);
      throw noImage();
    }
    const data = await readLimited(part.file, request.raw, reply).catch((err: unknown) => {
      throw unreadableUpload(err);
    });
    stored.set(request, await service.upload(data));
  }

  app.post(
    '/api/upload/image',
    {
      config: { access: 'admin', audit: 'image.upload', upload: true },
      preHandler: [refuseDeclaredOversize, receiveImage],
      schema: {
        tags: ['admin'],
        summary: 'Upload a property image (multipart/form-data, field "image"; JPEG, PNG or WebP, max 10MB)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadImageResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return stored.get(request)!;
    },
  );
};
