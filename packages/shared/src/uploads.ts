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
  crestUrl: 'Crest must be an image uploaded to Shule',
  malformed: 'The upload arrived incomplete or garbled. Please choose the image again.',
  notOurs: 'Choose a photo uploaded by your school',
  unsigned: 'Photos are shown only through the links Shule gives with them',
  forged: 'This photo link is not valid',
  expired: 'This photo link has expired. Reload the page to see the photo.',
  unreadable: 'This image could not be read. Please choose another JPEG or PNG.',
} as const;

/**
 * The largest image Shule takes: a side of 4000 pixels and 16 megapixels, read from the file's
 * header before anything decodes it (a 12000 × 12000 PNG fits in 560 kB but needs gigabytes).
 */
export const MAX_IMAGE_SIDE = 4000;
export const MAX_IMAGE_PIXELS = 16_000_000;

/** 400 for an image larger than the limits above: what it is and what is taken. */
export const imageTooLargeMessage = (size: ImageSize) =>
  `This image is ${size.width} × ${size.height} pixels. Shule takes images of at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels (16 megapixels): please choose a smaller one.`;

export interface ImageSize {
  width: number;
  height: number;
}

/** Whether an image of `size` is within the limits above. */
export const isImageSizeAllowed = ({ width, height }: ImageSize) =>
  width >= 1 &&
  height >= 1 &&
  width <= MAX_IMAGE_SIDE &&
  height <= MAX_IMAGE_SIDE &&
  width * height <= MAX_IMAGE_PIXELS;

/** PNG: the IHDR chunk comes first, its width and height big-endian at bytes 16 and 20. */
function pngSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ihdr = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (ihdr !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The JPEG start-of-frame markers (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC) carry the size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the segments up to the first start-of-frame (height, then width, big-endian). */
function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers with no length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image before any frame: no size.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = view.getUint16(at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/**
 * An image's width and height read from its header alone (nothing is decoded); undefined when
 * the header is not there or garbled.
 */
export function readImageSize(bytes: Uint8Array, kind: ImageKind): ImageSize | undefined {
  return kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
}

/** The limits' messages: a school's photo space, and a user's uploads an hour. */
export function uploadLimitMessages(limits: { quotaBytes: number; perUserPerHour: number }) {
  const megabytes = Math.floor(limits.quotaBytes / (1024 * 1024));
  return {
    quota: `Your school has used its ${megabytes} MB of photo space. Remove photos it no longer needs, or ask Shule to raise the limit.`,
    rate: (waitSeconds: number) =>
      `You have uploaded ${limits.perUserPerHour} photos in the last hour. Please try again in ${Math.ceil(waitSeconds / 60)} minute${waitSeconds > 60 ? 's' : ''}.`,
  };
}

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

/** A stored photo's reference: `/uploads/<random name>.png|jpg`. */
export const UPLOADED_PHOTO_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{8,64}\.(png|jpg)$/;
/** The name part of a reference, as the photo's URL path carries it. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9_-]{8,64}\.(png|jpg)$/;

/**
 * How answers carry a photo: its reference with an expiry and an HMAC signature the API gave
 * (docs/decisions/012). A form sends back what it was given; the reference alone is kept.
 */
const PHOTO_LINK_PATTERN =
  /^(\/uploads\/[A-Za-z0-9_-]{8,64}\.(?:png|jpg))(?:\?expires=\d{1,12}&signature=[A-Za-z0-9_-]{1,100})?$/;

/** The stored reference of a photo link (signed or not); undefined for anything else. */
export const photoRefOf = (link: string) => PHOTO_LINK_PATTERN.exec(link)?.[1];

const uploadLink = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || photoRefOf(v) !== undefined, message);
const photoLink = uploadLink(UPLOAD_MESSAGES.photoUrl);

/**
 * An optional profile photo: the `secure_url` that POST /api/uploads/ answered (or a photo link
 * an answer carried). Only our own uploads are kept, as their reference, so a stored photo can
 * never point at another site or a script URL.
 */
export const photoUrlField = photoLink.nullish().transform((v) => (v ? photoRefOf(v) : undefined));

/** A photo a change may replace or remove: a link as above, or null (or '') for no photo. */
const replaceableUpload = (link: ReturnType<typeof uploadLink>) =>
  link.nullable().transform((v) => (v ? (photoRefOf(v) ?? null) : null));
export const replacePhotoField = replaceableUpload(photoLink);

/** The school's crest, replaced or removed as a photo is. */
export const replaceCrestField = replaceableUpload(uploadLink(UPLOAD_MESSAGES.crestUrl));

/** 201 from POST /api/uploads/: the signed link of the photo, to preview and send with the form. */
export const uploadResponse = z.object({ secure_url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;
