import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const decisionsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/decisions',
);
const records = readdirSync(decisionsDir).filter((name) => /^\d{3}-.*\.md$/.test(name));
const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');

describe('decision records', () => {
  it.each(records)('%s has a title, a date and a status, and the index lists it', (name) => {
    const [title, blank, header] = readFileSync(path.join(decisionsDir, name), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)} — \\S`));
    expect(blank).toBe('');
    expect(header).toMatch(
      /^\*\*Date:\*\* \d{4}-\d{2}-\d{2} · \*\*Status:\*\* (Accepted|Superseded by \[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\)|Amended by \[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\))$/,
    );
    expect(index).toContain(`](${name})`);
  });
});
