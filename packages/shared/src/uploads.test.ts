import { describe, expect, it } from 'vitest';
import {
  detectImageKind,
  isImageSizeAllowed,
  MAX_IMAGE_PIXELS,
  photoUrlField,
  readImageSize,
  replacePhotoField,
  UPLOAD_MESSAGES,
} from './uploads';

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

describe('readImageSize: from the header alone', () => {
  const pngOf = (width: number, height: number) => {
    const bytes = new Uint8Array(33);
    bytes.set([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    const view = new DataView(bytes.buffer);
    view.setUint32(16, width);
    view.setUint32(20, height);
    return bytes;
  };
  /** SOI, an APP0 segment, a DQT-like segment, then SOF2 (progressive) with the size. */
  const jpegOf = (width: number, height: number) =>
    Uint8Array.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      4,
      0x4a,
      0x46,
      0xff,
      0xdb,
      0,
      3,
      0,
      0xff,
      0xff,
      0xc2,
      0,
      11,
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      1,
      1,
      0x11,
      0,
    ]);

  it('reads a PNG size from IHDR and a JPEG size from its frame marker, past other segments', () => {
    expect(readImageSize(pngOf(12000, 12000), 'png')).toEqual({ width: 12000, height: 12000 });
    expect(readImageSize(jpegOf(640, 480), 'jpg')).toEqual({ width: 640, height: 480 });
  });

  it('answers undefined for a header cut short or garbled', () => {
    expect(readImageSize(pngOf(1, 1).slice(0, 20), 'png')).toBeUndefined();
    const noIhdr = pngOf(1, 1);
    noIhdr[12] = 0x41;
    expect(readImageSize(noIhdr, 'png')).toBeUndefined();
    expect(readImageSize(jpegOf(640, 480).slice(0, 18), 'jpg')).toBeUndefined();
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpg')).toBeUndefined();
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, 0x00, 0x00, 0, 2]), 'jpg')).toBeUndefined();
  });

  it('allows at most 4000 pixels a side and 16 megapixels', () => {
    expect(isImageSizeAllowed({ width: 4000, height: 4000 })).toBe(true);
    expect(isImageSizeAllowed({ width: 4001, height: 10 })).toBe(false);
    expect(isImageSizeAllowed({ width: 12000, height: 12000 })).toBe(false);
    expect(isImageSizeAllowed({ width: 0, height: 10 })).toBe(false);
    expect(MAX_IMAGE_PIXELS).toBe(16_000_000);
  });
});
