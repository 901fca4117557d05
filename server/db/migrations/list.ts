import type { Migration } from '../migrate.ts';
import { authMigration } from './001_auth.ts';
import { workflowsMigration } from './002_workflows.ts';
import { runQueueMigration } from './003_run_queue.ts';
import { engineMigration } from './004_engine.ts';
import { secretsSessionsMigration } from './005_secrets_sessions.ts';
import { quotaRefusalsMigration } from './006_quota_refusals.ts';
import { validityJudgedMigration } from './007_validity_judged.ts';
import { analyticsMigration } from './008_analytics.ts';
import { activityMigration } from './009_activity.ts';
import { accountMigration } from './010_account.ts';
import { apiKeysMigration } from './011_api_keys.ts';
import { idempotencyKeysMigration } from './012_idempotency_keys.ts';
import { connectionsMigration } from './013_connections.ts';
import { billingSystemMigration } from './014_billing_system.ts';
import { durableRunsMigration } from './015_durable_runs.ts';
import { runLimitsMigration } from './016_run_limits.ts';
import { queueRunFunctionMigration } from './017_queue_run_function.ts';
import { foldersMigration } from './018_folders.ts';
import { claimPlanMigration } from './020_claim_plan.ts';
import { runSourcesMigration } from './021_run_sources.ts';
import { notificationsMigration } from './022_notifications.ts';
import { templateGalleryMigration } from './023_template_gallery.ts';
import { provisionalFlowsMigration } from './024_provisional_flows.ts';
import { activityOrderMigration } from './025_activity_order.ts';
import { notificationOrderMigration } from './026_notification_order.ts';

/** Every migration, oldest first. Never edit one that has shipped: add the next number. */
export const MIGRATIONS: readonly Migration[] = [
  authMigration,
  workflowsMigration,
  runQueueMigration,
  engineMigration,
  secretsSessionsMigration,
  quotaRefusalsMigration,
  validityJudgedMigration,
  analyticsMigration,
  activityMigration,
  accountMigration,
  apiKeysMigration,
  idempotencyKeysMigration,
  connectionsMigration,
  billingSystemMigration,
  durableRunsMigration,
  runLimitsMigration,
  queueRunFunctionMigration,
  foldersMigration,
  claimPlanMigration,
  runSourcesMigration,
  notificationsMigration,
  templateGalleryMigration,
  provisionalFlowsMigration,
  activityOrderMigration,
  notificationOrderMigration,
];
