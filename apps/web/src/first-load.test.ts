import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect, it } from 'vitest';

// Every page's first load is the first script (boot.ts), the app (main.tsx, fetched from the
// start, see vite.config.ts) and what they import without `import()`: the landing page
// and /login must stay light on a phone, so the heavy libraries the signed-in screens
// use may only come in through a lazy route. One stray constant from a module that also builds a
// zod schema once put all of zod (24 KB compressed) on every page.
const webSrc = import.meta.dirname;
const sharedSrc = resolve(webSrc, '../../../packages/shared/src');
const NOT_ON_FIRST_LOAD = ['zod', '@tanstack/react-query', 'recharts', 'react-day-picker'];

/** Value imports and re-exports of a module; `import type` and `import()` are left out. */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) if (match[1]) specifiers.push(match[1]);
  return specifiers;
}

function resolveFile(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@shule/shared/'))
    base = join(sharedSrc, specifier.slice('@shule/shared/'.length));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return (
    candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null
  );
}

function firstLoad(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.endsWith('.css')) continue;
      const next = resolveFile(file, specifier);
      if (next) queue.push(next);
      else if (!specifier.startsWith('.')) packages.add(specifier);
    }
  }
  return { files, packages };
}

it('the first load of every page carries no zod, query client, charts or calendar', () => {
  for (const entry of ['boot.ts', 'main.tsx']) {
    const { packages } = firstLoad(join(webSrc, entry));
    expect([...packages].filter((name) => NOT_ON_FIRST_LOAD.includes(name))).toEqual([]);
  }
  const { files, packages } = firstLoad(join(webSrc, 'main.tsx'));
  expect(files.size).toBeGreaterThan(5);
  expect(packages).toContain('react-router');
});

it('the first script carries no library: it runs as soon as it arrives, not after React', () => {
  const { files, packages } = firstLoad(join(webSrc, 'boot.ts'));
  expect(files).toContain(join(webSrc, 'app/screens.ts'));
  expect([...packages].filter((name) => !name.startsWith('@shule/shared'))).toEqual([]);
});

it("the dashboard's code carries no zod or date-fns: it reads and shows, and every signed-in person opens it first", () => {
  const { packages } = firstLoad(join(webSrc, 'features/dashboard/dashboard-page.tsx'));
  expect(packages).toContain('@tanstack/react-query');
  expect(packages).not.toContain('zod');
  expect(packages).not.toContain('date-fns');
});

it('the walk sees a package a first-load module imports', () => {
  expect(staticImports("import { z } from 'zod';\nimport type { A } from 'x';")).toEqual(['zod']);
  expect(staticImports("export { a } from './a';\nconst b = import('./b');")).toEqual(['./a']);
});
