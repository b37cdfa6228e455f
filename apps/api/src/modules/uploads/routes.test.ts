import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { CONSENT_MESSAGES } from '@shule/shared/consents';
import { UPLOAD_MESSAGES, uploadLimitMessages } from '@shule/shared/uploads';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools as schoolRows, students, uploads, users } from '../../db/schema/index';
import {
  createTestApp,
  expectStatus,
  registerSchool,
  type SignedInSchool,
  type TestApp,
  useTestApp,
} from '../../test/app';
import {
  addTeacherFixture,
  admitFixture,
  createClassFixture,
  signedInTeacher,
  studentBody,
} from '../../test/fixtures';
import {
  deleteUpload,
  dropForeignCrests,
  makeMissingThumbnails,
  pruneUnusedUploads,
  registerEarlierPhotos,
  uploadsDir,
} from './service';
import { photoUrlSigner } from './signed-urls';
import { thumbnailsDir } from './thumbnails';

const { t, schools } = useTestApp('Upload School', 'Other Upload School');
const [ours, theirs] = schools;
let form1: number;
beforeAll(async () => {
  form1 = (await createClassFixture(t.app, ours, 'Form 1')).id;
});

/** Real images (they are decoded at upload, to make their thumbnails), of any size. */
const imageOf = (kind: 'png' | 'jpeg', width = 4, height = 4, alpha = false) => {
  const image = sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: { r: 40, g: 90, b: 160, alpha: 0.5 },
    },
  });
  return (kind === 'png' ? image.png() : image.jpeg()).toBuffer();
};
const PNG = await imageOf('png');
const JPEG = await imageOf('jpeg');

/**
 * A real, valid PNG of `width` × `height` that is small on disk: one-bit grey, all zeros, so it
 * deflates to almost nothing (a 12000 × 12000 one is 18 kB) yet decoding it takes the full size.
 */
function hugePng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

const uploadTo = (
  app: TestApp['app'],
  who: SignedInSchool | null,
  content: Buffer,
  filename = 'photo.png',
  type = 'image/png',
  field = 'file',
) => {
  const body = multipart([{ field, filename, type, content }]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...body.headers, ...(who?.auth ?? {}) },
    payload: body.payload,
  });
};
const upload = (who: SignedInSchool | null, content: Buffer, filename?: string, type?: string) =>
  uploadTo(t.app, who, content, filename, type);

/** Uploads a fresh PNG as `who` and answers its signed link. */
async function uploadedPhoto(who: SignedInSchool) {
  const res = await expectStatus(upload(who, Buffer.concat([PNG, randomBytes(16)])), 201);
  return res.json().secure_url as string;
}

const SIGNED =
  /^\/uploads\/[A-Za-z0-9_-]{8,64}\.(png|jpg)\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;
const refOf = (link: string) => link.split('?')[0]!;
const nameOf = (link: string) => path.basename(refOf(link));
const fileOf = (link: string) => path.join(uploadsDir(t.config.dataDir), nameOf(link));
const storedFiles = () => readdirSync(uploadsDir(t.config.dataDir));
const get = (url: string) => t.app.inject({ method: 'GET', url });
const rowOf = async (link: string) =>
  (
    await t.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.name, nameOf(link)))
  )[0];

const admit = (who: SignedInSchool, payload: object, classId = form1) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/add_student/`,
    headers: who.auth,
    payload,
  });
const withPhotoConsent = (photo: string) =>
  studentBody({ profile_photo: photo, consents: { photos: 'granted' } });
const putPhoto = (who: SignedInSchool | null, studentId: number, profile_photo: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/students/${studentId}/photo/`,
    headers: who?.auth ?? {},
    payload: { profile_photo },
  });

describe('POST /api/uploads/', () => {
  it('keeps a PNG as a row of the school (201) and answers a signed link that serves it', async () => {
    const res = await upload(ours, PNG);
    expect(res.statusCode).toBe(201);
    const { secure_url } = res.json();
    expect(secure_url).toMatch(SIGNED);
    expect(existsSync(fileOf(secure_url))).toBe(true);
    // The thumbnail is made at upload, and counts in the school's space.
    const thumbnail = readFileSync(path.join(thumbnailsDir(t.config.dataDir), nameOf(secure_url)));
    // Only the account Shule runs as may read them.
    const modeOf = (file: string) => statSync(file).mode & 0o777;
    expect(modeOf(fileOf(secure_url))).toBe(0o600);
    expect(modeOf(path.join(thumbnailsDir(t.config.dataDir), nameOf(secure_url)))).toBe(0o600);
    expect(modeOf(uploadsDir(t.config.dataDir))).toBe(0o700);
    expect(modeOf(thumbnailsDir(t.config.dataDir))).toBe(0o700);
    expect(await rowOf(secure_url)).toMatchObject({
      schoolId: ours.schoolId,
      uploadedBy: ours.userId,
      kind: 'png',
      sizeBytes: PNG.length + thumbnail.length,
    });

    const served = await get(secure_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Private, and never cached past the link's own expiry (between one and two hours away).
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(served.headers['cache-control']))?.[1],
    );
    const expires = Number(new URL(secure_url, 'http://x').searchParams.get('expires'));
    expect(maxAge).toBeGreaterThanOrEqual(3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000) + 1);
    expect(maxAge).toBeLessThanOrEqual(7200);
  });

  it('keeps a JPEG by its bytes, whatever its name says, and serves image/jpeg', async () => {
    const res = await upload(ours, JPEG, 'holiday.PNG', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const { secure_url } = res.json();
    expect(refOf(secure_url)).toMatch(/\.jpg$/);
    expect((await rowOf(secure_url))?.kind).toBe('jpg');
    const served = await get(secure_url);
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

  it('refuses a 12000 × 12000 PNG fast, from its header, with a clear 400, storing nothing', async () => {
    const huge = hugePng(12000, 12000);
    expect(huge.length).toBeLessThan(64 * 1024);
    const before = storedFiles().length;
    const started = performance.now();
    const res = await upload(ours, huge);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    const message =
      'This image is 12000 × 12000 pixels. Shule takes images of at most 4000 × 4000 pixels (16 megapixels): please choose a smaller one.';
    expect(res.json()).toEqual({ message, errors: { file: [message] } });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses past 4000 pixels a side or 16 megapixels, a JPEG by its frame header too', async () => {
    expect((await upload(ours, hugePng(4001, 10))).statusCode).toBe(400);
    expect((await upload(ours, hugePng(10, 4001))).statusCode).toBe(400);
    // A JPEG whose frame says 12000 × 12000: the size bytes of a small one's SOF0 changed.
    const jpeg = Buffer.from(JPEG);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    jpeg.writeUInt16BE(12000, sof + 5);
    jpeg.writeUInt16BE(12000, sof + 7);
    const res = await upload(ours, jpeg, 'big.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^This image is 12000 × 12000 pixels\./);
    // 4000 × 4000 is taken, and its thumbnail is at most 400 pixels a side.
    const { secure_url } = (await expectStatus(upload(ours, hugePng(4000, 4000)), 201)).json();
    const thumbnail = await sharp(
      readFileSync(path.join(thumbnailsDir(t.config.dataDir), nameOf(secure_url))),
    ).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 400]);
  });

  it('a PNG with transparency keeps it in its thumbnail; a large photo is shrunk to a JPEG', async () => {
    const crest = await expectStatus(upload(ours, await imageOf('png', 900, 600, true)), 201);
    const crestThumb = await sharp(
      readFileSync(path.join(thumbnailsDir(t.config.dataDir), nameOf(crest.json().secure_url))),
    ).metadata();
    expect(crestThumb).toMatchObject({ format: 'png', width: 400, height: 267, hasAlpha: true });
    const photo = await expectStatus(
      upload(ours, await imageOf('jpeg', 1200, 1600), 'p.jpg', 'image/jpeg'),
      201,
    );
    const photoThumb = await sharp(
      readFileSync(path.join(thumbnailsDir(t.config.dataDir), nameOf(photo.json().secure_url))),
    ).metadata();
    expect(photoThumb).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
  });

  it('refuses a PNG or JPEG whose header is garbled or whose pixels do not decode (400)', async () => {
    const noHeader = Buffer.concat([PNG.subarray(0, 8), randomBytes(64)]);
    const garbled = Buffer.concat([PNG.subarray(0, 33), randomBytes(64)]);
    for (const bytes of [noHeader, garbled]) {
      const res = await upload(ours, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ file: [UPLOAD_MESSAGES.unreadable] });
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
    expect((await uploadTo(t.app, ours, PNG, 'a.png', 'image/png', 'photo')).statusCode).toBe(400);
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
});

describe('GET /uploads/<name>: only through a link the API signed', () => {
  it('the bare path answers 403, and so does a link whose signature or expiry was changed', async () => {
    const link = await uploadedPhoto(ours);
    await expectStatus(get(refOf(link)), 403, UPLOAD_MESSAGES.unsigned);
    await expectStatus(get(`${refOf(link)}?expires=9999999999`), 403, UPLOAD_MESSAGES.unsigned);
    const url = new URL(link, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = [
      `${refOf(link)}?expires=${expires}&signature=${flipped}`,
      `${refOf(link)}?expires=${expires + 3600}&signature=${signature}`,
      `${refOf(link)}?expires=${expires}&signature=${signature}%3D`,
      `${refOf(link)}?expires=abc&signature=${signature}`,
      `${refOf(link)}?expires=${expires}&signature=`,
    ];
    for (const bad of tampered) await expectStatus(get(bad), 403, UPLOAD_MESSAGES.forged);
    // A valid signature is for its own photo only.
    const other = await uploadedPhoto(ours);
    await expectStatus(get(`${refOf(other)}?expires=${expires}&signature=${signature}`), 403);
    await expectStatus(get(link), 200);
  });

  it('an expired link answers 403', async () => {
    const link = await uploadedPhoto(ours);
    const threeHoursAgo = photoUrlSigner(t.config.jwtSecret, {
      now: () => Date.now() - 3 * 60 * 60 * 1000,
    });
    const expired = threeHoursAgo.sign(refOf(link))!;
    expect(expired).not.toBe(link);
    await expectStatus(get(expired), 403, UPLOAD_MESSAGES.expired);
  });

  it('a link signed with another key is refused', async () => {
    const link = await uploadedPhoto(ours);
    const stranger = photoUrlSigner('another-secret-'.padEnd(48, 'y'));
    await expectStatus(get(stranger.sign(refOf(link))!), 403, UPLOAD_MESSAGES.forged);
  });

  it('404 for a signed link to a file that is not there, and nothing outside the folder is served', async () => {
    const signer = photoUrlSigner(t.config.jwtSecret);
    await expectStatus(get(signer.sign('/uploads/nothing-here.png')!), 404);
    await expectStatus(get('/uploads/nope'), 404);
    const secret = 'secret-beside-the-uploads-folder';
    writeFileSync(path.join(t.config.dataDir, 'private.txt'), secret);
    for (const url of [
      '/uploads/../private.txt',
      '/uploads/%2e%2e/private.txt',
      '/uploads/..%2fprivate.txt',
      '/uploads/',
      '/uploads/jwt-secret',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain(secret);
    }
  });
});

describe('photos of students and teachers', () => {
  it('answers carry signed links: admission, list, export, detail, teachers', async () => {
    const link = await uploadedPhoto(ours);
    const admitted = await expectStatus(admit(ours, withPhotoConsent(link)), 201);
    const student = admitted.json().student;
    expect(student.profile_photo).toMatch(SIGNED);
    expect(refOf(student.profile_photo)).toBe(refOf(link));
    const [stored] = await t.app.db
      .select({ photo: students.profilePhoto })
      .from(students)
      .where(eq(students.id, student.id));
    expect(stored?.photo).toBe(refOf(link));

    const answers = [
      (await get2(ours, `/api/students/${student.id}/`)).profile_photo,
      (await get2(ours, `/api/students/get_students/0/${ours.schoolId}/`)).students.find(
        (s: { id: number }) => s.id === student.id,
      ).profile_photo,
    ];
    for (const answered of answers) {
      expect(answered).toMatch(SIGNED);
      await expectStatus(get(answered), 200);
    }

    const teacherPhoto = await uploadedPhoto(ours);
    const added = await addTeacherFixture(t.app, ours, { profile_photo: teacherPhoto });
    expect(added.teacher.user.profile_photo).toMatch(SIGNED);
    const listed = (await get2(ours, `/api/schools/${ours.schoolId}/teachers/`)).teachers.find(
      (x: { id: number }) => x.id === added.teacher.id,
    );
    expect(refOf(listed.user.profile_photo)).toBe(refOf(teacherPhoto));
    await expectStatus(get(listed.user.profile_photo), 200);
  });

  it('a student or teacher takes only a photo uploaded by their own school (400)', async () => {
    const theirPhoto = await uploadedPhoto(theirs);
    const before = await t.app.db.select({ id: students.id }).from(students);
    const res = await expectStatus(
      admit(ours, withPhotoConsent(theirPhoto)),
      400,
      UPLOAD_MESSAGES.notOurs,
    );
    expect(res.json().errors).toEqual({ profile_photo: [UPLOAD_MESSAGES.notOurs] });
    // A name that was never uploaded is no better.
    await expectStatus(
      admit(ours, withPhotoConsent('/uploads/NeverUploaded1234.png')),
      400,
      UPLOAD_MESSAGES.notOurs,
    );
    expect(await t.app.db.select({ id: students.id }).from(students)).toHaveLength(before.length);
    const teacher = await t.app.inject({
      method: 'POST',
      url: '/api/staff/teachers/',
      headers: ours.auth,
      payload: {
        first_name: 'Mary',
        last_name: 'Achieng',
        phone_number: '0744000111',
        tsc_number: 'TSC404404',
        profile_photo: theirPhoto,
      },
    });
    expect(teacher.statusCode, teacher.body).toBe(400);
    expect(teacher.json().errors).toEqual({ profile_photo: [UPLOAD_MESSAGES.notOurs] });
    expect(
      await t.app.db.select().from(users).where(eq(users.phoneNumber, '0744000111')),
    ).toHaveLength(0);
  });

  it('no photo without the parent’s consent to photos (400), admitting no one', async () => {
    const link = await uploadedPhoto(ours);
    for (const photos of [undefined, 'unknown', 'refused'] as const) {
      const body = studentBody({
        profile_photo: link,
        ...(photos ? { consents: { photos } } : {}),
      });
      const res = await expectStatus(admit(ours, body), 400, CONSENT_MESSAGES.noPhotoConsent);
      expect(res.json().errors).toEqual({ profile_photo: [CONSENT_MESSAGES.noPhotoConsent] });
    }
    expect(
      (
        await t.app.db
          .select()
          .from(students)
          .where(eq(students.profilePhoto, refOf(link)))
      ).length,
    ).toBe(0);
    // Without a photo, consent is not needed.
    await expectStatus(admit(ours, studentBody({ consents: { photos: 'refused' } })), 201);
  });
});

describe('PUT /api/students/{id}/photo/', () => {
  it('replaces the photo and deletes the one replaced, file and row; null removes it', async () => {
    const first = await uploadedPhoto(ours);
    const student = (await expectStatus(admit(ours, withPhotoConsent(first)), 201)).json().student;
    const second = await uploadedPhoto(ours);

    const replaced = await expectStatus(putPhoto(ours, student.id, second), 200);
    expect(refOf(replaced.json().profile_photo)).toBe(refOf(second));
    expect(replaced.json().profile_photo).toMatch(SIGNED);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(await rowOf(first)).toBeUndefined();
    await expectStatus(get(first), 404);
    await expectStatus(get(replaced.json().profile_photo), 200);

    const removed = await expectStatus(putPhoto(ours, student.id, null), 200);
    expect(removed.json().profile_photo).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);
    expect(await rowOf(second)).toBeUndefined();
  });

  it('keeps a photo another student of the school still shows', async () => {
    const shared = await uploadedPhoto(ours);
    const a = (await expectStatus(admit(ours, withPhotoConsent(shared)), 201)).json().student;
    const b = (await expectStatus(admit(ours, withPhotoConsent(shared)), 201)).json().student;
    await expectStatus(putPhoto(ours, a.id, null), 200);
    expect(existsSync(fileOf(shared))).toBe(true);
    expect((await get2(ours, `/api/students/${b.id}/`)).profile_photo).toMatch(SIGNED);
    await expectStatus(putPhoto(ours, b.id, null), 200);
    expect(existsSync(fileOf(shared))).toBe(false);
  });

  it('refuses a photo without consent, of another school or not ours (400), changing nothing', async () => {
    const first = await uploadedPhoto(ours);
    const student = (await expectStatus(admit(ours, withPhotoConsent(first)), 201)).json().student;
    const unconsented = await admitFixture(t.app, ours, form1);
    await expectStatus(
      putPhoto(ours, unconsented.id, await uploadedPhoto(ours)),
      400,
      CONSENT_MESSAGES.noPhotoConsent,
    );
    await expectStatus(putPhoto(ours, student.id, await uploadedPhoto(theirs)), 400);
    for (const bad of ['https://evil.example/a.png', 'javascript:alert(1)', 42, undefined]) {
      await expectStatus(putPhoto(ours, student.id, bad), 400);
    }
    expect(existsSync(fileOf(first))).toBe(true);
    expect(refOf((await get2(ours, `/api/students/${student.id}/`)).profile_photo)).toBe(
      refOf(first),
    );
  });

  it('another school’s student 404; a teacher 403; no token 401', async () => {
    const theirStudent = await admitFixture(
      t.app,
      theirs,
      (await createClassFixture(t.app, theirs, 'Form 3')).id,
    );
    await expectStatus(putPhoto(ours, theirStudent.id, null), 404);
    const teacher = await signedInTeacher(t.app, ours);
    const mine = await admitFixture(t.app, ours, form1);
    await expectStatus(putPhoto(teacher, mine.id, null), 403);
    await expectStatus(putPhoto(null, mine.id, null), 401);
  });
});

describe('deleteUpload', () => {
  it('deletes only an upload of the school that nothing uses', async () => {
    const link = await uploadedPhoto(ours);
    expect(await deleteUpload(t.app.db, t.config.dataDir, theirs.schoolId, refOf(link))).toBe(
      false,
    );
    expect(existsSync(fileOf(link))).toBe(true);
    const student = (await expectStatus(admit(ours, withPhotoConsent(link)), 201)).json().student;
    expect(await deleteUpload(t.app.db, t.config.dataDir, ours.schoolId, refOf(link))).toBe(false);
    await t.app.db.update(students).set({ profilePhoto: null }).where(eq(students.id, student.id));
    expect(await deleteUpload(t.app.db, t.config.dataDir, ours.schoolId, refOf(link))).toBe(true);
    expect(existsSync(fileOf(link))).toBe(false);
    expect(await rowOf(link)).toBeUndefined();
    for (const nothing of [null, undefined, '', 'https://example.com/a.png']) {
      expect(await deleteUpload(t.app.db, t.config.dataDir, ours.schoolId, nothing)).toBe(false);
    }
  });
});

describe('pruneUnusedUploads', () => {
  it('deletes uploads nothing uses a day after they were sent, and keeps the others', async () => {
    const used = await uploadedPhoto(ours);
    await expectStatus(admit(ours, withPhotoConsent(used)), 201);
    const abandoned = await uploadedPhoto(ours);
    const recent = await uploadedPhoto(ours);
    await t.app.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(uploads.name, [nameOf(used), nameOf(abandoned)]));
    expect(await pruneUnusedUploads(t.app.db, t.config.dataDir)).toBe(1);
    expect(await rowOf(abandoned)).toBeUndefined();
    expect(existsSync(fileOf(abandoned))).toBe(false);
    for (const kept of [used, recent]) {
      expect(await rowOf(kept)).toBeDefined();
      expect(existsSync(fileOf(kept))).toBe(true);
    }
  });
});

describe('photos from before uploads were rows', () => {
  it('are registered under the school that uses them, with their size, and served signed', async () => {
    const student = await admitFixture(t.app, ours, form1);
    const earlier = '/uploads/EarlierPhoto0001.png';
    writeFileSync(path.join(uploadsDir(t.config.dataDir), 'EarlierPhoto0001.png'), PNG);
    const earlierThumbnail = path.join(thumbnailsDir(t.config.dataDir), 'EarlierPhoto0001.png');
    await t.app.db
      .update(students)
      .set({ profilePhoto: earlier })
      .where(eq(students.id, student.id));
    // A reference whose file is gone is left alone.
    const gone = await admitFixture(t.app, ours, form1);
    await t.app.db
      .update(students)
      .set({ profilePhoto: '/uploads/GoneLongAgo0001.png' })
      .where(eq(students.id, gone.id));

    expect(await registerEarlierPhotos(t.app.db, t.config.dataDir)).toBe(1);
    expect(await rowOf(earlier)).toMatchObject({
      schoolId: ours.schoolId,
      uploadedBy: null,
      kind: 'png',
      sizeBytes: PNG.length,
    });
    expect(await registerEarlierPhotos(t.app.db, t.config.dataDir)).toBe(0);
    // Its thumbnail is made at start, not when a PDF prints it; once.
    expect(existsSync(earlierThumbnail)).toBe(false);
    expect(await makeMissingThumbnails(t.app.db, t.config.dataDir)).toBeGreaterThanOrEqual(1);
    expect(existsSync(earlierThumbnail)).toBe(true);
    expect(await makeMissingThumbnails(t.app.db, t.config.dataDir)).toBe(0);
    const answered = (await get2(ours, `/api/students/${student.id}/`)).profile_photo;
    expect(answered).toMatch(SIGNED);
    expect((await expectStatus(get(answered), 200)).rawPayload.equals(PNG)).toBe(true);
    await expectStatus(get(earlier), 403);
    // And it is deleted like any other when replaced.
    await t.app.db
      .update(students)
      .set({ photoConsent: 'granted' })
      .where(and(eq(students.id, student.id), eq(students.schoolId, ours.schoolId)));
    await expectStatus(putPhoto(ours, student.id, null), 200);
    expect(await rowOf(earlier)).toBeUndefined();
    expect(existsSync(earlierThumbnail)).toBe(false);
  });
});

describe('crests kept from before: only an upload of the school itself', () => {
  it("drops a typed link and another school's upload at start, and keeps the school's own", async () => {
    const third = await registerSchool(t.app, 'Third Crest School');
    const fourth = await registerSchool(t.app, 'Fourth Crest School');
    const own = refOf(await uploadedPhoto(ours));
    const theirPhoto = refOf(await uploadedPhoto(theirs));
    const setLogo = (schoolId: number, logo: string) =>
      t.app.db.update(schoolRows).set({ logo }).where(eq(schoolRows.id, schoolId));
    await setLogo(ours.schoolId, own);
    await setLogo(third.schoolId, theirPhoto);
    await setLogo(fourth.schoolId, 'https://example.com/crest.png');
    expect(await dropForeignCrests(t.app.db)).toBe(2);
    const logos = await t.app.db
      .select({ id: schoolRows.id, logo: schoolRows.logo })
      .from(schoolRows)
      .where(inArray(schoolRows.id, [ours.schoolId, third.schoolId, fourth.schoolId]));
    expect(Object.fromEntries(logos.map((r) => [r.id, r.logo]))).toEqual({
      [ours.schoolId]: own,
      [third.schoolId]: null,
      [fourth.schoolId]: null,
    });
    expect(await dropForeignCrests(t.app.db)).toBe(0);
  });
});

describe('limits: a school’s photo space and a user’s uploads an hour', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ uploadLimits: { quotaBytes: 1024 * 1024, perUserPerHour: 3 } });
  });
  afterAll(() => small?.close());

  it('a user’s uploads past the hourly cap answer 429 with Retry-After, even sent at once', async () => {
    const who = await registerSchool(small.app, 'Busy School');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        uploadTo(small.app, who, Buffer.concat([PNG, randomBytes(8)])),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toBe(uploadLimitMessages(small.config.uploadLimits).rate(wait));
    expect(refused.json().message).toMatch(
      /^You have uploaded 3 photos in the last hour\. Please try again in 60 minutes\.$/,
    );
    const rows = await small.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.schoolId, who.schoolId));
    expect(rows).toHaveLength(3);
  });

  it('an upload past the school’s space answers 413 with a clear message, keeping nothing', async () => {
    const who = await registerSchool(small.app, 'Full School');
    const big = Buffer.concat([PNG, Buffer.alloc(700 * 1024)]);
    await expectStatus(uploadTo(small.app, who, big), 201);
    const before = readdirSync(uploadsDir(small.config.dataDir)).length;
    const res = await expectStatus(
      uploadTo(small.app, who, big),
      413,
      uploadLimitMessages(small.config.uploadLimits).quota,
    );
    expect(res.json().message).toBe(
      'Your school has used its 1 MB of photo space. Remove photos it no longer needs, or ask Shule to raise the limit.',
    );
    expect(readdirSync(uploadsDir(small.config.dataDir)).length).toBe(before);
    // Another school has its own space.
    const other = await registerSchool(small.app, 'Empty School');
    await expectStatus(uploadTo(small.app, other, big), 201);
  });
});

/** GETs `url` as `who`, expects 200, and answers the JSON. */
async function get2(who: SignedInSchool, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
