export * from './auth.ts';
export * from './errors.ts';
export * from './flow/index.ts';
export * from './conditions/index.ts';
export * from './pieces/index.ts';
export * from './json-limits.ts';
