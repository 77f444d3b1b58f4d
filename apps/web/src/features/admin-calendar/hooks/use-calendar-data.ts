import { eachNight, type Hold } from '@villas/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAvailability, useCalendarPricing, type PricingRecord } from '../api/get-calendar';
import { usePropertyHolds } from '../api/get-property-holds';
import { crossoverDates, dataWindow, type DayStatus } from '../utils/calendar';

export interface DayPrice {
  price: number;
  currency: PricingRecord['currency'];
}

/** Replaces the entries of [startDate, endDate] in `prev` with `rows` (each read is whole for its window). */
function mergeWindow<R extends { date: string }, T>(
  prev: Map<string, T>,
  w: { startDate: string; endDate: string },
  rows: R[],
  pick: (row: R) => T,
): Map<string, T> {
  const next = new Map<string, T>();
  for (const [date, v] of prev) if (date < w.startDate || date > w.endDate) next.set(date, v);
  for (const r of rows) next.set(r.date, pick(r));
  return next;
}

/**
 * Availability and custom prices of one property around the viewed month (two reads: 2 months either
 * side). What was read of earlier windows is kept, so selected dates outside the current window still
 * show their status and price; a write patches what it changed at once, and the reads refetch.
 */
export function useCalendarData(propertyId: number, month: string) {
  const window = dataWindow(month);
  const availability = useAvailability(propertyId, window);
  const pricing = useCalendarPricing(propertyId, window);
  const [availableOn, setAvailableOn] = useState<Map<string, boolean>>(() => new Map());
  const [prices, setPrices] = useState<Map<string, DayPrice>>(() => new Map());

  const { startDate, endDate } = window;
  const availabilityRows = availability.isPlaceholderData ? undefined : availability.data;
  const pricingRows = pricing.isPlaceholderData ? undefined : pricing.data;
  useEffect(() => {
    if (!availabilityRows) return;
    setAvailableOn((prev) => mergeWindow(prev, { startDate, endDate }, availabilityRows, (r) => r.available));
  }, [availabilityRows, startDate, endDate]);
  useEffect(() => {
    if (!pricingRows) return;
    setPrices((prev) =>
      mergeWindow(prev, { startDate, endDate }, pricingRows, (r) => ({
        price: r.price,
        currency: r.currency,
      })),
    );
  }, [pricingRows, startDate, endDate]);

  // Nights of the villa's active holds, night → hold.
  const holds = usePropertyHolds(propertyId);
  const heldNights = useMemo(() => {
    const map = new Map<string, Hold>();
    for (const h of holds.data ?? []) for (const night of eachNight(h.checkIn, h.checkOut)) map.set(night, h);
    return map;
  }, [holds.data]);

  const crossovers = useMemo(
    () =>
      crossoverDates([
        ...[...availableOn].filter(([, available]) => !available).map(([date]) => date),
        ...heldNights.keys(),
      ]),
    [availableOn, heldNights],
  );

  const statusOf = useCallback(
    (date: string): DayStatus =>
      heldNights.has(date)
        ? 'held'
        : availableOn.get(date) === false
          ? 'blocked'
          : crossovers.has(date)
            ? 'crossover'
            : 'available',
    [availableOn, crossovers, heldNights],
  );
  const priceOf = useCallback((date: string) => prices.get(date), [prices]);

  const patchPrices = useCallback((dates: string[], value: DayPrice) => {
    setPrices((prev) => {
      const next = new Map(prev);
      for (const d of dates) next.set(d, value);
      return next;
    });
  }, []);
  const patchAvailability = useCallback((dates: string[], available: boolean) => {
    setAvailableOn((prev) => {
      const next = new Map(prev);
      for (const d of dates) next.set(d, available);
      return next;
    });
  }, []);

  return {
    statusOf,
    /** The villa's active holds (each night's hold: heldNights). */
    holds: holds.data ?? [],
    priceOf,
    patchPrices,
    patchAvailability,
    loading: availability.isPending || pricing.isPending,
    fetching: availability.isFetching || pricing.isFetching,
    availabilityError: availability.isError,
    pricingError: pricing.isError,
    retry: () => {
      if (availability.isError) void availability.refetch();
      if (pricing.isError) void pricing.refetch();
    },
  };
}
