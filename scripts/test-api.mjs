#!/usr/bin/env node
// The API tests (`npm run test:api`): on PGlite and, when TEST_DATABASE_URL is set, on
// PostgreSQL (each test file makes and drops a scratch database there); side by side on a
// machine of four cores or more, else one after the other (scripts/test.mjs says why).
// `--on=pglite` or `--on=postgres` runs one; other arguments go to vitest, e.g.
// `npm run test:api -- --on=pglite src/modules/auth`. Exits non-zero when a run fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
const require = createRequire(path.join(apiDir, 'package.json'));
const vitestManifest = require.resolve('vitest/package.json');
const vitest = path.join(path.dirname(vitestManifest), require(vitestManifest).bin.vitest);

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--on='))?.slice('--on='.length);
const vitestArgs = args.filter((a) => !a.startsWith('--on='));
if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
  console.error(`--on is pglite or postgres, not ${only}`);
  process.exit(2);
}

const { TEST_DB: _ignored, ...baseEnv } = process.env;
const drivers = {
  PGlite: baseEnv,
  PostgreSQL: process.env.TEST_DATABASE_URL ? { ...baseEnv, TEST_DB: 'postgres' } : null,
};
const chosen =
  only === 'pglite' ? ['PGlite'] : only === 'postgres' ? ['PostgreSQL'] : ['PGlite', 'PostgreSQL'];

function run(label, env) {
  console.log(`\n── API tests on ${label} ──`);
  const started = performance.now();
  return new Promise((resolve) => {
    // Side by side, each run's output is its own: lines prefixed only when two share the terminal.
    const prefixed =
      chosen.length > 1 && drivers.PostgreSQL !== null && availableParallelism() >= 4;
    const child = spawn(process.execPath, [vitest, 'run', ...vitestArgs], {
      cwd: apiDir,
      env,
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) console.log(`[${label}] ${line}`);
        });
      }
    }
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`── API tests on ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s ──`);
      resolve(ok);
    });
  });
}

if (chosen.includes('PostgreSQL') && drivers.PostgreSQL === null) {
  console.log(
    'PostgreSQL run skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it.',
  );
  if (only === 'postgres') process.exit(0);
}
const runs = chosen.filter((label) => drivers[label] !== null);
const results = [];
if (availableParallelism() >= 4) {
  results.push(...(await Promise.all(runs.map((label) => run(label, drivers[label])))));
} else {
  for (const label of runs) results.push(await run(label, drivers[label]));
}
process.exit(results.every(Boolean) ? 0 : 1);
