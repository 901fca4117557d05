/**
 * The engine's limits as people read them, for the System, Billing and Pricing screens: one list, so
 * the three always agree with each other and with the server's configuration (GET /system, GET /billing).
 * Pure, so it is tested without a DOM.
 */
import type { EngineLimits } from '../../../domain/contract/system.ts';
import { FORMAT_LOCALE } from '../../format/index.ts';
import { once } from '../../format/once.ts';

export interface LimitRow {
  id: keyof EngineLimits;
  label: string;
  value: string;
  /** The configuration variable that sets it (README "Configuration"). */
  setting: string;
}

const count = once(() => new Intl.NumberFormat(FORMAT_LOCALE));

export const formatCount = (value: number): string => count().format(value);

/** 2048 KB → '2 MB'; 512 KB → '512 KB'. */
export function formatKilobytes(kb: number): string {
  if (kb >= 1024 * 1024 && kb % (1024 * 1024) === 0) return `${formatCount(kb / (1024 * 1024))} GB`;
  if (kb >= 1024 && kb % 1024 === 0) return `${formatCount(kb / 1024)} MB`;
  return `${formatCount(kb)} KB`;
}

/** 10 → '10 s', 90 → '1 min 30 s', 3600 → '1 h'. */
export function formatSeconds(total: number): string {
  if (total < 60) return `${formatCount(total)} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours ? `${formatCount(hours)} h` : '', minutes ? `${minutes} min` : '', seconds ? `${seconds} s` : ''].filter(Boolean).join(' ');
}

const formatMs = (ms: number) => (ms % 1000 === 0 ? formatSeconds(ms / 1000) : `${formatCount(ms)} ms`);

/** 'No limit' for 0, as RUN_DAILY_QUOTA means it. */
export const formatQuota = (quota: number): string => (quota > 0 ? formatCount(quota) : 'No limit');

/** Every limit, in the order a person asks about them: how much, how long, how big. */
export function limitRows(limits: EngineLimits): LimitRow[] {
  return [
    { id: 'dailyQuota', label: 'Runs per day', value: formatQuota(limits.dailyQuota), setting: 'RUN_DAILY_QUOTA' },
    { id: 'concurrencyPerUser', label: 'Your runs at once', value: formatCount(limits.concurrencyPerUser), setting: 'RUN_CONCURRENCY_PER_USER' },
    { id: 'concurrency', label: 'Runs at once per server process', value: formatCount(limits.concurrency), setting: 'RUN_CONCURRENCY' },
    { id: 'codeTimeoutMs', label: 'Code step time', value: formatMs(limits.codeTimeoutMs), setting: 'CODE_TIMEOUT_MS' },
    { id: 'codeMemoryMb', label: 'Code step memory', value: `${formatCount(limits.codeMemoryMb)} MB`, setting: 'CODE_MEMORY_LIMIT_MB' },
    { id: 'codeThreads', label: 'Code sandbox threads', value: formatCount(limits.codeThreads), setting: 'CODE_SANDBOX_THREADS' },
    { id: 'httpTimeoutMs', label: 'HTTP step time', value: formatMs(limits.httpTimeoutMs), setting: 'HTTP_PIECE_TIMEOUT_MS' },
    { id: 'maxStepDataKb', label: 'Step input or output', value: formatKilobytes(limits.maxStepDataKb), setting: 'RUN_MAX_STEP_DATA_KB' },
    { id: 'maxRunDataMb', label: 'Data kept per run', value: formatKilobytes(limits.maxRunDataMb * 1024), setting: 'RUN_MAX_RUN_DATA_MB' },
    { id: 'maxLogLines', label: 'Log lines per run', value: formatCount(limits.maxLogLines), setting: 'RUN_MAX_LOG_LINES' },
    { id: 'maxLoopIterations', label: 'Items per loop', value: formatCount(limits.maxLoopIterations), setting: 'RUN_MAX_LOOP_ITERATIONS' },
    { id: 'maxDelaySeconds', label: 'Longest delay step', value: formatSeconds(limits.maxDelaySeconds), setting: 'DELAY_PIECE_MAX_SECONDS' },
    {
      id: 'scheduleMinIntervalSeconds',
      label: 'Shortest schedule interval',
      value: formatSeconds(limits.scheduleMinIntervalSeconds),
      setting: 'SCHEDULE_MIN_INTERVAL_SECONDS',
    },
    { id: 'webhookPerMinute', label: 'Webhook calls per minute', value: formatCount(limits.webhookPerMinute), setting: 'WEBHOOK_RATE_LIMIT_PER_MINUTE' },
  ];
}

export interface QuotaUse {
  /** 'No limit' or '12 of 1,000 runs'. */
  text: string;
  /** 0–100, or undefined when there is no limit to measure against. */
  percent: number | undefined;
}

export function quotaUse(used: number, quota: number): QuotaUse {
  if (quota <= 0) return { text: `${formatCount(used)} ${used === 1 ? 'run' : 'runs'} today, no daily limit`, percent: undefined };
  return { text: `${formatCount(used)} of ${formatCount(quota)} runs`, percent: Math.min(100, Math.round((used / quota) * 100)) };
}
