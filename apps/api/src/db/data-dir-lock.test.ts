import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, type LockKind, lockDataDir, SOCKET_FILE } from './data-dir-lock';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shule-lock-'));
  dirs.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The error lockDataDir throws, or undefined when it took the folder. */
async function refusal(dir: string, kind: LockKind) {
  try {
    (await lockDataDir(dir, kind))();
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

/** Another process that takes `dir` and prints "locked" (and, with `stay`, keeps running). */
function otherProcess(dir: string, kind: LockKind, stay = true) {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(path.join(here, 'data-dir-lock.ts'))});
    await lockDataDir(${JSON.stringify(dir)}, ${JSON.stringify(kind)});
    console.log('locked');
    ${stay ? 'setInterval(() => {}, 1000);' : ''}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before locking`)));
  });
  return { child, locked, exited };
}

const kinds: LockKind[] = ['abstract', 'file'];

describe.each(kinds)('lockDataDir (%s socket)', (kind) => {
  it.runIf(kind === 'file' || process.platform === 'linux')(
    'takes a free folder, refuses it while held, and lets it go on release',
    async () => {
      const dir = freshDir();
      writeFileSync(path.join(dir, 'shule.lock'), '12345 an old pid file');
      const release = await lockDataDir(dir, kind);
      // The PID file of earlier versions is gone; a socket file only where there is no abstract one.
      expect(readdirSync(dir)).toEqual(kind === 'file' ? [SOCKET_FILE] : []);
      const refused = await refusal(dir, kind);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect(refused!.message).toContain(dir);
      expect(refused!.message).toContain('in use');
      expect(refused!.message).toContain(`pid ${process.pid}`);
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readdirSync(dir)).toEqual([]);
      expect(await refusal(dir, kind)).toBeUndefined();
    },
  );

  it.runIf(kind === 'file' || process.platform === 'linux')(
    'refuses a folder another process holds, and takes it once that process is killed with SIGKILL',
    async () => {
      const dir = freshDir();
      const other = otherProcess(dir, kind);
      await other.locked;
      const refused = await refusal(dir, kind);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect(refused!.message).toContain(`pid ${other.child.pid}`);

      other.child.kill('SIGKILL');
      await other.exited;
      // A killed holder leaves a socket file behind (file kind); nothing answers on it.
      expect(existsSync(path.join(dir, SOCKET_FILE))).toBe(kind === 'file');
      const release = await lockDataDir(dir, kind);
      release();
    },
    30_000,
  );

  it.runIf(kind === 'file' || process.platform === 'linux')(
    'does not keep a process running',
    async () => {
      const other = otherProcess(freshDir(), kind, false);
      await other.locked;
      expect(await other.exited).toBe(0);
    },
    30_000,
  );
});

describe.runIf(process.platform === 'linux')('one folder, one lock', () => {
  it('is one lock whichever path names the folder', async () => {
    const dir = freshDir();
    const link = path.join(freshDir(), 'link-to-data');
    symlinkSync(dir, link);
    const release = await lockDataDir(dir);
    expect(await refusal(link, 'abstract')).toBeInstanceOf(DataDirLockedError);
    release();
  });

  it('creates a folder that does not exist yet', async () => {
    const dir = path.join(freshDir(), 'new', 'data');
    const release = await lockDataDir(dir);
    expect(existsSync(dir)).toBe(true);
    release();
  });
});
