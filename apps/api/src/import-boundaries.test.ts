import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The front doors live in the repository's biome.json (overrides for apps/api/src/modules). This
// test lints probe files laid out like apps/api/src under a scratch copy of that config, so a rule
// that stops matching (a renamed folder, a changed pattern) fails here rather than going quiet.
const repoRoot = resolve(import.meta.dirname, '../../..');
const biome = join(repoRoot, 'node_modules/.bin/biome');

const probes: Record<string, string> = {
  'modules/fees/imports-internal.ts': "import { x } from '../messages/service';",
  'modules/fees/imports-nested-internal.ts': "import { x } from '../messages/gateways/types';",
  'modules/fees/imports-front-doors.ts': [
    "import { a } from '../messages/index';",
    "import { b } from './ledger';",
    "import { c } from '../../db/client';",
    "import { d } from '../../pdf/page';",
    "import { e } from '../../kit/callback-token';",
    "import { f } from '@shule/shared';",
    'export const all = [a, b, c, d, e, f];',
  ].join('\n'),
  'modules/messages/gateways/imports-internal.ts': "import { x } from '../../fees/ledger';",
  'modules/messages/gateways/imports-front-doors.ts': [
    "import { a } from '../service';",
    "import { b } from './types';",
    "import { c } from '../../fees/index';",
    "import { d } from '../../../config';",
    'export const all = [a, b, c, d];',
  ].join('\n'),
  'modules/imports-outside-modules.ts': "import { x } from '../test/app';",
};

let scratch = '';
let errorsByFile = new Map<string, string[]>();

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'shule-api-boundaries-'));
  copyFileSync(join(repoRoot, 'biome.json'), join(scratch, 'biome.json'));
  for (const [file, source] of Object.entries(probes)) {
    const path = join(scratch, 'apps/api/src', file);
    mkdirSync(dirname(path), { recursive: true });
    const body = source.includes('export') ? source : `${source}\n\nexport const y = x;`;
    writeFileSync(path, `${body}\n`);
  }
  let output: string;
  try {
    output = execFileSync(biome, ['lint', '--vcs-enabled=false', '--reporter=json', 'apps'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // biome exits 1 when it reports errors, which the violating probes are meant to cause.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as {
    diagnostics: { category: string; message: string; location: { path: string } }[];
  };
  errorsByFile = new Map();
  for (const diagnostic of report.diagnostics) {
    const file = diagnostic.location.path.replace('apps/api/src/', '');
    const list = errorsByFile.get(file) ?? [];
    list.push(`${diagnostic.category}: ${diagnostic.message}`);
    errorsByFile.set(file, list);
  }
}, 30_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('API module front doors (biome noRestrictedImports)', () => {
  it.each([
    'modules/fees/imports-internal.ts',
    'modules/fees/imports-nested-internal.ts',
    'modules/messages/gateways/imports-internal.ts',
  ])('%s: importing a file inside another module fails', (file) => {
    expect(errorsByFile.get(file)).toEqual([
      expect.stringMatching(
        /^lint\/style\/noRestrictedImports: A module is entered through its front door/,
      ),
    ]);
  });

  it.each([
    'modules/fees/imports-front-doors.ts',
    'modules/messages/gateways/imports-front-doors.ts',
    'modules/imports-outside-modules.ts',
  ])('%s: own files, front doors and the kits pass', (file) => {
    expect(errorsByFile.get(file)).toBeUndefined();
  });
});
