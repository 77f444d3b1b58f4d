import type { BookingRequestInput } from '@villas/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sendBookingRequest = (uuid: string, input: BookingRequestInput) =>
  api<{ id: number }>(`/api/white-label/${encodeURIComponent(uuid)}/booking-request`, {
    method: 'POST',
    body: input,
  });

/** POST /api/white-label/{uuid}/booking-request (public, rate-limited). */
export const useSendBookingRequest = (uuid: string) =>
  useMutation({ mutationFn: (input: BookingRequestInput) => sendBookingRequest(uuid, input) });
