import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const exchangeRatesRoutes: FastifyPluginAsyncZod = async (_app) => {};
