import type { ExchangeRate } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import { ValidationError } from '../../lib/errors';
import { iso, num } from '../../lib/time';
import * as repo from './exchange-rates.repository';

const toRate = (r: Awaited<ReturnType<typeof repo.listRates>>[number]): ExchangeRate => ({
  fromCurrency: r.fromCurrency,
  toCurrency: r.toCurrency,
  rate: num(r.rate)!,
  updatedAt: iso(r.updatedAt)!,
});

export async function listExchangeRates(db: Queryable): Promise<ExchangeRate[]> {
  return (await repo.listRates(db)).map(toRate);
}

/**
 * Sets the rate of one pair (1 fromCurrency = rate toCurrency). Search converts prices to EUR with the
 * X→EUR rows, so those are the ones that matter.
 */
export async function setExchangeRate(
  db: Queryable,
  input: { fromCurrency: string; toCurrency: string; rate: number },
): Promise<ExchangeRate> {
  if (input.fromCurrency === input.toCurrency) {
    throw new ValidationError('Choose two different currencies');
  }
  return toRate(await repo.upsertRate(db, input));
}
