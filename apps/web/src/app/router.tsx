import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { AdminTab } from '../config/paths';
import type { RouteHandle } from './layout/page-title';
import { Root, RootHydrateFallback } from './layout/root';
import { RouteError } from './layout/route-error';
import { ADMIN_TAB_LABELS } from './routes/admin/tab-labels';

const title = (t: string): RouteHandle => ({ title: t });
const PAGE_NOT_FOUND = title('Page Not Found');

const adminTab = (tab: AdminTab, lazy: RouteObject['lazy']): RouteObject => ({
  path: tab,
  handle: title(`${ADMIN_TAB_LABELS[tab]} · Admin Panel`),
  lazy,
});

/**
 * Every route is its own chunk (DESIGN §7): a client on a white-label link never loads admin code.
 * Each names its document title in `handle` (rendered by the root's RouteTitle), except the public
 * collection, whose title is its link's.
 */
export function routes(_queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: Root,
      HydrateFallback: RootHydrateFallback,
      errorElement: <RouteError />,
      children: [
        {
          // Lazy too: a client on a white-label link never downloads the nav, bell or agent code.
          lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
          children: [
            { index: true, handle: title('Extraordinary Luxury'), lazy: () => import('./routes/landing') },
            {
              path: 'company-info',
              handle: title('Company Information'),
              lazy: () => import('./routes/company-info'),
            },
            { path: 'login', handle: title('Agent Login'), lazy: () => import('./routes/login') },
            { path: 'register', handle: title('Apply for Access'), lazy: () => import('./routes/register') },
            {
              path: 'dashboard',
              handle: title('Search Properties'),
              lazy: () => import('./routes/dashboard'),
            },
            {
              path: 'user-dashboard',
              handle: title('My Links'),
              lazy: () => import('./routes/user-dashboard'),
            },
            {
              // The admin area is its own chunks: agents and clients never download it.
              path: 'admin',
              handle: title('Admin Panel'),
              lazy: () => import('./routes/admin'),
              children: [
                { index: true, lazy: () => import('./routes/admin/index') },
                adminTab('properties', () => import('./routes/admin/properties')),
                adminTab('users', () => import('./routes/admin/users')),
                adminTab('white-label', () => import('./routes/admin/white-label')),
                adminTab('destinations', () => import('./routes/admin/destinations')),
                adminTab('notifications', () => import('./routes/admin/notifications')),
                adminTab('api-connections', () => import('./routes/admin/api-connections')),
                adminTab('sync-monitoring', () => import('./routes/admin/sync-monitoring')),
                {
                  path: 'audit-log',
                  handle: title('Audit Log · Admin Panel'),
                  lazy: () => import('./routes/admin/audit-log'),
                },
                { path: '*', handle: PAGE_NOT_FOUND, lazy: () => import('./routes/not-found') },
              ],
            },
            { path: '*', handle: PAGE_NOT_FOUND, lazy: () => import('./routes/not-found') },
          ],
        },
        { path: 'about', handle: title('About'), lazy: () => import('./routes/about') },
        { path: 'white-label/:uuid', lazy: () => import('./routes/white-label') },
      ],
    },
  ];
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(routes(queryClient));
