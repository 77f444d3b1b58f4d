import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markAssets } from './auth';

/** Serves stored images (uploads and the generated demo images) from UPLOAD_DIR at /uploads/. */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  mkdirSync(app.config.uploadDir, { recursive: true });
  await app.register(async (files) => {
    files.addHook('onRoute', markAssets);
    await files.register(fastifyStatic, {
      root: app.config.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '30d',
      index: false,
    });
  });
});
