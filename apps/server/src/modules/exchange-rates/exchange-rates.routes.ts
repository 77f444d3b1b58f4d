import { exchangeRateInputSchema, exchangeRateSchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExchangeRates, setExchangeRate } from './exchange-rates.service';

/** Exchange rates: read by every signed-in user, set by admins; search converts budgets with them. */
export const exchangeRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/exchange-rates',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['catalogue'], response: { 200: z.array(exchangeRateSchema) } },
    },
    async () => listExchangeRates(app.db),
  );
  app.put(
    '/api/admin/exchange-rates',
    {
      config: { access: 'admin', audit: 'exchange-rate.set' },
      schema: { tags: ['admin'], body: exchangeRateInputSchema, response: { 200: exchangeRateSchema } },
    },
    async (request) => setExchangeRate(request.db, request.body),
  );
};
