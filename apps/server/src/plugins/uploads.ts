import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markAssets } from './auth';

/** Serves stored images (uploads and the generated demo images) from UPLOAD_DIR at /uploads/. */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  mkdirSync(app.config.uploadDir, { recursive: true });
  const imagesDir = path.join(app.config.uploadDir, 'images') + path.sep;
  await app.register(async (files) => {
    files.addHook('onRoute', markAssets);
    await files.register(fastifyStatic, {
      root: app.config.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '30d',
      index: false,
      // Uploaded images get a new name for new content (modules/uploads): cached for good.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(imagesDir)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  });
});
