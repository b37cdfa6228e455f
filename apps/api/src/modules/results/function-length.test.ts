import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';
import { describe, expect, it } from 'vitest';

/** The most lines a function of the results module may span, its signature and body counted. */
const MAX_LINES = 80;

const FUNCTIONS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Each function, arrow or method of `files` over MAX_LINES, as "file:line name (n lines)". The
 * files are parsed by the TypeScript compiler as a program of their own, imports unresolved.
 */
function longFunctions(files: string[]): string[] {
  const project = mkdtempSync(path.join(tmpdir(), 'function-length-'));
  const config = path.join(project, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({ files, compilerOptions: { noResolve: true, noLib: true, types: [] } }),
  );
  const api = new API({ cwd: project });
  try {
    const program = api.updateSnapshot({ openProject: config }).getProjects()[0]!.program;
    return files.flatMap((file) => longIn(program.getSourceFile(file)!, path.basename(file)));
  } finally {
    api.close();
    rmSync(project, { recursive: true, force: true });
  }
}

function longIn(source: SourceFile, name: string): string[] {
  const found: string[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: Node): undefined => {
    if (FUNCTIONS.has(node.kind)) {
      const first = lineOf(node.getStart(source));
      const lines = lineOf(node.end) - first + 1;
      if (lines > MAX_LINES)
        found.push(`${name}:${first} ${nameOf(node, source)} (${lines} lines)`);
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return found;
}

function nameOf(node: Node, source: SourceFile): string {
  const named = (node as { name?: Node }).name ?? (node.parent as { name?: Node }).name;
  return named?.getText(source) ?? '(anonymous)';
}

describe('the results module', () => {
  it(`has no function over ${MAX_LINES} lines`, () => {
    const files = readdirSync(here)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.join(here, file));
    expect(files.length).toBeGreaterThan(5);
    expect(longFunctions(files)).toEqual([]);
  });

  it('catches a long function, arrow and method, and passes a short one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'function-length-sample-'));
    const body = Array.from({ length: MAX_LINES - 1 }, (_, i) => `  const a${i} = ${i};`);
    const sample = path.join(dir, 'sample.ts');
    writeFileSync(
      sample,
      [
        'function long() {',
        ...body,
        '}',
        'const arrow = () => {',
        ...body,
        '};',
        'class Sample {',
        '  method() {',
        ...body,
        '  }',
        '}',
        'function short() {',
        ...body.slice(1),
        '}',
      ].join('\n'),
    );
    try {
      expect(longFunctions([sample])).toEqual([
        'sample.ts:1 long (81 lines)',
        `sample.ts:${MAX_LINES + 2} arrow (81 lines)`,
        `sample.ts:${2 * MAX_LINES + 4} method (81 lines)`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
