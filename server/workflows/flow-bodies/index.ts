export { FlowBodyReader, INLINE_LIMIT } from './pool.ts';
export { lazyWrite, nestStoredContent, readFlowBody, type NestIdentity, type AutosaveBody, type FlowBody, type FlowBodyKind, type FlowBodyOptions, type ImportBody, type TextWrite } from './read.ts';
