import { describe, expect, it } from 'vitest';
import { detectImageKind, photoUrlField, replacePhotoField, UPLOAD_MESSAGES } from './uploads';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);

describe('detectImageKind', () => {
  it('knows PNG and JPEG by their first bytes', () => {
    expect(detectImageKind(png)).toBe('png');
    expect(detectImageKind(jpeg)).toBe('jpg');
  });

  it('refuses anything else, however short or close', () => {
    const encode = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
    expect(detectImageKind(encode('<html><script>alert(1)</script></html>'))).toBeUndefined();
    expect(detectImageKind(encode('GIF89a'))).toBeUndefined();
    expect(detectImageKind(new Uint8Array())).toBeUndefined();
    expect(detectImageKind(png.slice(0, 7))).toBeUndefined();
    expect(detectImageKind(Uint8Array.from([0xff, 0xd8]))).toBeUndefined();
  });
});

describe('photoUrlField', () => {
  it('keeps our own upload paths and drops empty values', () => {
    expect(photoUrlField.parse('/uploads/AbCdEf12_-xyz.png')).toBe('/uploads/AbCdEf12_-xyz.png');
    expect(photoUrlField.parse('/uploads/AbCdEf12345.jpg')).toBe('/uploads/AbCdEf12345.jpg');
    expect(photoUrlField.parse('')).toBeUndefined();
    expect(photoUrlField.parse(null)).toBeUndefined();
    expect(photoUrlField.parse(undefined)).toBeUndefined();
  });

  it('keeps the reference of a signed link an answer carried', () => {
    const signed = `/uploads/AbCdEf12345.jpg?expires=1795460400&signature=${'a'.repeat(43)}`;
    expect(photoUrlField.parse(signed)).toBe('/uploads/AbCdEf12345.jpg');
    expect(replacePhotoField.parse(signed)).toBe('/uploads/AbCdEf12345.jpg');
  });

  it('a replacement may be null or empty: no photo', () => {
    expect(replacePhotoField.parse(null)).toBeNull();
    expect(replacePhotoField.parse('')).toBeNull();
    expect(replacePhotoField.safeParse(undefined).success).toBe(false);
  });

  it('refuses other sites, script URLs and paths outside /uploads', () => {
    for (const bad of [
      'https://evil.example/a.png',
      'javascript:alert(1)',
      '/uploads/../jwt-secret.png',
      '/uploads/abcdefgh.svg',
      '/api/uploads/abcdefgh.png',
      '/uploads/abcdefgh.png?next=https://evil.example',
      '/uploads/abcdefgh.png?expires=1&signature=a b',
    ]) {
      const result = photoUrlField.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UPLOAD_MESSAGES.photoUrl);
    }
  });
});
