import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Modules may use each other only one way round: the graph of which module imports which, built
// from the source files of apps/api/src/modules/<module>/ (tests excluded: a test may set up
// another module's data), has no cycle. What two modules both need lives in a kit beside db/
// (kit/, pdf/) or is passed in as a function.
const modulesRoot = resolve(import.meta.dirname, 'modules');

/** Cycles allowed for now, each named as `a → b → a` with the reason it is still there. */
const knownCycles: string[] = [];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']*)'/g;

/** The module a relative import from `file` lands in, or undefined outside modules/<module>/. */
function moduleOf(file: string, specifier: string) {
  const target = relative(modulesRoot, resolve(dirname(file), specifier));
  const [first, ...rest] = target.split(sep);
  if (!first || first === '..' || rest.length === 0) return undefined;
  return first;
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(modulesRoot)) {
    const folder = join(modulesRoot, name);
    if (!statSync(folder).isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of sourceFiles(folder)) {
      for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
        const used = moduleOf(file, match[1]!);
        if (used && used !== name) uses.add(used);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** One cycle through each group of modules that reach each other, as `a → b → … → a`. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const settled = new Set<string>();
  for (const start of [...graph.keys()].sort()) {
    if (settled.has(start)) continue;
    const path = shortestPathBack(graph, start);
    if (!path) continue;
    found.push([...path, start].join(' → '));
    for (const name of path) settled.add(name);
  }
  return found;
}

/** The shortest path start → … → (a module that imports start), or undefined. */
function shortestPathBack(graph: Map<string, Set<string>>, start: string) {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const next of [...(graph.get(current) ?? [])].sort()) {
      if (next === start) {
        const path = [current];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return path;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

describe('modules import each other without a cycle', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['fees', new Set(['messages'])],
      ['messages', new Set(['results'])],
      ['results', new Set(['fees', 'teaching'])],
      ['teaching', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual(['fees → messages → results → fees']);
  });

  it('sees the imports between the real modules', () => {
    expect(moduleGraph().get('mpesa')).toContain('fees');
  });

  it('has no cycle between the modules of apps/api/src/modules', () => {
    expect(cycles(moduleGraph())).toEqual(knownCycles);
  });
});
