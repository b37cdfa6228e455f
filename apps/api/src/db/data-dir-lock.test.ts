import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shule-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const lockFile = (dir: string) => path.join(dir, 'shule.lock');

/** The pid of a process that has already exited. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

describe('lockDataDir', () => {
  it('takes a free folder, writing our pid, and lets it go on release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    // Free again: it can be taken once more.
    lockDataDir(dir)();
  });

  it('refuses the folder while the process holding it is alive, naming the folder', () => {
    const dir = freshDir();
    // Our parent (the vitest runner) is alive and is not us.
    writeFileSync(lockFile(dir), String(process.ppid));
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain('in use');
    expect(message).toContain(`pid ${process.ppid}`);
    // The holder's lock is left alone.
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a stale lock left by a process that has died', () => {
    const dir = freshDir();
    const pid = deadPid();
    writeFileSync(lockFile(dir), String(pid));
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it.each([[''], ['not a pid']])('takes over a lock file holding %j', (content) => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), content);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });
});
