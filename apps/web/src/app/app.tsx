import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';

/**
 * The app's providers around the router. The server renders the same tree with a static router
 * (entry-server.tsx), so a server-rendered page hydrates into it unchanged.
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
