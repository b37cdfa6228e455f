import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Two real servers on one DATA_DIR: the second must stop before it opens the database.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-server-lock-'));

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

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null && server.child.pid) {
      process.kill(server.child.pid, 'SIGKILL');
      await server.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const listeningUrl = (server: Server) =>
  until(
    'the server to listen',
    () => server.stdout.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
  );

async function expectRefused(holder: Server) {
  const startedAt = Date.now();
  const refused = startServer();
  servers.push(refused);
  const code = await refused.exited;
  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(refused.stderr).toContain(dataDir);
  expect(refused.stderr).toContain('in use');
  expect(refused.stderr).toContain(`pid ${holder.child.pid}`);
  expect(Date.now() - startedAt).toBeLessThan(15_000);
}

// The lock guards the embedded database only: one run (on PGlite) is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('two servers on one data folder', () => {
  it('the second stops at once with a message; the first keeps serving, and after SIGKILL a new one starts', async () => {
    const a = startServer();
    servers.push(a);
    const url = await listeningUrl(a);

    await expectRefused(a);
    // The second never opened the database: the first still serves.
    const res = await fetch(`${url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No route GET /api/nope' });

    // Killed without a chance to clean up, the first leaves no lock behind.
    a.child.kill('SIGKILL');
    await a.exited;
    const b = startServer();
    servers.push(b);
    await listeningUrl(b);
    await expectRefused(b);

    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('shule.'))).toEqual([]);
  }, 90_000);
});
