import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openPostgres } from './db/client';
import { messageRecipients, schools } from './db/schema/index';
import { queueMessage } from './modules/messages/outbox-test-rows';
import { INTERRUPTED_REASON, resolveInterrupted } from './modules/messages/outbox-worker';
import { testDriver } from './test/app';
import { type FakeAfricasTalking, startFakeAfricasTalking } from './test/fake-africastalking';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm run worker` as a process of its own, with `env` over a bare one. Node runs it with tsx's
 * loader itself (not the `tsx` command, which runs it in a child): a signal, SIGKILL too, must
 * reach the worker.
 */
function runWorker(env: Record<string, string>): WorkerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

describe('npm run worker', () => {
  it('refuses to start without DATABASE_URL: PGlite is one process', {
    timeout: 30_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-worker-'));
    try {
      const worker = runWorker({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(await worker.exited).toBe(2);
      expect(worker.output()).toContain('npm run worker needs DATABASE_URL (PostgreSQL)');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Worker processes on one PostgreSQL, sending to the fake gateway: the claim is the only thing
 * between them. Needs PostgreSQL, so it runs in the PostgreSQL pass of the API tests.
 */
const postgresUrl = testDriver === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (!postgresUrl) {
  console.info(
    'Worker processes on PostgreSQL: skipped (they run with TEST_DB=postgres TEST_DATABASE_URL=…, as npm test -w apps/api does when TEST_DATABASE_URL is set)',
  );
}

describe.skipIf(!postgresUrl)('worker processes on one PostgreSQL', () => {
  const name = `shule_workers_${randomBytes(6).toString('hex')}`;
  let scratchUrl: string;
  let database: Database;
  let fake: FakeAfricasTalking;
  let schoolId: number;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-workers-'));
  const running: WorkerProcess[] = [];

  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };

  const startWorker = async () => {
    const worker = runWorker({
      DATA_DIR: dataDir,
      DATABASE_URL: scratchUrl,
      LOG_LEVEL: 'info',
      SMS_DRIVER: 'africastalking',
      AT_USERNAME: fake.settings.username,
      AT_API_KEY: fake.settings.apiKey,
      AT_BASE_URL: fake.settings.baseUrl,
    });
    running.push(worker);
    await vi.waitFor(() => expect(worker.output()).toContain('SMS worker started'), {
      timeout: 20_000,
      interval: 100,
    });
    return worker;
  };

  /** Rows claimed by this process, from its log lines ("sms: batch sent" with the counts). */
  const claimedBy = (worker: WorkerProcess) =>
    worker
      .output()
      .split('\n')
      .filter((line) => line.includes('"sms: batch sent"'))
      .reduce(
        (sum, line) => sum + (JSON.parse(line) as { sms: { claimed: number } }).sms.claimed,
        0,
      );

  const statuses = async () => {
    const rows = (await database.db.execute(
      sql`select status, count(*)::int as n from message_recipients group by status`,
    )) as unknown as { rows: { status: string; n: number }[] };
    return Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
  };

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    scratchUrl = url.toString();
    database = await openPostgres(scratchUrl);
    const [school] = await database.db
      .insert(schools)
      .values({
        name: 'Worker High',
        postalCode: '00100',
        county: 'Nairobi',
        phoneNumber: '0720000000',
        yearEstablished: 1990,
        type: 'IPS',
      })
      .returning({ id: schools.id });
    schoolId = school!.id;
    // Each answer takes a moment, as a real round trip does, so the workers' batches overlap.
    fake = await startFakeAfricasTalking({ answerDelayMs: 40 });
  }, 60_000);

  afterAll(async () => {
    for (const worker of running) worker.child.kill('SIGKILL');
    await Promise.all(running.map((w) => w.exited));
    await fake?.close();
    await database?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('two workers send 1,000 recipients: each exactly once, none lost', {
    timeout: 120_000,
  }, async () => {
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const phones = Array.from({ length: 1000 }, (_, i) => `07${String(10_000_000 + i).slice(-8)}`);
    // Ten messages of a hundred parents, and a hundred results messages to one parent each.
    for (let m = 0; m < 9; m += 1) {
      await queueMessage(database.db, schoolId, {
        content: `Message ${m}`,
        phones: phones.slice(m * 100, m * 100 + 100),
      });
    }
    await queueMessage(database.db, schoolId, {
      phones: phones.slice(900),
      ownTexts: phones.slice(900).map((p) => `Results for ${p}`),
    });
    await vi.waitFor(async () => expect(await statuses()).toEqual({ sent: 1000 }), {
      timeout: 90_000,
      interval: 250,
    });
    const sentTo = fake.requests.flatMap((r) => r.to);
    expect(sentTo).toHaveLength(1000);
    expect(new Set(sentTo).size).toBe(1000);
    expect(new Set(sentTo)).toEqual(new Set(phones.map((p) => `+254${p.slice(1)}`)));
    // Each row holds the one message id the gateway gave it.
    const ids = await database.db
      .select({ id: messageRecipients.gatewayMessageId })
      .from(messageRecipients);
    expect(new Set(ids.map((r) => r.id)).size).toBe(1000);
    // Both took part.
    expect(claimedBy(a)).toBeGreaterThan(0);
    expect(claimedBy(b)).toBeGreaterThan(0);
    expect(claimedBy(a) + claimedBy(b)).toBe(1000);

    for (const worker of [a, b]) worker.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  });

  it('a killed worker’s batch is failed as interrupted (it may have gone) and never sent again', {
    timeout: 120_000,
  }, async () => {
    await database.db.delete(messageRecipients);
    fake.reset();
    const phones = Array.from({ length: 5 }, (_, i) => `07${String(20_000_000 + i).slice(-8)}`);
    const { ids } = await queueMessage(database.db, schoolId, { phones });
    // The gateway takes the request and never answers: the worker is killed mid-call.
    fake.failNext(1, 'timeout');
    const doomed = await startWorker();
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1), {
      timeout: 20_000,
      interval: 50,
    });
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBeNull();
    expect(() => process.kill(doomed.child.pid!, 0)).toThrow();
    expect(await statuses()).toEqual({ sending: 5 });

    // Another worker leaves them alone: only queued rows are claimed.
    const next = await startWorker();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await statuses()).toEqual({ sending: 5 });

    // Past the stale time (ten minutes; here at once) they are failed, saying they may have gone.
    expect(await resolveInterrupted(database.db, 0)).toBe(5);
    const rows = await database.db.select().from(messageRecipients);
    expect(rows.map((r) => [r.status, r.reason])).toEqual(
      ids.map(() => ['failed', INTERRUPTED_REASON]),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.requests).toHaveLength(1);

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  });
});
