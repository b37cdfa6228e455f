#!/usr/bin/env node
// `npm test`: the typecheck and lint first (a quick failure), then the suites in two lanes side
// by side. The API tests keep the cores busy (PGlite runs in the test process; PostgreSQL's
// server works beside it), while the end-to-end tests spend much of their time waiting on the
// browser: so one lane runs the API tests on PGlite and then on PostgreSQL (when
// TEST_DATABASE_URL is set), the other the unit tests and then the end-to-end tests. Each line
// of a lane's output is prefixed with its suite. Exits non-zero when any step fails; a lane stops
// at its first failure, the other runs to its end.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const lanes = [
  [
    { label: 'api-pglite', args: ['run', 'test:api', '--', '--on=pglite'] },
    ...(process.env.TEST_DATABASE_URL
      ? [{ label: 'api-postgres', args: ['run', 'test:api', '--', '--on=postgres'] }]
      : []),
  ],
  [
    { label: 'unit', args: ['run', 'test:unit'] },
    { label: 'e2e', args: ['run', 'test:e2e'] },
  ],
];

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
