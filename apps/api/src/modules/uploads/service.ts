import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
 * other URL or a file that is gone, so a printout goes without the picture rather than failing.
 */
export async function readUploadedImage(
  dataDir: string,
  url: string | null,
): Promise<Buffer | null> {
  if (!url || !UPLOADED_PHOTO_PATTERN.test(url)) return null;
  try {
    return await readFile(path.join(uploadsDir(dataDir), path.basename(url)));
  } catch {
    return null;
  }
}
