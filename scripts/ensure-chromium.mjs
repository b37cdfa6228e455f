#!/usr/bin/env node
// The e2e tests drive Debian's Chromium (/usr/bin/chromium). Exits 0 when it is there, installs
// it when we may (root with apt-get), and otherwise says in one line how to get it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (isRoot && hasAptGet) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get…`);
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'],
    { stdio: 'inherit' },
  );
  if (install.status === 0 && existsSync(CHROMIUM)) process.exit(0);
  console.error(`Installing chromium failed; install it by hand: apt-get install -y chromium`);
  process.exit(1);
}

console.error(
  `The e2e tests need Chromium at ${CHROMIUM}: install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu).`,
);
process.exit(1);
