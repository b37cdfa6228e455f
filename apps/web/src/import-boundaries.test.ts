import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The boundaries live in the repository's biome.json (overrides per folder). This test lints
// probe files laid out like apps/web/src under a scratch copy of that config, so a rule that
// stops matching (a renamed folder, a changed pattern) fails here rather than going quiet.
const repoRoot = resolve(import.meta.dirname, '../../..');
const biome = join(repoRoot, 'node_modules/.bin/biome');

const probes: Record<string, string> = {
  'features/terms/imports-feature.ts': "import { x } from '../classes/create-class';",
  'features/terms/imports-feature-folder.ts': "import { x } from '../classes';",
  'features/terms/imports-feature-from-root.ts':
    "import { x } from '../../features/classes/create-class';",
  'features/terms/imports-app.ts': "import { x } from '../../app/router';",
  'features/terms/imports-shared.ts': [
    "import { a } from '../../components/ui/button';",
    "import { b } from '../../components/delete-toasts';",
    "import { c } from '../../lib/queries/classes';",
    "import { d } from './create-term';",
    "import { e } from '@shule/shared';",
    "import { f } from '../../components/setup-wizard/step-footer';",
    'export const all = [a, b, c, d, e, f];',
  ].join('\n'),
  'components/ui/imports-feature.ts': "import { x } from '../../features/classes/create-class';",
  'components/imports-app.ts': "import { x } from '../app/router';",
  'lib/queries/imports-feature.ts': "import { x } from '../../features/terms/get-terms';",
  'lib/imports-app.ts': "import { x } from '../app/nav-items';",
  'lib/imports-shared.ts': "import { cn } from './cn';\nexport const all = [cn];",
  'app/imports-feature.ts': "import { x } from '../features/classes/create-class';",
};

let scratch = '';
let errorsByFile = new Map<string, string[]>();

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'shule-boundaries-'));
  copyFileSync(join(repoRoot, 'biome.json'), join(scratch, 'biome.json'));
  for (const [file, source] of Object.entries(probes)) {
    const path = join(scratch, 'apps/web/src', file);
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
    const file = diagnostic.location.path.replace('apps/web/src/', '');
    const list = errorsByFile.get(file) ?? [];
    list.push(`${diagnostic.category}: ${diagnostic.message}`);
    errorsByFile.set(file, list);
  }
}, 30_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('import boundaries (biome noRestrictedImports)', () => {
  it.each([
    'features/terms/imports-feature.ts',
    'features/terms/imports-feature-folder.ts',
    'features/terms/imports-feature-from-root.ts',
  ])('%s: a feature importing another feature fails', (file) => {
    expect(errorsByFile.get(file)).toEqual([
      expect.stringMatching(/^lint\/style\/noRestrictedImports: A feature does not import/),
    ]);
  });

  it('a feature importing app/ fails', () => {
    expect(errorsByFile.get('features/terms/imports-app.ts')).toEqual([
      expect.stringMatching(/^lint\/style\/noRestrictedImports: A feature does not import app/),
    ]);
  });

  it.each([
    'components/ui/imports-feature.ts',
    'components/imports-app.ts',
    'lib/queries/imports-feature.ts',
    'lib/imports-app.ts',
  ])('%s: shared code importing features/ or app/ fails', (file) => {
    expect(errorsByFile.get(file)).toEqual([
      expect.stringMatching(/^lint\/style\/noRestrictedImports: components\/ and lib\//),
    ]);
  });

  it.each(['features/terms/imports-shared.ts', 'lib/imports-shared.ts', 'app/imports-feature.ts'])(
    '%s: imports that follow the flow pass',
    (file) => {
      expect(errorsByFile.get(file)).toBeUndefined();
    },
  );
});
