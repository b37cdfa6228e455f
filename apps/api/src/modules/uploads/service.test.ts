import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readThumbnail, uploadsDir } from './service';
import { thumbnailsDir } from './thumbnails';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-uploads-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);

describe('readThumbnail', () => {
  it("reads back an upload's thumbnail, never the upload itself", async () => {
    mkdirSync(uploadsDir(dataDir), { recursive: true });
    mkdirSync(thumbnailsDir(dataDir), { recursive: true });
    writeFileSync(path.join(thumbnailsDir(dataDir), 'stored0001.png'), PNG);
    writeFileSync(path.join(uploadsDir(dataDir), 'nothumb01.png'), PNG);
    expect(await readThumbnail(dataDir, '/uploads/stored0001.png')).toEqual(PNG);
    expect(await readThumbnail(dataDir, '/uploads/stored0001.png', { maxBytes: 10 })).toBeNull();
    expect(await readThumbnail(dataDir, '/uploads/nothumb01.png')).toBeNull();
  });

  it('answers null for no URL, a URL not ours, a path outside uploads or a file gone', async () => {
    expect(await readThumbnail(dataDir, null)).toBeNull();
    expect(await readThumbnail(dataDir, 'https://example.com/crest.png')).toBeNull();
    expect(await readThumbnail(dataDir, '/uploads/../jwt-secret')).toBeNull();
    expect(await readThumbnail(dataDir, '/uploads/abcdefghijkl.png')).toBeNull();
  });
});
