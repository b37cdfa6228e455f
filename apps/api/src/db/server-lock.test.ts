import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Two real servers on one DATA_DIR: the second must stop before it opens the database.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-server-lock-'));
const lockFile = path.join(dataDir, 'shule.lock');
const lockHolder = () => Number(readFileSync(lockFile, 'utf8').split(' ')[0]);

interface Server {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

function startServer(): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  child.stdout?.on('data', (chunk) => {
    server.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    server.stderr += chunk;
  });
  return server;
}

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let first: Server | undefined;
afterAll(async () => {
  if (first && first.child.exitCode === null && first.child.pid) {
    process.kill(first.child.pid, 'SIGKILL');
    await first.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

// The lock guards the embedded database only: one run (on PGlite) is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('two servers on one data folder', () => {
  it('the second stops at once with a message; the first keeps serving', async () => {
    const a = startServer();
    first = a;
    await until('the first server to lock the folder', () =>
      existsSync(lockFile) && lockHolder() === a.child.pid ? true : undefined,
    );

    const startedAt = Date.now();
    const b = startServer();
    const code = await b.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(b.stderr).toContain(dataDir);
    expect(b.stderr).toContain('in use');
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    // The second never opened the database, and the lock still names the first.
    expect(lockHolder()).toBe(a.child.pid);

    const url = await until(
      'the first server to listen',
      () => a.stdout.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
    );
    const res = await fetch(`${url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No route GET /api/nope' });

    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 60_000);
});
