import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A comment states the rule it relies on, or points to a file in this repository: the planning
 * documents and issues it once cited are not here for the next reader.
 */
const CITATION =
  /DESIGN\.md|DESIGN §|STYLE\.md|KENYA\.md|product-spec|\bspec §|\bthe spec\b|§\s?\d|\bissues? \d+/i;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_DIRS = ['apps/api/src', 'apps/web/src', 'packages/shared/src', 'e2e', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const THIS_FILE = 'apps/api/src/no-outside-citations.test.ts';

/** Files still being rewritten elsewhere; each goes from this list when its rewrite lands. */
const NOT_YET_REWRITTEN = new Set<string>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(relative);
    return SOURCE_FILE.test(entry.name) ? [relative] : [];
  });
}

function citationsIn(file: string) {
  return readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
}

describe('comments cite only what is in the repository', () => {
  const files = SOURCE_DIRS.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);

  it('finds no citation of the planning documents or of issue numbers', () => {
    const found = files.filter((file) => !NOT_YET_REWRITTEN.has(file)).flatMap(citationsIn);
    expect(found).toEqual([]);
  });

  it('lists as not yet rewritten only files that still cite something', () => {
    const clean = [...NOT_YET_REWRITTEN].filter((file) => citationsIn(file).length === 0);
    expect(clean).toEqual([]);
  });

  it('catches a citation', () => {
    expect(CITATION.test('// Spec §4: the toast replaces the last one.')).toBe(true);
    expect(CITATION.test('/** As issue 34 asks. */')).toBe(true);
    expect(CITATION.test('// The e2e specs read this file.')).toBe(false);
  });
});
