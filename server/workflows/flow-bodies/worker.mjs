/**
 * The thread that reads large flow bodies (read.ts). A worker thread is a new Node instance, loaded
 * without the server's TypeScript loader: it registers tsx first, then loads the TypeScript it runs.
 */
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
