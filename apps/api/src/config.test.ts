import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shule-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const secretFile = (dir: string) => path.join(dir, 'jwt-secret');

describe('the generated signing secret', () => {
  it('is made once, readable by its owner only, and kept across starts', () => {
    const dir = freshDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile(dir), 'utf8')).toBe(first);
    expect(statSync(secretFile(dir)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    // Nothing but the secret is left in the folder.
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
  });

  // A first start killed between creating the file and writing it left it empty, and an empty
  // key fails every sign-in from then on.
  it.each([[''], ['\n'], ['cut-short']])('replaces a file holding %j', (content) => {
    const dir = freshDir();
    writeFileSync(secretFile(dir), content);
    const secret = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile(dir), 'utf8')).toBe(secret);
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
  });

  it('is not made when JWT_SECRET is set', () => {
    const dir = freshDir();
    const secret = 'x'.repeat(32);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(readdirSync(dir)).toEqual([]);
  });
});
