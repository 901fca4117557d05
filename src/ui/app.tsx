import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

/**
 * The router around every screen. The server-data cache (query-provider.tsx) and the toast area
 * (app-toaster.tsx) come with the screens that use them, so the login page ships neither.
 */
export function App() {
  return <RouterProvider router={router} />;
}
