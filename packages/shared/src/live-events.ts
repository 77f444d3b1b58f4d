import type { LiveEventName } from './notifications.js';

/**
 * Where the live updates stream (server-sent events; their shapes are in notifications.ts), and the
 * names of its events. Without zod: the web app's nav bar, on every page, listens to it.
 */
export const LIVE_STREAM_PATH = '/api/notifications/stream';
export const LIVE_EVENT_NAMES = [
  'ready',
  'notification',
  'link-view',
  'inquiry',
  'resync',
  'end',
] as const satisfies readonly LiveEventName[];
