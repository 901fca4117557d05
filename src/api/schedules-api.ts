/**
 * Schedules of the workflow service (SPEC §7): the workflows that run on a cron, pausing one — turning the
 * workflow off (PUT /workflow/status DISABLED; it stays listed, paused) — and resuming it (ENABLED).
 */
import { queryOptions } from '@tanstack/react-query';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';
import { scheduleListSchema, type Schedule } from '../domain/contract/schedules.ts';

export { scheduleSchema } from '../domain/contract/schedules.ts';
export type { Schedule } from '../domain/contract/schedules.ts';

export function createSchedulesApi(http: HttpClient) {
  return {
    async list(): Promise<Schedule[]> {
      return scheduleListSchema.parse(await http.request('/workflow/schedules')).data;
    },
    async pause(workflowId: string): Promise<void> {
      await http.request('/workflow/status', { method: 'PUT', body: { id: workflowId, status: 'DISABLED' } });
    },
    async resume(workflowId: string): Promise<void> {
      await http.request('/workflow/status', { method: 'PUT', body: { id: workflowId, status: 'ENABLED' } });
    },
  };
}

export const schedulesApi = createSchedulesApi(authenticatedClient);

/** Only enabled workflows run on their schedule; a disabled one is not "scheduled", whatever its cron. */
export const isActiveSchedule = (schedule: Schedule): boolean => schedule.status === 'ENABLED';

export const scheduleKeys = { all: ['schedules'] as const };

export const scheduleListQuery = () => queryOptions({ queryKey: scheduleKeys.all, queryFn: () => schedulesApi.list() });
