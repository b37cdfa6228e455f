import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A form keeps its values, its pending state and its server errors in react-hook-form and saves
// through components/use-save-form.ts, so a failed save keeps what was typed and shows the
// server's field messages beside their inputs. A form that holds them in useState of its own
// grows its own, slightly different, answer to each of those.
const src = import.meta.dirname;

/** Forms that hold their own state on purpose, each with why. */
const EXCEPTIONS: Record<string, string> = {
  'features/exams/merit-list-choice.tsx':
    'Opens the merit list page with the choice in its address: it saves nothing, so it has no pending state or server error.',
};

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });

const forms = ['features', 'components', 'app'].flatMap((dir) =>
  sources(join(src, dir)).map((path) => ({
    file: relative(src, path),
    text: readFileSync(path, 'utf8'),
  })),
);

/** A <form> whose values live in the component's own state rather than react-hook-form. */
const keepsItsOwnState = (text: string) =>
  /<form\b/.test(text) && !/\buseSaveForm\(/.test(text) && !/\buseForm\b/.test(text);

describe('forms save through useSaveForm', () => {
  it('finds the forms it checks', () => {
    expect(forms.filter((f) => /\buseSaveForm\(/.test(f.text)).length).toBeGreaterThan(10);
  });

  it('has no form holding its own submit state, other than the exceptions', () => {
    const own = forms.filter((f) => keepsItsOwnState(f.text)).map((f) => f.file);
    expect(own.filter((file) => !(file in EXCEPTIONS))).toEqual([]);
  });

  it('lists as exceptions only forms that still hold their own state', () => {
    const own = new Set(forms.filter((f) => keepsItsOwnState(f.text)).map((f) => f.file));
    expect(Object.keys(EXCEPTIONS).filter((file) => !own.has(file))).toEqual([]);
  });

  it('tells a form with its own state from one on the form path', () => {
    const own = `const [name, setName] = useState('');\n<form onSubmit={submit}>`;
    const onThePath = `const { submit } = useSaveForm({ form });\n<form onSubmit={submit}>`;
    expect(keepsItsOwnState(own)).toBe(true);
    expect(keepsItsOwnState(onThePath)).toBe(false);
    expect(keepsItsOwnState('<Button onClick={save}>Save</Button>')).toBe(false);
  });
});
