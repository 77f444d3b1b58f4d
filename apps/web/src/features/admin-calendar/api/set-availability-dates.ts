import type { bulkAvailabilitySchema } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { invalidateAfterCalendarWrite } from './keys';
import type { CountResult } from './set-pricing-ranges';

export type BulkAvailabilityInput = z.input<typeof bulkAvailabilitySchema>;

/** POST /api/availability/bulk: the same availability and notes for every listed date, in one request. */
export const setAvailabilityDates = (input: BulkAvailabilityInput) =>
  api<CountResult>('/api/availability/bulk', { method: 'POST', body: input });

export function useSetAvailabilityDates(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setAvailabilityDates,
    onSuccess: () => invalidateAfterCalendarWrite(qc, propertyId),
  });
}
