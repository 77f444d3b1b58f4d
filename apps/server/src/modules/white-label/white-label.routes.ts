import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const whiteLabelRoutes: FastifyPluginAsyncZod = async (_app) => {};
