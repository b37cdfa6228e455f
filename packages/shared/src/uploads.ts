import { z } from 'zod';

/** POST /api/uploads/ takes one multipart field of this name. */
export const UPLOAD_FIELD = 'file';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What a file input may offer (`accept`); the server checks the bytes, not these. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

export const UPLOAD_MESSAGES = {
  missing: 'Choose a JPEG or PNG image to upload',
  type: 'Only JPEG or PNG images are accepted',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller one.',
  photoUrl: 'Profile photo must be an image uploaded to Shule',
  malformed: 'The upload arrived incomplete or garbled. Please choose the image again.',
} as const;

export type ImageKind = 'png' | 'jpg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * The image kind by the file's first bytes, whatever its name or declared type says;
 * undefined for anything that is not a JPEG or PNG.
 */
export function detectImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpg';
  return undefined;
}

/** Where an uploaded file is served: `/uploads/<random name>.png|jpg`. */
export const UPLOADED_PHOTO_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{8,64}\.(png|jpg)$/;

/**
 * An optional profile photo: the `secure_url` that POST /api/uploads/ answered. Only our own
 * upload paths are kept, so a stored photo can never point at another site or a script URL.
 */
export const photoUrlField = z
  .string({ error: UPLOAD_MESSAGES.photoUrl })
  .trim()
  .refine((v) => v === '' || UPLOADED_PHOTO_PATTERN.test(v), UPLOAD_MESSAGES.photoUrl)
  .nullish()
  .transform((v) => (v ? v : undefined));

/** 201 from POST /api/uploads/ */
export const uploadResponse = z.object({ secure_url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;
