import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENCIES, SITE_CURRENCY, type Currency, type ExchangeRate, type Rates } from '@villas/shared';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The agent's display currency: every price on the dashboard, its dialogs and the link dialog is
 * shown in it (converted by the shared rule in domain/currency.ts), with the villa's own figure as a
 * note. The route that shows prices provides it; without a provider prices are in EUR and only
 * same-currency figures convert.
 */
export interface DisplayMoney {
  currency: Currency;
  /** The stored exchange rates (empty while unknown: figures then stay in the villa's currency). */
  rates: Rates;
}

export const DisplayMoneyContext = createContext<DisplayMoney>({ currency: SITE_CURRENCY, rates: [] });
export const useDisplayMoney = () => useContext(DisplayMoneyContext);

/** GET /api/exchange-rates: read once per session (rates change rarely; the default staleTime is Infinity). */
export const exchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.exchangeRates(),
    queryFn: ({ signal }) => api<ExchangeRate[]>('/api/exchange-rates', { signal }),
    staleTime: Infinity,
  });
export const useExchangeRates = () => useQuery(exchangeRatesQueryOptions());

export const DISPLAY_CURRENCY_KEY = 'villas.displayCurrency';

const isCurrency = (v: unknown): v is Currency => CURRENCIES.includes(v as Currency);
const listeners = new Set<() => void>();
// Kept in memory too, so the choice holds for the session where storage is blocked.
let remembered: Currency | null = null;

function readChoice(): Currency {
  try {
    const stored = window.localStorage.getItem(DISPLAY_CURRENCY_KEY);
    return isCurrency(stored) ? stored : SITE_CURRENCY;
  } catch {
    // Storage can be disabled: the choice made in this session, if any.
    return remembered ?? SITE_CURRENCY;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === DISPLAY_CURRENCY_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The agent's chosen display currency, remembered in localStorage (and across tabs); EUR by default. */
export function useDisplayCurrencyChoice(): [Currency, (currency: Currency) => void] {
  const currency = useSyncExternalStore(subscribe, readChoice, () => SITE_CURRENCY);
  const choose = useCallback((next: Currency) => {
    remembered = next;
    try {
      window.localStorage.setItem(DISPLAY_CURRENCY_KEY, next);
    } catch {
      // Not remembered after a reload; the in-memory choice still applies.
    }
    listeners.forEach((l) => l());
  }, []);
  return [currency, choose];
}
