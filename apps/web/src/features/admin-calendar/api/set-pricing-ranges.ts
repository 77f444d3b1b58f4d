import type { bulkPricingSchema, countSchema } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { invalidateAfterCalendarWrite } from './keys';

export type BulkPricingInput = z.input<typeof bulkPricingSchema>;
export type CountResult = z.infer<typeof countSchema>;

/**
 * POST /api/daily-pricing/bulk: every night [from, to) of each range at its price, in one request and
 * one server transaction. Answers the number of distinct nights written.
 */
export const setPricingRanges = (input: BulkPricingInput) =>
  api<CountResult>('/api/daily-pricing/bulk', { method: 'POST', body: input });

export function useSetPricingRanges(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPricingRanges,
    onSuccess: () => invalidateAfterCalendarWrite(qc, propertyId),
  });
}
