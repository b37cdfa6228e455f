import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { tightenDataDir } from './private-files';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the data folder is the Shule account’s alone', () => {
  it('makes a new data folder 0700 and its signing secret 0600', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'shule-modes-')), 'a', 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('tightens what an earlier version left readable, and nothing that is not Shule’s', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-modes-'));
    const made = (relative: string, mode: number, content?: string) => {
      const target = path.join(dataDir, relative);
      if (content === undefined) mkdirSync(target, { recursive: true });
      else writeFileSync(target, content);
      chmodSync(target, mode);
      return target;
    };
    chmodSync(dataDir, 0o755);
    made('uploads', 0o755);
    const photo = made('uploads/abc.jpg', 0o644, 'jpeg');
    made('thumbnails', 0o777);
    const thumbnail = made('thumbnails/abc.jpg', 0o666, 'jpeg');
    made('pglite/base/1', 0o755);
    const table = made('pglite/base/1/1259', 0o644, 'rows');
    const secret = made('jwt-secret', 0o644, 'x'.repeat(48));
    const notOurs = made('notes.txt', 0o644, 'the admin’s own file');
    const elsewhere = path.join(mkdtempSync(path.join(tmpdir(), 'shule-other-')), 'x');
    writeFileSync(elsewhere, 'not in the data folder');
    chmodSync(elsewhere, 0o644);
    symlinkSync(elsewhere, path.join(dataDir, 'uploads', 'link.jpg'));

    expect(await tightenDataDir(dataDir)).toEqual({ changed: 10, refused: [] });
    for (const dir of [
      dataDir,
      'uploads',
      'thumbnails',
      'pglite',
      'pglite/base',
      'pglite/base/1',
    ]) {
      expect(modeOf(path.resolve(dataDir, dir)), dir).toBe(0o700);
    }
    for (const file of [photo, thumbnail, table, secret]) expect(modeOf(file), file).toBe(0o600);
    expect(modeOf(notOurs)).toBe(0o644);
    expect(modeOf(elsewhere)).toBe(0o644);
    // A second start has nothing left to change.
    expect(await tightenDataDir(dataDir)).toEqual({ changed: 0, refused: [] });
  });
});
