import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from './layout/route-error';

/** Every route is its own chunk (DESIGN §7): a client on a white-label link never loads admin code. */
export function routes(_queryClient: QueryClient): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      children: [
        {
          // Lazy too: a client on a white-label link never downloads the nav, bell or agent code.
          lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
          children: [
            { index: true, lazy: () => import('./routes/landing') },
            { path: 'company-info', lazy: () => import('./routes/company-info') },
            { path: 'login', lazy: () => import('./routes/login') },
            { path: 'register', lazy: () => import('./routes/register') },
            { path: 'dashboard', lazy: () => import('./routes/dashboard') },
            { path: 'user-dashboard', lazy: () => import('./routes/user-dashboard') },
            {
              // The admin area is its own chunks: agents and clients never download it.
              path: 'admin',
              lazy: () => import('./routes/admin'),
              children: [
                { index: true, lazy: () => import('./routes/admin/index') },
                { path: 'properties', lazy: () => import('./routes/admin/properties') },
                { path: 'users', lazy: () => import('./routes/admin/users') },
                { path: 'white-label', lazy: () => import('./routes/admin/white-label') },
                { path: 'destinations', lazy: () => import('./routes/admin/destinations') },
                { path: 'notifications', lazy: () => import('./routes/admin/notifications') },
                { path: 'api-connections', lazy: () => import('./routes/admin/api-connections') },
                { path: 'sync-monitoring', lazy: () => import('./routes/admin/sync-monitoring') },
                { path: '*', lazy: () => import('./routes/not-found') },
              ],
            },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
        { path: 'about', lazy: () => import('./routes/about') },
        { path: 'white-label/:uuid', lazy: () => import('./routes/white-label') },
      ],
    },
  ];
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(routes(queryClient));
