import type { EngineLimits } from '../../src/domain/contract/system.ts';
import type { EngineSettings } from '../config.ts';

/** The limits people read (System, Billing, Pricing), in the units the README's "Limits" uses. */
export function engineLimitsOf(settings: EngineSettings): EngineLimits {
  return {
    dailyQuota: settings.dailyQuota,
    concurrency: settings.concurrency,
    concurrencyPerUser: settings.concurrencyPerUser,
    codeThreads: settings.codeThreads,
    codeTimeoutMs: settings.codeTimeoutMs,
    codeMemoryMb: Math.round(settings.codeMemoryBytes / (1024 * 1024)),
    httpTimeoutMs: settings.httpTimeoutMs,
    maxStepDataKb: Math.round(settings.runLimits.maxStepData / 1024),
    maxRunDataMb: Math.round(settings.runLimits.maxRunData / (1024 * 1024)),
    maxLogLines: settings.runLimits.maxLogLines,
    maxLoopIterations: settings.runLimits.maxLoopIterations,
    maxDelaySeconds: Math.round(settings.maxDelayMs / 1000),
    scheduleMinIntervalSeconds: Math.round(settings.scheduleMinIntervalMs / 1000),
    webhookPerMinute: settings.webhookPerMinute,
  };
}

/** The quota's period: the current UTC day, [start, end). */
export function utcDay(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}
