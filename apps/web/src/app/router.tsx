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
            { path: 'admin', lazy: () => import('./routes/admin') },
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
