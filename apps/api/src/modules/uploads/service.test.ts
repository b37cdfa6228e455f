import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readUploadedImage, uploadsDir } from './service';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-uploads-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);

describe('readUploadedImage', () => {
  it('reads back an image we stored', async () => {
    mkdirSync(uploadsDir(dataDir), { recursive: true });
    writeFileSync(path.join(uploadsDir(dataDir), 'stored0001.png'), PNG);
    expect(await readUploadedImage(dataDir, '/uploads/stored0001.png')).toEqual(PNG);
    expect(
      await readUploadedImage(dataDir, '/uploads/stored0001.png', { maxBytes: 10 }),
    ).toBeNull();
  });

  it('answers null for no URL, a URL not ours, a path outside uploads or a file gone', async () => {
    expect(await readUploadedImage(dataDir, null)).toBeNull();
    expect(await readUploadedImage(dataDir, 'https://example.com/crest.png')).toBeNull();
    expect(await readUploadedImage(dataDir, '/uploads/../jwt-secret')).toBeNull();
    expect(await readUploadedImage(dataDir, '/uploads/abcdefghijkl.png')).toBeNull();
  });
});
