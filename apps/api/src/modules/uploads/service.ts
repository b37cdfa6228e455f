import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  detectImageKind,
  UPLOAD_MESSAGES,
  UPLOADED_PHOTO_PATTERN,
  type UploadResponse,
} from '@shule/shared/uploads';
import { DomainError } from '../../errors';

/** Uploaded files live in the data folder, beside the embedded database. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Keeps an image under a random name and answers where it is served. The kind is read from
 * the bytes, never from the client's file name or declared type, so nothing but a JPEG or PNG
 * (served as such, with nosniff) can be put on our origin.
 */
export async function storeImage(dataDir: string, bytes: Buffer): Promise<UploadResponse> {
  const kind = detectImageKind(bytes);
  if (!kind)
    throw new DomainError(UPLOAD_MESSAGES.type, 415, { errors: { file: [UPLOAD_MESSAGES.type] } });
  const name = `${randomBytes(18).toString('base64url')}.${kind}`;
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return { secure_url: `/uploads/${name}` };
}

/**
 * The bytes of an image we stored (a `/uploads/<name>` URL), for a PDF to embed; null for any
 * other URL, a file that is gone or one over `maxBytes`, so a printout goes without the picture
 * rather than failing.
 */
export async function readUploadedImage(
  dataDir: string,
  url: string | null,
  { maxBytes = Number.POSITIVE_INFINITY }: { maxBytes?: number } = {},
): Promise<Buffer | null> {
  if (!url || !UPLOADED_PHOTO_PATTERN.test(url)) return null;
  const file = path.join(uploadsDir(dataDir), path.basename(url));
  try {
    if ((await stat(file)).size > maxBytes) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}
