import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { AdminTab } from '../config/paths';
import type { RouteHandle } from './layout/page-title';
import { Root, RootHydrateFallback } from './layout/root';
import { RouteError } from './layout/route-error';
import { ADMIN_TAB_LABELS } from './routes/admin/tab-labels';

/**
 * The lazily loaded route modules by source path, each its own chunk. The path is also the chunk's
 * name in the build manifest: a page rendered on the server links the chunks of its routes
 * (`routeModules`) so the browser fetches them with the entry, not after it.
 */
const modules = import.meta.glob<Record<string, unknown>>([
  './layout/app-layout.tsx',
  './routes/*.tsx',
  './routes/admin/*.tsx',
  '!./**/*.test.tsx',
  // Part of the admin route's module, not a route.
  '!./routes/admin/overview.tsx',
]);

/** The module of a route, and its source path (`handle.module`) for the build manifest. */
function load(path: string): Pick<RouteObject, 'lazy'> & { handle: RouteHandle } {
  const lazy = modules[path];
  if (!lazy) throw new Error(`No route module ${path}`);
  return { lazy, handle: { module: `src/app/${path.slice(2)}` } };
}

/** A lazy route with its document title (`handle.title`) and, for a public page, its description. */
const page = (path: string, title?: string, description?: string): ReturnType<typeof load> => {
  const route = load(path);
  return { lazy: route.lazy, handle: { ...route.handle, title, description } };
};
const NOT_FOUND = './routes/not-found.tsx';

const adminTab = (tab: AdminTab, path: string): RouteObject => ({
  path: tab,
  ...page(path, `${ADMIN_TAB_LABELS[tab]} · Admin Panel`),
});

/**
 * Every route is its own chunk: a client on a white-label link never loads admin code.
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
          ...load('./layout/app-layout.tsx'),
          children: [
            {
              index: true,
              ...page(
                './routes/landing.tsx',
                'Extraordinary Luxury',
                "Discover the world's most exclusive private villas and chalets, reserved for licensed travel agents and tour operators.",
              ),
            },
            {
              path: 'company-info',
              ...page(
                './routes/company-info.tsx',
                'Company Information',
                'The registered details of the company: name, number, registered office, status and filings.',
              ),
            },
            { path: 'login', ...page('./routes/login.tsx', 'Agent Login') },
            { path: 'register', ...page('./routes/register.tsx', 'Apply for Access') },
            { path: 'dashboard', ...page('./routes/dashboard.tsx', 'Search Properties') },
            { path: 'user-dashboard', ...page('./routes/user-dashboard.tsx', 'My Links') },
            {
              // The admin area is its own chunks: agents and clients never download it.
              path: 'admin',
              ...page('./routes/admin.tsx', 'Admin Panel'),
              children: [
                { index: true, ...page('./routes/admin/index.tsx') },
                adminTab('properties', './routes/admin/properties.tsx'),
                adminTab('users', './routes/admin/users.tsx'),
                adminTab('white-label', './routes/admin/white-label.tsx'),
                adminTab('destinations', './routes/admin/destinations.tsx'),
                adminTab('notifications', './routes/admin/notifications.tsx'),
                adminTab('api-connections', './routes/admin/api-connections.tsx'),
                adminTab('sync-monitoring', './routes/admin/sync-monitoring.tsx'),
                { path: 'audit-log', ...page('./routes/admin/audit-log.tsx', 'Audit Log · Admin Panel') },
                { path: '*', ...page(NOT_FOUND, 'Page Not Found') },
              ],
            },
            { path: '*', ...page(NOT_FOUND, 'Page Not Found') },
          ],
        },
        {
          path: 'about',
          ...page(
            './routes/about.tsx',
            'About',
            "The world's most discerning travel professionals and the finest private villas, chalets and estates, in a marketplace built on trust, discretion and exceptional service.",
          ),
        },
        { path: 'white-label/:uuid', ...page('./routes/white-label.tsx') },
      ],
    },
  ];
}

/**
 * Loads the modules of the routes `url` matches into the route objects, as the router would when it
 * navigates there. Before hydrating server-rendered HTML: the first render must be the page the
 * server rendered, not the loading fallback.
 */
export async function resolveRoutes(list: RouteObject[], url: string): Promise<void> {
  for (const { route } of matchRoutes(list, url) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    const found = await route.lazy();
    // A module's exports become route properties, as React Router does with `lazy` itself.
    Object.assign(route, found, { lazy: undefined });
  }
}

/** The source paths of the route modules `url` renders (for the build manifest). */
export function routeModules(list: RouteObject[], url: string): string[] {
  return (matchRoutes(list, url) ?? []).flatMap(({ route }) => {
    const module = (route.handle as RouteHandle | undefined)?.module;
    return module ? [module] : [];
  });
}

export const createRouter = (list: RouteObject[]) => createBrowserRouter(list);
