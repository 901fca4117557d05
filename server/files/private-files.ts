/**
 * DATA_DIR holds the database, the mail outbox and the key files: nobody but the server's own user may
 * read or write any of it. Directories are 0700 and files 0600. An explicit mode on every mkdir and
 * write is not enough on its own: `mkdir -p` leaves an existing directory's mode alone, an old install
 * was created world-writable, and PGlite's file layer writes some files 0644/0666 whatever the umask.
 * So the tree is also tightened at start, after the database opened, and at close.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, lstat, mkdir, open, readdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** What the server keeps in DATA_DIR; only these are tightened, in case DATA_DIR holds other things too. */
export const DATA_DIR_ENTRIES = ['pglite', 'secrets', 'outbox'] as const;

/**
 * Creates `dir` (and missing parents) owner-only, and makes an existing `dir` owner-only. Refuses a
 * shared directory (sticky bit, like /tmp): making that 0700 would lock every other user out of it.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stats = await lstat(dir);
  if (stats.mode & 0o1000) throw new Error(`${dir} is a shared directory (sticky bit): give the server a directory of its own`);
  if ((stats.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(dir, PRIVATE_DIR_MODE);
}

/** DATA_DIR itself and what the server keeps in it made owner-only; answers what could not be. */
export async function tightenDataDir(dataDir: string): Promise<string[]> {
  await ensurePrivateDir(dataDir);
  const failed: string[] = [];
  for (const entry of DATA_DIR_ENTRIES) failed.push(...(await tightenTree(join(dataDir, entry))).failed);
  return failed;
}

/**
 * Writes `data` to `path` with mode 0600 only if `path` does not exist yet; answers false if it did.
 * The content goes to a temporary file first and is linked into place, so a reader never sees a half
 * written key and, of two processes sharing the directory, exactly one file wins.
 */
export async function createPrivateFileExclusive(path: string, data: string): Promise<boolean> {
  await ensurePrivateDir(dirname(path));
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/**
 * Removes group and other permissions from everything under `root` (root included). Walks with an
 * explicit stack, never follows symbolic links, and skips what vanishes meanwhile (PGlite deletes WAL
 * segments while it runs). Answers how many entries were changed and which could not be.
 */
export async function tightenTree(root: string): Promise<{ changed: number; failed: string[] }> {
  let changed = 0;
  const failed: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    let stats;
    try {
      stats = await lstat(path);
    } catch {
      continue; // gone
    }
    if (stats.isSymbolicLink()) continue;
    // A file keeps its owner's bits (a key file made read-only stays so); a directory must stay searchable.
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : stats.mode & 0o700;
    if ((stats.mode & 0o777) !== wanted) {
      try {
        await chmod(path, wanted);
        changed += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failed.push(path);
      }
    }
    if (stats.isDirectory()) {
      try {
        for (const name of await readdir(path)) stack.push(join(path, name));
      } catch {
        // unreadable or gone: its entries cannot be reached by anyone else either once it is 0700
      }
    }
  }
  return { changed, failed };
}
