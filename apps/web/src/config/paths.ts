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
  whiteLabel: (uuid: string) => `/white-label/${uuid}`,
} as const;
