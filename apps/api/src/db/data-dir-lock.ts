import { mkdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Where the lock of a data folder lives. A socket the process listens on: the kernel lets one
 * process listen on a name and frees it when that process ends, however it ends (SIGKILL, a
 * crash, an OOM kill), so a lock is never left behind and never taken from a live holder.
 * - Linux: an abstract socket (no file), named by the folder's device and inode, so two paths
 *   to one folder (a symlink, a bind mount) name one lock.
 * - Windows: a named pipe, named the same way.
 * - Elsewhere (macOS, BSD): a socket file in the folder. A dead holder leaves the file behind;
 *   it is taken over when nothing answers on it.
 * Node has no flock(2); see docs/decisions/011-bounded-input-logs-and-housekeeping.md.
 */
export type LockKind = 'abstract' | 'pipe' | 'file';

const defaultKind = (): LockKind =>
  process.platform === 'linux' ? 'abstract' : process.platform === 'win32' ? 'pipe' : 'file';

export const SOCKET_FILE = 'shule.sock';
/** The PID file of earlier versions, removed when the folder is locked. */
const OLD_LOCK_FILE = 'shule.lock';

function lockAddress(dataDir: string, kind: LockKind) {
  if (kind === 'file') return path.join(dataDir, SOCKET_FILE);
  const { dev, ino } = statSync(dataDir);
  const name = `shule-data-dir-${dev}-${ino}`;
  return kind === 'pipe' ? `\\\\.\\pipe\\${name}` : `\0${name}`;
}

/** Listens on `address`; answers the error code when another listener has it. */
function listen(server: net.Server, address: string) {
  return new Promise<string | undefined>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') resolve(err.code);
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(undefined);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(address);
  });
}

/** The pid the holder of `address` answers, or 'dead' when nothing listens there any more. */
function askHolder(address: string) {
  return new Promise<number | 'unknown' | 'dead'>((resolve) => {
    let answer = '';
    const socket = net.connect(address);
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve('unknown');
    });
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => {
      const pid = Number(answer.trim());
      resolve(Number.isInteger(pid) && pid > 0 ? pid : 'unknown');
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'dead' : 'unknown'),
    );
  });
}

/**
 * Takes the data folder for this process, or throws DataDirLockedError naming the folder and
 * the holder's pid. Two processes opening one PGlite folder wiped it in our test, so a second
 * opener must stop before touching the database. The lock lasts until `release` is called or
 * the process ends; it does not keep the process running.
 */
export async function lockDataDir(
  dataDir: string,
  kind: LockKind = defaultKind(),
): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir, kind);
  // Whoever connects is told who holds the folder.
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
  for (let attempt = 0; attempt < 2; attempt++) {
    if ((await listen(server, address)) === undefined) {
      server.unref();
      rmSync(path.join(dataDir, OLD_LOCK_FILE), { force: true });
      return () => server.close();
    }
    const holder = await askHolder(address);
    // Only a socket file outlives its process: nothing answers on it, so its holder is gone.
    if (holder === 'dead' && kind === 'file') {
      rmSync(address, { force: true });
      continue;
    }
    throw new DataDirLockedError(
      `The data folder ${dataDir} is in use by another Shule process` +
        `${typeof holder === 'number' ? ` (pid ${holder})` : ''}. ` +
        'Stop that process first, or point DATA_DIR at another folder.',
    );
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
