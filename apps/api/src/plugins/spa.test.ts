import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const INDEX = '<!doctype html><title>Shule</title>';
const SCRIPT = `console.log(${JSON.stringify('a hashed chunk '.repeat(200))})`;

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'shule-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    // As the build writes them: each text file with its .br and .gz copies beside it.
    const write = (name: string, content: string) => {
      writeFileSync(path.join(dist, name), content);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
    };
    write('index.html', INDEX);
    write('assets/index-abc123.js', SCRIPT);
    t = await createTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('answers every client-side route with index.html, never cached', async () => {
    for (const url of ['/', '/students', '/exams/3?tab=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Shule</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("leaves a document's headers off a hashed asset, and keeps them on the page", async () => {
    const [asset, page] = await Promise.all([get('/assets/index-abc123.js'), get('/students')]);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ]) {
      expect(asset.headers, name).not.toHaveProperty(name);
      expect(page.headers, name).toHaveProperty(name);
    }
    for (const name of ['x-content-type-options', 'strict-transport-security', 'referrer-policy']) {
      expect(asset.headers, name).toHaveProperty(name);
    }
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends the Brotli copy of an asset to a browser that takes it, with the long cache', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser without Brotli, and the file itself to one without either', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html precompressed too, never cached, for every client-side route', async () => {
    for (const url of ['/', '/login', '/students/4']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it("answers a missing file (an old build's chunk) with 404, not the app", async () => {
    const res = await get('/assets/index-old999.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers any unknown path under /assets/ with 404, never the app page', async () => {
    for (const url of [
      '/assets/',
      '/assets/x',
      '/assets/a/b/c',
      '/assets/x?y=1',
      '/assets/..%2f',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.body, url).not.toContain('<title>Shule</title>');
    }
  });

  it('puts the frame headers on the page and on every other answer, asset files alone without', async () => {
    const answers = await Promise.all(
      [
        '/',
        '/students',
        '/assets/nothing-here',
        '/assets/index-old999.js',
        '/assets',
        '/api/no-such-thing',
        '/api/students',
        '/uploads/nothing.png',
      ].map(async (url) => [url, await get(url)] as const),
    );
    for (const [url, res] of answers) {
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const asset = await get('/assets/index-abc123.js', 'br');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers).not.toHaveProperty('x-frame-options');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const res = await get('/api/no-such-thing/');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('No route');
  });
});
