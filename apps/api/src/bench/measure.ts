/** The measuring tools of `npm run bench` (bench.ts): timings, caught SQL, load and tables. */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db } from '../db/client';
import { isSessionVersionRead } from '../modules/auth/sessions';

export interface Timing {
  p50: number;
  p95: number;
  samples: number;
}

/** Nearest-rank percentile of ascending `sorted`. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

/**
 * Milliseconds per call of each of `runs`, taken in turn (a, b, a, b …) so that whatever else
 * the machine is doing weighs on all of them alike: a few warm-up rounds, then up to `samples`
 * timed rounds, fewer when they would take more than `budgetMs` (the run has to stay short).
 */
export async function timeSideBySide(
  runs: (() => Promise<unknown>)[],
  { warmup = 5, samples = 100, budgetMs = 3000 } = {},
): Promise<Timing[]> {
  for (let i = 0; i < warmup; i++) for (const run of runs) await run();
  const ms = runs.map(() => [] as number[]);
  const started = performance.now();
  for (let i = 0; i < samples && (i < 10 || performance.now() - started < budgetMs); i++) {
    for (const [r, run] of runs.entries()) {
      const t0 = performance.now();
      await run();
      ms[r]!.push(performance.now() - t0);
    }
  }
  return ms.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 0.5), p95: percentile(list, 0.95), samples: list.length };
  });
}

type SendQuery = (...args: unknown[]) => Promise<unknown>;

/**
 * The SQL the app sends, caught where both drizzle drivers send it: `query` of the pg Pool or of
 * the PGlite instance (as countQueries in test/app.ts counts it). Statements inside a
 * transaction go through a pooled client on PostgreSQL and are not caught; list requests run none.
 * The session check's read of the user's session version is left out, as countQueries leaves it.
 *
 * `replay` sends caught statements again, with the same arguments, straight to the driver:
 * the raw SQL of the same rows, without the app around it.
 */
export function watchQueries(db: Db) {
  const client = (db as unknown as { session: { client: { query: SendQuery } } }).session.client;
  const send: SendQuery = client.query.bind(client);
  let caught: unknown[][] | undefined;
  client.query = (...args: unknown[]) => {
    // The session check's read is one per user every few seconds, not the request's own.
    if (!isSessionVersionRead(args[0])) caught?.push(args);
    return send(...args);
  };
  return {
    /** The statements `run` sends. Run one request at a time while catching. */
    async statementsOf(run: () => Promise<unknown>) {
      caught = [];
      try {
        await run();
        return caught;
      } finally {
        caught = undefined;
      }
    },
    /** Sends `statements` one after another; answers the driver's results. */
    async replay(statements: unknown[][]) {
      const results: unknown[] = [];
      for (const args of statements) results.push(await send(...args));
      return results;
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  /** Socket errors, timeouts and answers other than 2xx together. */
  errors: number;
  p50: number;
  p99: number;
}

const require = createRequire(import.meta.url);

/**
 * `connections` clients sending GET `url` for `seconds`, with autocannon in a child process so
 * that the load generator does not share the server's event loop.
 */
export function loadTest(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const manifestPath = require.resolve('autocannon/package.json');
  const manifest = require(manifestPath) as { bin: Record<string, string> };
  const bin = path.join(path.dirname(manifestPath), manifest.bin.autocannon!);
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [bin, '-j', '-c', String(connections), '-d', String(seconds), ...headerArgs, url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) {
        reject(new Error(`autocannon exited ${code}: ${err.trim()}`));
        return;
      }
      const r = JSON.parse(line) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        errors: number;
        timeouts: number;
        non2xx: number;
      };
      resolve({
        requestsPerSecond: r.requests.average,
        requests: r.requests.total,
        errors: r.errors + r.timeouts + r.non2xx,
        p50: r.latency.p50,
        p99: r.latency.p99,
      });
    });
  });
}

/** Milliseconds with as many decimals as are worth reading. */
export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** A ratio such as 1.37x. */
export const times = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(0)}x`;

export const kb = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;

/** A row that names a thing and says something about it instead of filling the columns. */
export interface NoteRow {
  name: string;
  note: string;
}

/**
 * Prints rows under a header: the first column left-aligned, the others right-aligned; a
 * NoteRow runs past the columns.
 */
export function printTable(header: string[], rows: (string[] | NoteRow)[]) {
  const full = rows.filter((r): r is string[] => Array.isArray(r));
  const widths = header.map((h, i) => Math.max(h.length, ...full.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`  ${line(header)}`);
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) {
    console.log(
      `  ${Array.isArray(row) ? line(row) : `${row.name.padEnd(widths[0]!)}  ${row.note}`}`,
    );
  }
}
