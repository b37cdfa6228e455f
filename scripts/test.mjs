#!/usr/bin/env node
// `npm test`: the typecheck and lint first (a quick failure), then the suites. On a machine of
// four cores or more they run in two lanes side by side: the API tests on PGlite and then on
// PostgreSQL (when TEST_DATABASE_URL is set) in one, the unit tests and then the end-to-end tests
// in the other. On fewer they run one after the other: on two cores every suite but the
// end-to-end one keeps both busy, and side by side the whole took as long and its timed tests
// grew flaky. SHULE_TEST_LANES=1 or 2 overrides. Each line of a lane's output is prefixed with
// its suite. Exits non-zero when any step fails; a lane stops at its first failure, another runs
// to its end.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const api = [
  { label: 'api-pglite', args: ['run', 'test:api', '--', '--on=pglite'] },
  ...(process.env.TEST_DATABASE_URL
    ? [{ label: 'api-postgres', args: ['run', 'test:api', '--', '--on=postgres'] }]
    : []),
];
const unit = { label: 'unit', args: ['run', 'test:unit'] };
const e2e = { label: 'e2e', args: ['run', 'test:e2e'] };
const laneCount = Number(process.env.SHULE_TEST_LANES ?? (availableParallelism() >= 4 ? 2 : 1));
const lanes = laneCount >= 2 ? [api, [unit, e2e]] : [[unit, ...api, e2e]];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);

for (const script of ['typecheck', 'lint']) {
  const result = spawnSync(npm, ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'API tests on PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them.',
  );
}

function runStep({ label, args }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) console.log(`[${label}] ${line}`);
      });
      stream.on('end', () => rest && console.log(`[${label}] ${rest}`));
    }
    child.on('close', (code) => {
      const ok = code === 0;
      console.log(`── ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds(started)} s`);
      resolve({ label, ok });
    });
  });
}

async function runLane(steps) {
  const results = [];
  for (const step of steps) {
    const result = await runStep(step);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

const started = performance.now();
const results = (await Promise.all(lanes.map(runLane))).flat();
const failed = results.filter((r) => !r.ok).map((r) => r.label);
const skipped = lanes.flat().length - results.length;
console.log(
  failed.length === 0
    ? `── every suite passed in ${seconds(started)} s`
    : `── FAILED: ${failed.join(', ')}${skipped ? ` (${skipped} step(s) after a failure not run)` : ''}`,
);
process.exit(failed.length === 0 ? 0 : 1);
