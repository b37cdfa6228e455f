import path from 'node:path';
import {
  type ImageKind,
  type ImageSize,
  imageTooLargeMessage,
  isImageSizeAllowed,
  MAX_IMAGE_PIXELS,
  readImageSize,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
} from '@shule/shared/uploads';
import sharp from 'sharp';
import { invalid } from '../../errors';

/**
 * The longest side of an upload's thumbnail: what PDFs embed (a crest, a photo), never more.
 * A 60-point crest printed at 300 dpi needs 250 pixels.
 */
export const THUMBNAIL_SIDE = 400;

/**
 * Thumbnails live beside the uploads, under the same name as their upload (whatever their own
 * kind: pdfkit reads the bytes).
 */
export const thumbnailsDir = (dataDir: string) => path.join(dataDir, 'thumbnails');
export const thumbnailOf = (dataDir: string, name: string) =>
  path.join(thumbnailsDir(dataDir), name);

// libvips keeps no cache of decoded images between uploads: each is decoded once, at upload.
sharp.cache(false);

/**
 * The size an image's header states, 400 when it states none or more than Shule takes
 * (`MAX_IMAGE_SIDE`, `MAX_IMAGE_PIXELS`). Nothing is decoded: a 12000 × 12000 PNG is refused
 * from its first 24 bytes.
 */
export function checkedImageSize(bytes: Uint8Array, kind: ImageKind): ImageSize {
  const size = readImageSize(bytes, kind);
  if (!size) throw invalid(UPLOAD_FIELD, UPLOAD_MESSAGES.unreadable);
  if (!isImageSizeAllowed(size)) throw invalid(UPLOAD_FIELD, imageTooLargeMessage(size));
  return size;
}

/**
 * The thumbnail of an image whose header was checked: at most `THUMBNAIL_SIDE` pixels a side,
 * turned upright by its EXIF orientation, with no metadata (a phone's location stays out): a
 * PNG when the image has transparency (a crest keeps it), else a JPEG (a photo stays light on a
 * page). libvips decodes it off the event loop, bounded again by `limitInputPixels`; 400 when
 * the bytes do not decode.
 */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const { hasAlpha } = await input.metadata();
    const image = input
      .rotate()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true });
    return await (hasAlpha
      ? image.png({ compressionLevel: 9 })
      : image.flatten({ background: '#ffffff' }).jpeg({ quality: 80 })
    ).toBuffer();
  } catch {
    throw invalid(UPLOAD_FIELD, UPLOAD_MESSAGES.unreadable);
  }
}
