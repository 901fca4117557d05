/**
 * The route table of SPEC §2, exactly. Every screen is a lazy chunk; the guards are small and eager so the
 * decision to redirect never waits for a download. Placeholders stand where a later issue brings content.
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { RouteErrorScreen } from './screens/errors/route-error-screen.tsx';
import { GuestRoute } from './routing/guest-route.tsx';
import { ProtectedRoute } from './routing/protected-route.tsx';
import { prefetchWorkflowJson } from './routing/workflow-prefetch.ts';
import { startEditorWorker } from '../worker/start.ts';
import type { ShellRouteHandle } from './shell/app-shell.tsx';

type LazyRoute = Pick<RouteObject, 'lazy'>;

/** A route whose screen is the default export of a lazily loaded module. */
function screen(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** A signed-in screen that only has its title and a "coming soon" state for now. */
function placeholder(title: string, description?: string): LazyRoute {
  return {
    lazy: async () => {
      const { PlaceholderScreen } = await import('./screens/placeholder/placeholder-screen.tsx');
      return { Component: () => <PlaceholderScreen title={title} description={description} /> };
    },
  };
}

const dashboard = () => import('./screens/dashboard/dashboard-screen.tsx');

/**
 * The editor route's loader: starts the editor's worker and sends the workflow's GET while the screen's
 * chunks download (editor-preload.ts, workflow-prefetch.ts), and answers at once so nothing waits for it.
 * The worker starts here, before the GET, so its scripts are asked for ahead of the large answer.
 */
function preloadEditor({ params }: LoaderFunctionArgs): null {
  const id = params.id;
  if (!id) return null;
  const worker = startEditorWorker();
  prefetchWorkflowJson(id);
  void import(/* webpackFetchPriority: "high" */ './screens/editor/editor-preload.ts').then(
    (module) => module.preloadEditorWorker(id, worker),
    () => worker.terminate(),
  );
  return null;
}
const editorHandle: ShellRouteHandle = { hideSidebar: true };

/** Signed-in routes, all inside the app shell. */
const shellRoutes: RouteObject[] = [
  { index: true, ...screen(dashboard) },
  { path: 'dashboard', ...screen(dashboard) },
  { path: 'analytics', ...screen(() => import('./screens/analytics/analytics-screen.tsx')) },
  { path: 'projects', ...placeholder('Projects') },
  { path: 'documents', ...placeholder('Documents') },

  { path: 'workflows', ...screen(() => import('./screens/workflows/workflows-screen.tsx')) },
  { path: 'workflows/create', ...screen(() => import('./screens/workflows/create-workflow-screen.tsx')) },
  { path: 'templates', ...screen(() => import('./screens/templates/templates-screen.tsx')) },
  { path: 'workflows/use-template/:template_uid', ...screen(() => import('./screens/templates/use-template-screen.tsx')) },
  {
    path: 'workflows/:id/edit',
    handle: editorHandle,
    loader: preloadEditor,
    // Once per visit: a change of the query string must not start another worker.
    shouldRevalidate: ({ currentParams, nextParams }) => currentParams.id !== nextParams.id,
    // High priority: at Chrome's default Low, the screen's chunks came only once the workflow's GET had
    // finished (1.3 s at 50,000 steps in a trace), and the editor cannot read that answer before they do.
    ...screen(() => import(/* webpackFetchPriority: "high" */ './screens/editor/editor-screen.tsx')),
  },
  { path: 'workflows/:id/variables', ...screen(() => import('./screens/variables/workflow-variables-screen.tsx')) },
  { path: 'executions', ...screen(() => import('./screens/executions/executions-screen.tsx')) },
  { path: 'executions/:id', ...screen(() => import('./screens/executions/execution-detail-screen.tsx')) },
  { path: 'schedules', ...screen(() => import('./screens/schedules/schedules-screen.tsx')) },
  { path: 'variables', ...screen(() => import('./screens/variables/global-variables-screen.tsx')) },

  { path: 'settings/profile', ...screen(() => import('./screens/settings/profile-screen.tsx')) },
  { path: 'settings/system', ...screen(() => import('./screens/settings/system/system-screen.tsx')) },
  { path: 'settings/api-keys', ...screen(() => import('./screens/settings/api-keys-screen.tsx')) },
  { path: 'settings/api-reference', ...screen(() => import('./screens/settings/api-reference-screen.tsx')) },
  { path: 'settings/billing', ...screen(() => import('./screens/settings/billing/billing-screen.tsx')) },
  { path: 'settings/pricing', ...screen(() => import('./screens/settings/billing/pricing-screen.tsx')) },
  { path: 'settings/billing-history', ...screen(() => import('./screens/settings/billing/billing-history-screen.tsx')) },
  { path: 'settings/payment-cards', ...screen(() => import('./screens/settings/billing/payment-cards-screen.tsx')) },
  { path: 'settings/invoice-addresses', ...screen(() => import('./screens/settings/billing/invoice-addresses-screen.tsx')) },
  { path: 'settings/balance-transactions', ...screen(() => import('./screens/settings/billing/balance-transactions-screen.tsx')) },
  { path: 'settings/connections', ...screen(() => import('./screens/settings/connections/connections-screen.tsx')) },

  { path: 'billing/3ds-callback', ...screen(() => import('./screens/settings/billing/three-ds-callback-screen.tsx')) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        Component: GuestRoute,
        children: [
          { path: 'login', ...screen(() => import('./screens/auth/login-screen.tsx')) },
          { path: 'register', ...screen(() => import('./screens/auth/register-screen.tsx')) },
          { path: 'forgot-password', ...screen(() => import('./screens/auth/forgot-password-screen.tsx')) },
          { path: 'reset-password', ...screen(() => import('./screens/auth/reset-password-screen.tsx')) },
        ],
      },
      { path: 'oauth2/callback', ...screen(() => import('./screens/auth/oauth-callback-screen.tsx')) },
      {
        path: 'template-preview/:template_uid',
        lazy: async () => {
          const [{ default: Preview }, { QueryProvider }, { AppToaster }] = await Promise.all([
            import('./screens/templates/template-preview-screen.tsx'),
            import('./query-provider.tsx'),
            import('./app-toaster.tsx'),
          ]);
          return {
            Component: () => (
              <QueryProvider>
                <Preview />
                <AppToaster />
              </QueryProvider>
            ),
          };
        },
      },
      {
        Component: ProtectedRoute,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell.tsx')).AppShell }),
            children: shellRoutes,
          },
        ],
      },
      { path: '*', ...screen(() => import('./screens/errors/not-found-screen.tsx')) },
    ],
  },
];
