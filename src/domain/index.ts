export * from './auth.ts';
export * from './errors.ts';
