/** Variables (SPEC §3): the request schemas and rules, from the contract (src/domain/contract). */
export {
  createVariableBodySchema as createBodySchema,
  DUPLICATE_NAME_MESSAGE,
  variableListQuerySchema as listQuerySchema,
  STAYS_SENSITIVE_MESSAGE,
  updateVariableBodySchema as updateBodySchema,
  valueProblem,
  type VariableStatus,
  type VariableType,
} from '../../src/domain/contract/index.ts';
