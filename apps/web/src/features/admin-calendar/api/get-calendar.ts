import type { availabilityRecordSchema, pricingRecordSchema } from '@villas/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AvailabilityRecord = z.infer<typeof availabilityRecordSchema>;
export type PricingRecord = z.infer<typeof pricingRecordSchema>;
type Window = { startDate: string; endDate: string };

/** GET /api/availability/{id}?startDate&endDate: the rows of the window (dates without one inherit). */
export const availabilityQueryOptions = (propertyId: number, w: Window) => {
  const key = queryKeys.availability(propertyId, w.startDate, w.endDate);
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api<AvailabilityRecord[]>(key[0], { signal }),
  });
};

/** GET /api/calendar-pricing/{id}?startDate&endDate: per-date prices (dates without one: base price). */
export const calendarPricingQueryOptions = (propertyId: number, w: Window) => {
  const key = queryKeys.calendarPricing(propertyId, w.startDate, w.endDate);
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api<PricingRecord[]>(key[0], { signal }),
  });
};

/** The previous window stays on screen while the next month's window loads. */
export const useAvailability = (propertyId: number, w: Window) =>
  useQuery({ ...availabilityQueryOptions(propertyId, w), placeholderData: keepPreviousData });
export const useCalendarPricing = (propertyId: number, w: Window) =>
  useQuery({ ...calendarPricingQueryOptions(propertyId, w), placeholderData: keepPreviousData });
