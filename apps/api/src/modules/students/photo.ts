import { CONSENT_MESSAGES, type ConsentStatus, isConsented } from '@shule/shared/consents';
import type { StudentDetail } from '@shule/shared/students';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students } from '../../db/schema/index';
import { invalid, notFound } from '../../errors';
import { assertUploadOfSchool, deleteUpload } from '../uploads/index';
import { getStudentDetail } from './results-details';

/** 400 unless the parent consented to photos: no photo is attached without it. */
export function assertPhotoConsent(photo: string | null | undefined, consent: ConsentStatus) {
  if (photo && !isConsented(consent)) {
    throw invalid('profile_photo', CONSENT_MESSAGES.noPhotoConsent);
  }
}

/**
 * PUT /students/{id}/photo/: a photo the school uploaded, with the parent's consent, in place
 * of the student's photo; or none (null). The photo replaced is deleted, row and file, once the
 * change has committed.
 */
export async function replaceStudentPhoto(
  db: Db,
  { schoolId, dataDir }: { schoolId: number; dataDir: string },
  studentId: number,
  photo: string | null,
): Promise<StudentDetail> {
  const replaced = await db.transaction(async (tx) => {
    const [student] = await tx
      .select({ photo: students.profilePhoto, consent: students.photoConsent })
      .from(students)
      .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)))
      .for('update');
    if (!student) throw notFound('Student');
    assertPhotoConsent(photo, student.consent as ConsentStatus);
    await assertUploadOfSchool(tx, schoolId, photo);
    await tx.update(students).set({ profilePhoto: photo }).where(eq(students.id, studentId));
    return student.photo;
  });
  if (replaced !== photo) await deleteUpload(db, dataDir, schoolId, replaced);
  return getStudentDetail(db, schoolId, studentId);
}
