/**
 * GET /system for the System screen, polled while the screen is open (every SYSTEM_REFRESH_MS). The
 * reply is checked with the contract's schema at this trust boundary.
 *
 * Query key: ['system'].
 */
import { queryOptions } from '@tanstack/react-query';
import { systemInfoSchema, type SystemInfo } from '../domain/contract/system.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export { WORKER_SEEN_WITHIN_SECONDS } from '../domain/contract/system.ts';
export type { EngineLimits, SystemInfo, WorkerProcess } from '../domain/contract/system.ts';

/** How often the screen reads the system again: queue depth and heartbeats move by the second. */
export const SYSTEM_REFRESH_MS = 5000;

export function createSystemApi(http: HttpClient) {
  return {
    async info(): Promise<SystemInfo> {
      return systemInfoSchema.parse(await http.request('/system'));
    },
  };
}

export const systemApi = createSystemApi(authenticatedClient);

export const systemQuery = () =>
  queryOptions({ queryKey: ['system'] as const, queryFn: () => systemApi.info(), refetchInterval: SYSTEM_REFRESH_MS });
