import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processIdentity } from './data-dir-lock';

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
/** The pid a lock file names. */
const holderOf = (dir: string) => Number(readFileSync(lockFile(dir), 'utf8').split(' ')[0]);
const hasProc = existsSync('/proc/self/stat');

/** The pid of a process that has already exited. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

describe('lockDataDir', () => {
  it('takes a free folder, writing our pid, and lets it go on release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(holderOf(dir)).toBe(process.pid);
    // Nothing but the lock is left in the folder.
    expect(readdirSync(dir)).toEqual(['shule.lock']);
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
    expect(holderOf(dir)).toBe(process.pid);
    release();
  });

  it.each([[''], ['not a pid']])('takes over a lock file holding %j', (content) => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), content);
    const release = lockDataDir(dir);
    expect(holderOf(dir)).toBe(process.pid);
    release();
  });

  it.runIf(hasProc)('refuses the folder while the very process that wrote the lock runs', () => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), `${process.ppid} ${processIdentity(process.ppid)}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  // A server killed with SIGKILL leaves its lock; after a reboot or a container restart its pid
  // may belong to another program, which must not keep the folder locked for ever.
  it.runIf(hasProc)('takes over a lock whose pid now belongs to another process', () => {
    const dir = freshDir();
    const [boot, startTime] = processIdentity(process.ppid)!.split('/');
    writeFileSync(lockFile(dir), `${process.ppid} ${boot}/${Number(startTime) - 1}`);
    const release = lockDataDir(dir);
    expect(holderOf(dir)).toBe(process.pid);
    release();

    writeFileSync(lockFile(dir), `${process.ppid} another-boot/${startTime}`);
    lockDataDir(dir)();
  });

  it.runIf(hasProc)('records which process holds the lock, not only its pid', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(
      `${process.pid} ${processIdentity(process.pid)}`,
    );
    expect(processIdentity(process.pid)).toMatch(/^[0-9a-f-]{36}\/\d+$/);
    release();
  });
});
