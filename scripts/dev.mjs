#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` (restarts when its code or packages/shared changes)
// and the Vite dev server, side by side. Vite proxies /api and /uploads to the API.
// API_PORT (default 3000) is the API's port; Vite prints its own address.
// When either stops, the other is stopped too and this exits with the first one's code.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3000';

/** The file a package's bin points at, resolved from the workspace that depends on it. */
function binOf(workspace, pkg, bin = pkg) {
  const require = createRequire(path.join(root, workspace, 'package.json'));
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = require(manifestPath);
  const target = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin];
  return path.join(path.dirname(manifestPath), target);
}

// Each child runs in a process group of its own, so that a Ctrl+C reaches only this script,
// which then stops each child exactly once (a second signal makes tsx watch kill the API hard).
const children = [
  {
    name: 'api',
    args: [binOf('apps/api', 'tsx'), 'watch', 'apps/api/src/server.ts'],
    cwd: root,
    env: { ...process.env, PORT: apiPort },
  },
  {
    name: 'web',
    args: [binOf('apps/web', 'vite')],
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, API_PORT: apiPort },
  },
].map(({ name, args, cwd, env }) => {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      exitCode = code ?? 1;
      console.error(`[dev] ${name} stopped (${signal ?? `code ${code}`}); stopping the rest.`);
      stopAll('SIGTERM');
    }
    if (children.every((c) => !running(c))) process.exit(exitCode);
  });
  return child;
});

let stopping = false;
let exitCode = 0;
const running = (child) => child.exitCode === null && child.signalCode === null;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (running(child)) child.kill(signal);
}

process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGHUP', () => stopAll('SIGTERM'));
// Should this script die of an error, it takes its children with it.
process.on('exit', () => {
  for (const child of children) if (running(child)) child.kill('SIGTERM');
});
