import type { AdminTab } from '../../../config/paths';

/** The admin tabs' names: the tab row and the document titles (router.tsx) use the same words. */
export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  properties: 'Properties',
  users: 'Users',
  'white-label': 'White-label',
  destinations: 'Destinations',
  notifications: 'Notifications',
  'api-connections': 'API Connections',
  'sync-monitoring': 'Sync Monitoring',
};
