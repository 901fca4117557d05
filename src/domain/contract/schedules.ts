/** GET /workflow/schedules (SPEC §7): the workflows that run on a cron, with their next and last run. */
import * as z from 'zod/mini';

export const scheduleSchema = z.object({
  workflowId: z.string(),
  workflowName: z.string(),
  cronExpression: z.string(),
  timezone: z.string(),
  nextRun: z.nullish(z.string()),
  lastRun: z.nullish(z.string()),
  status: z.string(),
});
export type Schedule = z.output<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ data: z.array(scheduleSchema) });
