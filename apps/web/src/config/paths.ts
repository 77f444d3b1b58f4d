/** The admin panel's tabs, in the order of seed 001 §2; each is its own URL. */
export const ADMIN_TABS = [
  'properties',
  'users',
  'white-label',
  'destinations',
  'notifications',
  'api-connections',
  'sync-monitoring',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Every URL the app links to, in one place. */
export const paths = {
  home: '/',
  about: '/about',
  companyInfo: '/company-info',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  userDashboard: '/user-dashboard',
  admin: '/admin',
  adminTab: (tab: AdminTab) => `/admin/${tab}`,
  /** Not a tab: linked from the admin header. */
  adminAuditLog: '/admin/audit-log',
  whiteLabel: (uuid: string) => `/white-label/${uuid}`,
} as const;
