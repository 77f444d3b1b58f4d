import { addDays, todayIso, type Property } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customPricesUrl, propertyUrl } from './keys';

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
    queryKey: [propertyUrl(id)],
    queryFn: ({ signal }) => api<Property>(propertyUrl(id), { signal }),
    staleTime: 0,
  });
export const useProperty = (id: number) => useQuery(propertyQueryOptions(id));

/** How far ahead the Edit dialog lists the property's own nightly prices. */
export const CUSTOM_PRICE_DAYS = 365;

/** The property's custom prices from today over the next 12 months. */
export const customPricesQueryOptions = (id: number, today = todayIso()) => {
  const url = customPricesUrl(id, today, addDays(today, CUSTOM_PRICE_DAYS));
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => api<CustomPriceRecord[]>(url, { signal }),
    staleTime: 0,
  });
};
export const useCustomPrices = (id: number) => useQuery(customPricesQueryOptions(id));
