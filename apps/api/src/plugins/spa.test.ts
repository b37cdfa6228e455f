import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'shule-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shule</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

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

  it("answers a missing file (an old build's chunk) with 404, not the app", async () => {
    const res = await get('/assets/index-old999.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const res = await get('/api/no-such-thing/');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('No route');
  });
});
