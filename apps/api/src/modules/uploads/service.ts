import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { detectImageKind, UPLOAD_MESSAGES, type UploadResponse } from '@shule/shared/uploads';
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
