import { randomBytes } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  detectImageKind,
  type ImageKind,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  UPLOADED_PHOTO_PATTERN,
  uploadLimitMessages,
} from '@shule/shared/uploads';
import { and, eq, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { uploads } from '../../db/schema/index';
import { DomainError, invalid } from '../../errors';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../private-files';
import { checkedImageSize, makeThumbnail, thumbnailOf, thumbnailsDir } from './thumbnails';

/** Uploaded files live in the data folder, beside the embedded database. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The reference a student or user keeps for an upload: `/uploads/<name>`. */
const refOf = (name: string) => `/uploads/${name}`;
const nameOf = (ref: string) => ref.slice('/uploads/'.length);

export interface UploadLimits {
  /** The most bytes of uploads one school may keep. */
  quotaBytes: number;
  /** The most uploads one user may send in an hour. */
  perUserPerHour: number;
}

/** 429 with how long to wait, which the route sends as Retry-After. */
export class UploadRateLimited extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429, { errors: { [UPLOAD_FIELD]: [message] } });
  }
}

/**
 * Keeps an image for `who`'s school under a random name and answers its reference. The kind is
 * read from the bytes, never from the client's file name or declared type, so nothing but a
 * JPEG or PNG (served as such, with nosniff) can be put on our origin. Its size is read from
 * its header and refused past a few megapixels before anything decodes it; its thumbnail, the
 * only copy a PDF embeds, is made now, once. The school's quota (the image and its thumbnail)
 * and the user's hourly cap are checked and the row written in one transaction, under a lock of
 * the school's uploads; the files are written inside it, and removed if the row is not kept.
 */
export async function storeImage(
  db: Db,
  dataDir: string,
  who: { schoolId: number; userId: number },
  bytes: Buffer,
  limits: UploadLimits,
): Promise<string> {
  const kind = detectImageKind(bytes);
  if (!kind)
    throw new DomainError(UPLOAD_MESSAGES.type, 415, { errors: { file: [UPLOAD_MESSAGES.type] } });
  checkedImageSize(bytes, kind);
  const thumbnail = await makeThumbnail(bytes);
  const name = `${randomBytes(18).toString('base64url')}.${kind}`;
  const dir = uploadsDir(dataDir);
  const file = path.join(dir, name);
  const thumbnailFile = thumbnailOf(dataDir, name);
  await makePrivateDir(dir);
  await makePrivateDir(thumbnailsDir(dataDir));
  const sizeBytes = bytes.length + thumbnail.length;
  try {
    await db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'uploads', who.schoolId);
      await checkLimits(tx, who, sizeBytes, limits);
      await tx.insert(uploads).values({
        schoolId: who.schoolId,
        uploadedBy: who.userId,
        name,
        kind,
        sizeBytes,
      });
      await writeFile(file, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      await writeFile(thumbnailFile, thumbnail, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    });
  } catch (err) {
    await rm(file, { force: true });
    await rm(thumbnailFile, { force: true });
    throw err;
  }
  return refOf(name);
}

async function checkLimits(
  tx: Tx,
  who: { schoolId: number; userId: number },
  size: number,
  limits: UploadLimits,
) {
  const [usage] = await tx
    .select({
      schoolBytes: sql<number>`coalesce(sum(${uploads.sizeBytes}), 0)`.mapWith(Number),
      lastHour: sql<number>`count(*) filter (where ${uploads.uploadedBy} = ${who.userId}
        and ${uploads.createdAt} > now() - interval '1 hour')`.mapWith(Number),
      // When the oldest of the user's last hour's uploads leaves the hour.
      freeInSeconds: sql<number>`coalesce(extract(epoch from min(${uploads.createdAt})
        filter (where ${uploads.uploadedBy} = ${who.userId}
        and ${uploads.createdAt} > now() - interval '1 hour') + interval '1 hour' - now()), 0)`.mapWith(
        Number,
      ),
    })
    .from(uploads)
    .where(eq(uploads.schoolId, who.schoolId));
  const { schoolBytes = 0, lastHour = 0, freeInSeconds = 0 } = usage ?? {};
  const messages = uploadLimitMessages(limits);
  if (lastHour >= limits.perUserPerHour) {
    const wait = Math.max(1, Math.ceil(freeInSeconds));
    throw new UploadRateLimited(messages.rate(wait), wait);
  }
  if (schoolBytes + size > limits.quotaBytes) {
    throw new DomainError(messages.quota, 413, { errors: { [UPLOAD_FIELD]: [messages.quota] } });
  }
}

/**
 * 400 unless `ref` (a stored photo reference, or undefined/null for none) is an upload of
 * `schoolId`: a student or teacher takes only a photo their own school uploaded.
 */
export async function assertUploadOfSchool(
  db: Db | Tx,
  schoolId: number,
  ref: string | null | undefined,
  field = 'profile_photo',
) {
  if (ref === null || ref === undefined) return;
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.name, nameOf(ref)), eq(uploads.schoolId, schoolId)));
  if (!row) throw invalid(field, UPLOAD_MESSAGES.notOurs);
}

/**
 * Deletes an upload of `schoolId` (its row and its file) once nothing of the school uses it
 * any more: no student, no user, not the school's logo. Call it after the change that dropped
 * the reference has committed (a replaced photo, an erased student): the file cannot come back
 * with a rollback. Answers whether it was deleted; any other value of `ref` (null, a link that
 * is not an upload) deletes nothing.
 */
export async function deleteUpload(
  db: Db,
  dataDir: string,
  schoolId: number,
  ref: string | null | undefined,
): Promise<boolean> {
  if (!ref || !UPLOADED_PHOTO_PATTERN.test(ref)) return false;
  const deleted = await queryRows<{ name: string }>(
    db,
    sql`delete from uploads u
    where u.school_id = ${schoolId} and u.name = ${nameOf(ref)} and ${unused}
    returning u.name`,
  );
  if (deleted.length === 0) return false;
  await removeFiles(dataDir, nameOf(ref));
  return true;
}

/** An upload of the school no student, user or logo of the school uses (`u` is the upload). */
const unused = sql.raw(`
  not exists (select 1 from students s where s.school_id = u.school_id and s.profile_photo = '/uploads/' || u.name)
  and not exists (select 1 from users p where p.school_id = u.school_id and p.profile_photo = '/uploads/' || u.name)
  and not exists (select 1 from schools k where k.id = u.school_id and k.logo = '/uploads/' || u.name)`);

/**
 * Deletes uploads nothing uses a day after they were sent (a form closed without saving): their
 * rows, which count in the school's space, and their files. For the daily housekeeping; answers
 * how many went.
 */
export async function pruneUnusedUploads(db: Db, dataDir: string): Promise<number> {
  const gone = await queryRows<{ name: string }>(
    db,
    sql`delete from uploads u where u.created_at < now() - interval '24 hours' and ${unused}
    returning u.name`,
  );
  for (const { name } of gone) await removeFiles(dataDir, name);
  return gone.length;
}

/** An upload's file and its thumbnail. */
async function removeFiles(dataDir: string, name: string) {
  await rm(path.join(uploadsDir(dataDir), name), { force: true });
  await rm(thumbnailOf(dataDir, name), { force: true });
}

/**
 * Photos from before uploads were rows: every `/uploads/…` reference a student, a
 * user or a school's logo holds, not yet registered, becomes an upload of that school with the
 * file's size, so it is served, counted in the quota and deleted like any other. A reference
 * whose file is gone is left alone (it shows no photo, as before). Run at start (server.ts); once nothing is
 * left to register it is one query.
 */
export async function registerEarlierPhotos(db: Db, dataDir: string) {
  const rows = await queryRows<{ ref: string; school_id: number }>(
    db,
    sql`
    select distinct on (ref) ref, school_id from (
      select profile_photo as ref, school_id, 1 as rank from students where profile_photo like '/uploads/%'
      union all
      select profile_photo, school_id, 2 from users where profile_photo like '/uploads/%' and school_id is not null
      union all
      select logo, id, 3 from schools where logo like '/uploads/%'
    ) r
    where not exists (select 1 from uploads u where '/uploads/' || u.name = r.ref)
    order by ref, rank`,
  );
  let registered = 0;
  for (const { ref, school_id } of rows) {
    if (!UPLOADED_PHOTO_PATTERN.test(ref)) continue;
    const size = await stat(path.join(uploadsDir(dataDir), nameOf(ref))).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) continue;
    const kind: ImageKind = ref.endsWith('.png') ? 'png' : 'jpg';
    await db
      .insert(uploads)
      .values({ schoolId: school_id, uploadedBy: null, name: nameOf(ref), kind, sizeBytes: size })
      .onConflictDoNothing({ target: uploads.name });
    registered += 1;
  }
  return registered;
}

/**
 * A crest is an upload of its own school: a logo that was typed at registration (a
 * link elsewhere, any text) or that names another school's upload is dropped, and the school
 * prints without one until its admin uploads its crest. Run at start, after
 * `registerEarlierPhotos`; answers how many were dropped.
 */
export async function dropForeignCrests(db: Db): Promise<number> {
  const dropped = await queryRows<{ id: number }>(
    db,
    sql`update schools k set logo = null
    where k.logo is not null
      and not exists (select 1 from uploads u where u.school_id = k.id and '/uploads/' || u.name = k.logo)
    returning k.id`,
  );
  return dropped.length;
}

/**
 * The thumbnail of an image we stored (a `/uploads/<name>` reference), for a PDF to embed: at
 * most `THUMBNAIL_SIDE` pixels a side, made at upload, so a printout never decodes a large
 * image. Null for any other value, when there is none or it is over `maxBytes` (the printout
 * goes without it).
 */
export async function readThumbnail(
  dataDir: string,
  ref: string | null,
  { maxBytes = Number.POSITIVE_INFINITY }: { maxBytes?: number } = {},
): Promise<Buffer | null> {
  if (!ref || !UPLOADED_PHOTO_PATTERN.test(ref)) return null;
  const bytes = await readFile(thumbnailOf(dataDir, nameOf(ref))).catch(() => null);
  return bytes && bytes.length <= maxBytes ? bytes : null;
}

/**
 * Makes the thumbnails uploads from before thumbnails lack (at start, never in a request): an
 * image its header says is over the limits, or that does not decode, gets none and is printed
 * without. Answers how many were made.
 */
export async function makeMissingThumbnails(db: Db, dataDir: string): Promise<number> {
  const rows = await db.select({ name: uploads.name, kind: uploads.kind }).from(uploads);
  await makePrivateDir(thumbnailsDir(dataDir));
  let made = 0;
  for (const { name, kind } of rows) {
    const target = thumbnailOf(dataDir, name);
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      continue;
    const bytes = await readFile(path.join(uploadsDir(dataDir), name)).catch(() => null);
    if (!bytes) continue;
    try {
      checkedImageSize(bytes, kind as ImageKind);
      await writeFile(target, await makeThumbnail(bytes), {
        flag: 'wx',
        mode: PRIVATE_FILE_MODE,
      });
      made += 1;
    } catch {
      // Too large or unreadable: printed without it, as a missing file is.
    }
  }
  return made;
}
