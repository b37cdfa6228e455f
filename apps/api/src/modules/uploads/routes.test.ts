import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UPLOAD_MESSAGES, UPLOADED_PHOTO_PATTERN } from '@shule/shared/uploads';
import { describe, expect, it } from 'vitest';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { addTeacherFixture } from '../../test/fixtures';
import { uploadsDir } from './service';

const { t, schools } = useTestApp('Upload School');
const [ours] = schools;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  randomBytes(64),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);

/** A multipart/form-data body with one file part. */
function multipart(parts: { field: string; filename?: string; type?: string; content: Buffer }[]) {
  const boundary = `----shule${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${
        p.filename ? `; filename="${p.filename}"` : ''
      }\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
    ),
    p.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  who: SignedInSchool | null,
  content: Buffer,
  filename = 'photo.png',
  type = 'image/png',
  field = 'file',
) => {
  const body = multipart([{ field, filename, type, content }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...body.headers, ...(who?.auth ?? {}) },
    payload: body.payload,
  });
};

const storedFiles = () => readdirSync(uploadsDir(t.config.dataDir));

describe('POST /api/uploads/', () => {
  it('keeps a PNG (201) and serves it back as image/png with nosniff', async () => {
    const res = await upload(ours, PNG);
    expect(res.statusCode).toBe(201);
    const { secure_url } = res.json();
    expect(secure_url).toMatch(UPLOADED_PHOTO_PATTERN);
    expect(secure_url).toMatch(/\.png$/);
    expect(existsSync(path.join(uploadsDir(t.config.dataDir), path.basename(secure_url)))).toBe(
      true,
    );

    const served = await t.app.inject({ method: 'GET', url: secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps a JPEG by its bytes, whatever its name says, and serves image/jpeg', async () => {
    const res = await upload(ours, JPEG, 'holiday.PNG', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const { secure_url } = res.json();
    expect(secure_url).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: secure_url });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('serves photos byte for byte to a client that accepts Brotli: they are not recompressed', async () => {
    // Above the 1 KB compression threshold, and compressible (zeros), so only the type decides.
    const photo = Buffer.concat([JPEG, Buffer.alloc(8 * 1024)]);
    const { secure_url } = (await upload(ours, photo, 'big.jpg', 'image/jpeg')).json();
    const served = await t.app.inject({
      method: 'GET',
      url: secure_url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(served.rawPayload.equals(photo)).toBe(true);
  });

  it('refuses HTML named .png and declared image/png (415), storing nothing', async () => {
    const before = storedFiles().length;
    const res = await upload(ours, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: UPLOAD_MESSAGES.type,
      errors: { file: [UPLOAD_MESSAGES.type] },
    });
    expect(res.json().message).toBe('Only JPEG or PNG images are accepted');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses other files (GIF, PDF, text, empty) with 415', async () => {
    for (const content of [
      Buffer.from('GIF89a......'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('just text'),
      Buffer.alloc(0),
    ]) {
      expect((await upload(ours, content, 'x.jpg', 'image/jpeg')).statusCode).toBe(415);
    }
  });

  it('refuses a 6 MB image (413) with a clear message, storing nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(ours, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(storedFiles().length).toBe(before);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await upload(ours, exact)).statusCode).toBe(201);
  });

  it('400 without a file: not multipart, another field name, or no file part', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: ours.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ file: [UPLOAD_MESSAGES.missing] });
    expect((await upload(ours, PNG, 'a.png', 'image/png', 'photo')).statusCode).toBe(400);
    const fieldOnly = multipart([{ field: 'note', content: Buffer.from('hello') }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...fieldOnly.headers, ...ours.auth },
      payload: fieldOnly.payload,
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('400 for a multipart body cut short or never closed, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz', ...ours.auth },
      payload: 'not multipart at all',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: [UPLOAD_MESSAGES.malformed] });
  });

  it('401 without a token', async () => {
    await expectStatus(upload(null, PNG), 401);
  });

  it('the URL it answers is what the photo fields accept', async () => {
    const { secure_url } = (await upload(ours, PNG)).json();
    const { teacher } = await addTeacherFixture(t.app, ours, { profile_photo: secure_url });
    expect(teacher.user.profile_photo).toBe(secure_url);
  });
});

describe('GET /uploads/<name>', () => {
  it('404 for unknown files, and nothing outside the uploads folder is served', async () => {
    await expectStatus(t.app.inject({ method: 'GET', url: '/uploads/nope.png' }), 404);
    const secret = 'secret-beside-the-uploads-folder';
    writeFileSync(path.join(t.config.dataDir, 'private.txt'), secret);
    for (const url of [
      '/uploads/../private.txt',
      '/uploads/%2e%2e/private.txt',
      '/uploads/..%2fprivate.txt',
      '/uploads/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain(secret);
    }
  });
});
