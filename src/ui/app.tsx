import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';
import { AppToaster } from './app-toaster.tsx';

const router = createBrowserRouter(routes);

/** The providers around every screen: server-data cache, router, and the toast area. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  );
}
