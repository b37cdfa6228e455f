#!/usr/bin/env node
// `npm start`: builds the web app if it is not built yet, then runs the API server, which serves
// the web app and /api on http://localhost:3000 (PORT, DATA_DIR and DATABASE_URL as in the
// environment).
//
// The server runs in this very process, with tsx's loader registered, not in a child: Ctrl+C
// and `kill` reach it directly (no signal to forward, none delivered twice), and the process
// exits with the server's own code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex)) {
  console.log('The web app is not built yet: building it once (npm run build -w apps/web)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0 || !existsSync(webIndex)) {
    console.error('The web app did not build (see above); the server was not started.');
    process.exit(build.status || 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/api/src/server.ts')).href);
