/** Templates (SPEC §3): the request schema and limits, from the contract (src/domain/contract). */
export {
  createTemplateBodySchema as createBodySchema,
  type TemplateVisibility,
} from '../../src/domain/contract/index.ts';
