import type { AdminPropertyUpdateInput, Property, PropertyInput } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateProperties } from './keys';

export const createProperty = (input: PropertyInput) =>
  api<Property>('/api/properties', { method: 'POST', body: input });

export const updateProperty = ({ id, input }: { id: number; input: AdminPropertyUpdateInput }) =>
  api<Property>(`/api/properties/${id}`, { method: 'PUT', body: input });

/** POST /api/properties: a new property with its images and custom prices. */
export function useCreateProperty() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createProperty, onSuccess: () => invalidateProperties(qc) });
}

/** PUT /api/properties/{id}: the whole form, plus the custom prices removed. */
export function useUpdateProperty() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateProperty, onSuccess: () => invalidateProperties(qc) });
}
