import { mkdirSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The data folder holds the database, the signing secret and children's photos: only the
 * account Shule runs as may read it. Folders are made 0700 and files 0600 whatever the umask
 * (a machine's default 022 left them readable by every local user), and what an earlier
 * version made is tightened at start.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A folder only its owner may enter (made with its parents; an existing one is tightened). */
export async function makePrivateDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** A new folder only its owner may enter, at start (loadConfig is synchronous). */
export function makePrivateDirSync(dir: string) {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** What Shule keeps in its data folder: the database, the secret, photos and their thumbnails. */
const OWN_ENTRIES = ['pglite', 'jwt-secret', 'uploads', 'thumbnails'];

/**
 * The data folder 0700, and Shule's own entries in it (OWN_ENTRIES, each folder and file
 * within) 0700 and 0600: an installation from before these modes. Only those, never whatever
 * else a misset DATA_DIR holds; links are left alone (not followed), and so are sockets (the
 * folder's lock). A mode the process may not change (a folder of another owner) is reported,
 * not fatal. Answers how many modes it changed, and the paths it could not tighten.
 */
export async function tightenDataDir(dataDir: string) {
  let changed = 0;
  const refused: string[] = [];
  const visit = async (target: string, deep: boolean) => {
    const info = await lstat(target).catch(() => null);
    if (!info) return;
    const wanted = info.isDirectory()
      ? PRIVATE_DIR_MODE
      : info.isFile()
        ? PRIVATE_FILE_MODE
        : undefined;
    if (wanted === undefined) return;
    if ((info.mode & 0o777) !== wanted) {
      try {
        await chmod(target, wanted);
        changed += 1;
      } catch {
        refused.push(target);
      }
    }
    if (deep && info.isDirectory()) {
      for (const entry of await readdir(target)) await visit(path.join(target, entry), true);
    }
  };
  await visit(dataDir, false);
  for (const entry of OWN_ENTRIES) await visit(path.join(dataDir, entry), true);
  return { changed, refused };
}
