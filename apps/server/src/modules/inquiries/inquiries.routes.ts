import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const inquiriesRoutes: FastifyPluginAsyncZod = async (_app) => {};
