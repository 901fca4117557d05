/**
 * The server-data cache, provided only where screens fetch with TanStack Query (the signed-in shell and
 * the public template preview), so the login page does not download it. One client for the whole tab:
 * leaving the shell and coming back keeps the cache.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';

let client: QueryClient | null = null;

export function appQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
