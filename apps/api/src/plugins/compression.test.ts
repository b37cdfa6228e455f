import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { insertClass } from '../test/seed';

const { t, schools, call } = useTestApp('Compression School');
const [ours] = schools;

// Enough classes for the list to pass the 1 KB threshold.
beforeAll(async () => {
  for (let i = 1; i <= 40; i += 1) await insertClass(t.app, ours.schoolId, `Form ${i} East`);
});

const listClasses = (acceptEncoding?: string) =>
  call('GET', `/api/classes/?school=${ours.schoolId}`, {
    ...ours.auth,
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  });

describe('compressed API answers', () => {
  it('answers a JSON list in Brotli when the client takes it', async () => {
    const res = await listClasses('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const list = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(list.classes).toHaveLength(40);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(list).length / 3);
  });

  it('compresses a page-sized answer at Brotli quality 3, which is quicker than 4', async () => {
    const [compressed, plain] = [await listClasses('br'), await listClasses('identity')];
    const quality = (q: number) =>
      brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: q } });
    expect(compressed.rawPayload.equals(quality(3))).toBe(true);
    expect(compressed.rawPayload.equals(quality(4))).toBe(false);
  });

  it('answers gzip to a client that takes only gzip', async () => {
    const res = await listClasses('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).classes).toHaveLength(40);
  });

  it('answers plain JSON to a client that asks for no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await listClasses(acceptEncoding);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.json().classes).toHaveLength(40);
    }
  });

  it('leaves small answers alone: compressing them saves nothing', async () => {
    const res = await call('GET', `/api/classes/?school=${ours.schoolId}&count=true`, {
      ...ours.auth,
      'accept-encoding': 'br',
    });
    expect(res.json()).toEqual({ count: 40 });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
