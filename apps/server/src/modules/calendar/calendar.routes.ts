import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const calendarRoutes: FastifyPluginAsyncZod = async (_app) => {};
