#!/usr/bin/env node
// The API tests (`npm test -w apps/api`): once on PGlite, then again on PostgreSQL when
// TEST_DATABASE_URL is set (each test file makes and drops a scratch database there).
// Arguments go to vitest, e.g. `npm test -w apps/api -- src/modules/auth`.
// Exits non-zero when either run fails.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
const require = createRequire(path.join(apiDir, 'package.json'));
const vitestManifest = require.resolve('vitest/package.json');
const vitest = path.join(path.dirname(vitestManifest), require(vitestManifest).bin.vitest);
const extraArgs = process.argv.slice(2);

function run(label, env) {
  console.log(`\n── API tests on ${label} ──`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [vitest, 'run', ...extraArgs], {
    cwd: apiDir,
    env,
    stdio: 'inherit',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`── API tests on ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s ──`);
  return ok;
}

const { TEST_DB: _ignored, ...baseEnv } = process.env;
const results = [run('PGlite', baseEnv)];

if (process.env.TEST_DATABASE_URL) {
  results.push(run('PostgreSQL', { ...baseEnv, TEST_DB: 'postgres' }));
} else {
  console.log(
    'PostgreSQL run skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it.',
  );
}

process.exit(results.every(Boolean) ? 0 : 1);
