import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { schoolRegistration } from '../test/app';
import { BUSY_MESSAGE } from './load-shedding';

// A real server on PGlite in a process of its own (in this one, the test's own client and the
// server would take turns on one event loop, and no burst would ever build up).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-burst-'));
const MAX_WAIT_MS = 300;

interface Answer {
  status: number;
  ms: number;
  body: string;
  retryAfter?: string;
}

let child: ChildProcess;
let port = 0;
beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MAX_REQUESTS_IN_FLIGHT: '2',
    MAX_QUEUE_WAIT_SECONDS: String(MAX_WAIT_MS / 1000),
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const found = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
      if (found) resolve(Number(found[1]));
    });
  });
}, 60_000);
afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(child.pid, 'SIGKILL');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** One request on a connection of its own, as 200 clients would send it. */
function send(method: string, url: string, headers: Record<string, string> = {}, body?: object) {
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            ms: performance.now() - started,
            body: text,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('200 requests at once on PGlite', () => {
  it('answers every one within the bound: run in turn, or 503 with Retry-After', async () => {
    const registration = schoolRegistration({ name: 'Busy School' });
    expect((await send('POST', '/api/schools/register_school/', {}, registration)).status).toBe(
      201,
    );
    const login = await send(
      'POST',
      '/api/users/login/',
      {},
      {
        username: registration.admin.phone_number,
        password: registration.admin.password,
      },
    );
    const { tokens, user } = JSON.parse(login.body);
    const auth = { authorization: `Bearer ${tokens.access}` };
    const form1 = JSON.parse(
      (await send('POST', `/api/classes/?school=${user.school.id}`, auth, { name: 'Form 1' })).body,
    ).class;
    for (let i = 0; i < 40; i++) {
      const admitted = await send('POST', `/api/classes/${form1.id}/add_student/`, auth, {
        first_name: 'Amani',
        last_name: 'Mwangi',
        date_of_birth: '2012-05-14',
        gender: 'female',
        parent: {
          first_name: 'Grace',
          last_name: 'Mwangi',
          phone_number: `0733${String(i).padStart(6, '0')}`,
        },
      });
      expect(admitted.status, admitted.body).toBe(201);
    }

    const exportFile = () => send('GET', '/api/students/export/?format=nemis', auth);
    const started = performance.now();
    const [answers, callback] = await Promise.all([
      Promise.all(Array.from({ length: 200 }, exportFile)),
      // The gateways' callbacks never wait their turn, nor are turned away.
      new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
        send('POST', '/api/sms/delivery_reports/not-the-token', {}, {}),
      ),
    ]);
    const took = performance.now() - started;

    expect([...new Set(answers.map((a) => a.status))].sort()).toEqual([200, 503]);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.retryAfter).toBe('5');
      expect(JSON.parse(busy.body).message).toBe(BUSY_MESSAGE);
      // Turned away once it has waited its bound, not before.
      expect(busy.ms).toBeGreaterThanOrEqual(MAX_WAIT_MS - 20);
    }
    // Nothing is left unanswered for long (the attack's 30 s): even on a test machine busy with
    // other test files, where one export can take ten times as long as alone.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(20_000);
    expect(took).toBeLessThan(20_000);
    expect(callback.status).not.toBe(503);

    // Every turn was given back: the next request runs at once.
    expect((await exportFile()).status).toBe(200);
  }, 120_000);

  it('runs 32 at once and waits up to 10 s by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).load).toEqual({ maxInFlight: 32, maxWaitMs: 10_000 });
  });
});
