import { ADMIN_PAGES, type AdminTab } from '@villas/shared';

export { ADMIN_TABS, type AdminTab } from '@villas/shared';

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
  adminAuditLog: `/admin/${ADMIN_PAGES[0]}`,
  whiteLabel: (uuid: string) => `/white-label/${uuid}`,
} as const;
