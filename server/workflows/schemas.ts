/**
 * Request schemas of the workflow service (SPEC §7), under the names the routes use. They live in the
 * contract (src/domain/contract), which the UI and the editor worker parse with too.
 */
export {
  autosaveBodySchema,
  createVersionBodySchema,
  createWorkflowBodySchema as createBodySchema,
  executionsQuerySchema,
  LARGE_BODY_LIMIT,
  MAX_FLOW_FILE_DEPTH,
  workflowListQuerySchema as paginateQuerySchema,
  publishBodySchema,
  renameVersionBodySchema,
  workflowStatusBodySchema as statusBodySchema,
  updateWorkflowBodySchema as updateBodySchema,
} from '../../src/domain/contract/index.ts';
import { z } from 'zod';
import { idParamSchema } from '../http/input.ts';

/** A malformed workflow or version id answers that route's 404, like a missing one (server/http/input.ts). */
export const versionParamsSchema = z.object({ id: idParamSchema, versionId: idParamSchema });
