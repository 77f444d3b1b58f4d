import { z } from 'zod';
import { pathIdSchema } from './common.js';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  relatedId: z.number().int().nullable(),
  relatedType: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const userIdParamSchema = z.object({
  userId: pathIdSchema('user id'),
});

/**
 * Live updates (server-sent events at LIVE_STREAM_PATH). Each event names what changed for the
 * signed-in user, so the client refetches only that; it never carries another user's data.
 * - `ready`: the stream is open (first event; its id is the stream's position for Last-Event-ID).
 * - `notification`: one of the user's notifications was created, marked read or deleted.
 * - `link-view`: a client opened one of the user's white-label links (its view count changed).
 * - `inquiry`: a booking request arrived on one of the user's links, or its status changed.
 * - `resync`: events may have been missed (a reconnection the server cannot replay): refetch all.
 * - `end`: the session ended (signed out, expired, account closed); do not reconnect.
 */
// LIVE_STREAM_PATH and LIVE_EVENT_NAMES are in live-events.ts (no zod: every page of the web app uses them).

export const liveNotificationEventSchema = z.object({
  action: z.enum(['created', 'updated', 'deleted']),
  id: z.number().int(),
  type: z.string(),
});
export const liveLinkViewEventSchema = z.object({ linkId: z.number().int() });
export const liveInquiryEventSchema = z.object({
  action: z.enum(['created', 'updated']),
  id: z.number().int(),
  linkId: z.number().int(),
});
export const liveEndEventSchema = z.object({
  reason: z.enum(['signed-out', 'session-expired', 'account-closed']),
});

export interface LiveEventMap {
  ready: Record<string, never>;
  notification: z.infer<typeof liveNotificationEventSchema>;
  'link-view': z.infer<typeof liveLinkViewEventSchema>;
  inquiry: z.infer<typeof liveInquiryEventSchema>;
  resync: Record<string, never>;
  end: z.infer<typeof liveEndEventSchema>;
}
export type LiveEventName = keyof LiveEventMap;
