import { closeSync, linkSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What tells one process from a later one given the same pid: the boot and the moment the
 * process started (Linux's /proc), or undefined where the system does not say.
 */
export function processIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces; the 22nd
    // field of the line, the start time, is the 20th of these.
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTime ? `${boot}/${startTime}` : undefined;
  } catch {
    return undefined;
  }
}

/** The holder named in a lock file still runs: its pid is alive and is the same process. */
function holderRunning(pid: number, identity: string | undefined) {
  if (pid === process.pid || !isRunning(pid)) return false;
  if (identity === undefined) return true;
  // A server killed with SIGKILL (or a reboot, or a container restart) leaves its lock, and
  // the kernel may since have given its pid to another program.
  const now = processIdentity(pid);
  return now === undefined || now === identity;
}

/**
 * Takes the data folder for this process. Two processes opening one PGlite folder wiped it in
 * our test, so a second opener must stop before touching the database. A lock left by a process
 * that has died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'shule.lock');
  const draft = `${file}.${process.pid}`;
  const identity = processIdentity(process.pid);
  const content = identity ? `${process.pid} ${identity}` : String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Written aside and linked into place, so the lock never exists without its holder in it.
      const fd = openSync(draft, 'w');
      writeSync(fd, content);
      closeSync(fd);
      linkSync(draft, file);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let held: string;
      try {
        held = readFileSync(file, 'utf8');
      } catch (readErr) {
        // Released between our attempt and this read: try again.
        if ((readErr as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readErr;
      }
      const [pidText, recordedIdentity] = held.trim().split(' ');
      const holder = Number(pidText);
      if (Number.isInteger(holder) && holder > 0 && holderRunning(holder, recordedIdentity)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Shule process (pid ${holder}). ` +
            'Stop that process first, or point DATA_DIR at another folder.',
        );
      }
      rmSync(file, { force: true });
    } finally {
      rmSync(draft, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
