/**
 * Every entry under a directory whose mode lets group or others in: what the secrets-at-rest suite checks
 * DATA_DIR against (the server itself only tightens, server/files/private-files.ts).
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const SHARED_BITS = 0o077;

export async function sharedEntries(root: string): Promise<string[]> {
  const found: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    const stats = await lstat(path).catch(() => undefined);
    if (!stats || stats.isSymbolicLink()) continue;
    if (stats.mode & SHARED_BITS) found.push(`${(stats.mode & 0o777).toString(8)} ${path}`);
    if (stats.isDirectory()) for (const name of await readdir(path).catch(() => [])) stack.push(join(path, name));
  }
  return found;
}
