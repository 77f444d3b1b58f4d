import {
  availabilityInputSchema,
  availabilityRecordSchema,
  bulkAvailabilitySchema,
  bulkPricingSchema,
  calendarRangeQuerySchema,
  countSchema,
  dailyPricingInputSchema,
  pricingRecordSchema,
  propertyIdParamSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getAvailability,
  getPrices,
  setAvailability,
  setAvailabilityDates,
  setPrice,
  setPriceRanges,
  type FreeExpiredHolds,
} from './calendar.service';

/**
 * Per-date prices and availability. Admins write; every signed-in (approved) user
 * reads, since agents quote from the same calendar.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ freeExpiredHolds: FreeExpiredHolds }> = async (
  app,
  { freeExpiredHolds },
) => {
  const tags = ['calendar'];

  app.post(
    '/api/daily-pricing',
    {
      config: { access: 'admin', audit: 'pricing.set' },
      schema: { tags, body: dailyPricingInputSchema, response: { 200: pricingRecordSchema } },
    },
    async (request) => setPrice(request.db, request.body),
  );
  app.post(
    '/api/daily-pricing/bulk',
    {
      config: { access: 'admin', audit: 'pricing.bulk' },
      schema: { tags, body: bulkPricingSchema, response: { 200: countSchema } },
    },
    async (request) => setPriceRanges(request.db, request.body),
  );
  app.post(
    '/api/availability',
    {
      config: { access: 'admin', audit: 'availability.set' },
      schema: { tags, body: availabilityInputSchema, response: { 200: availabilityRecordSchema } },
    },
    async (request) => setAvailability(request.db, request.body, freeExpiredHolds),
  );
  app.post(
    '/api/availability/bulk',
    {
      config: { access: 'admin', audit: 'availability.bulk' },
      schema: { tags, body: bulkAvailabilitySchema, response: { 200: countSchema } },
    },
    async (request) => setAvailabilityDates(request.db, request.body, freeExpiredHolds),
  );
  app.get(
    '/api/availability/:propertyId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: propertyIdParamSchema,
        querystring: calendarRangeQuerySchema,
        response: { 200: z.array(availabilityRecordSchema) },
      },
    },
    async (request) => getAvailability(app.db, { ...request.params, ...request.query }),
  );
  app.get(
    '/api/calendar-pricing/:propertyId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: propertyIdParamSchema,
        querystring: calendarRangeQuerySchema,
        response: { 200: z.array(pricingRecordSchema) },
      },
    },
    async (request) => getPrices(app.db, { ...request.params, ...request.query }),
  );
};
