import { addDays, todayIso, type Property } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A calendar price record of GET /api/calendar-pricing/{id}. */
export interface CustomPriceRecord {
  id: number;
  date: string;
  price: number;
  currency: Property['propertyCurrency'];
}

/** GET /api/properties/{id}: the property as it is now, for the Edit dialog. */
export const propertyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.property(id),
    queryFn: ({ signal }) => api<Property>(queryKeys.property(id)[0], { signal }),
    staleTime: 0,
  });
export const useProperty = (id: number) => useQuery(propertyQueryOptions(id));

/** How far ahead the Edit dialog lists the property's own nightly prices. */
export const CUSTOM_PRICE_DAYS = 365;

/** The property's custom prices from today over the next 12 months. */
export const customPricesQueryOptions = (id: number, today = todayIso()) => {
  const key = queryKeys.calendarPricing(id, today, addDays(today, CUSTOM_PRICE_DAYS));
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api<CustomPriceRecord[]>(key[0], { signal }),
    staleTime: 0,
  });
};
export const useCustomPrices = (id: number) => useQuery(customPricesQueryOptions(id));
