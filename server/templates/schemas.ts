/** Templates (SPEC §3): the request schema and limits, from the contract (src/domain/contract). */
export {
  createTemplateBodySchema as createBodySchema,
  templateListQuerySchema as listQuerySchema,
  updateTemplateBodySchema as updateBodySchema,
  type TemplateVisibility,
} from '../../src/domain/contract/index.ts';
