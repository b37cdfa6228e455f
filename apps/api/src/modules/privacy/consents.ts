import {
  type AdmissionConsents,
  CONSENT_KINDS,
  type ConsentKind,
  type ConsentRecord,
  type ConsentStatus,
  isConsented,
  type StudentConsents,
  type UpdateConsentsBody,
} from '@shule/shared/consents';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { students, users } from '../../db/schema/index';
import { notFound } from '../../errors';
import { recordAudit } from '../audit/record';

/** The students columns of each kind of consent. */
export const CONSENT_COLUMNS = {
  photos: {
    status: students.photoConsent,
    at: students.photoConsentAt,
    by: students.photoConsentBy,
  },
  sms: { status: students.smsConsent, at: students.smsConsentAt, by: students.smsConsentBy },
} as const;

const columnValues = (kind: ConsentKind, status: ConsentStatus, userId: number) => {
  const known = status !== 'unknown';
  const values = { status, at: known ? new Date() : null, by: known ? userId : null };
  return kind === 'photos'
    ? { photoConsent: values.status, photoConsentAt: values.at, photoConsentBy: values.by }
    : { smsConsent: values.status, smsConsentAt: values.at, smsConsentBy: values.by };
};

/** The students columns of an admission's consents, recorded now by `userId` (none when unknown). */
export const admissionConsentValues = (consents: AdmissionConsents, userId: number) => ({
  ...columnValues('photos', consents.photos, userId),
  ...columnValues('sms', consents.sms, userId),
});

const photoRecorder = alias(users, 'photo_consent_user');
const smsRecorder = alias(users, 'sms_consent_user');
const recorderName = (u: typeof photoRecorder | typeof smsRecorder) =>
  sql<
    string | null
  >`case when ${u.id} is null then null else ${u.firstName} || ' ' || ${u.lastName} end`;

/** A student's consents as the profile shows them: status, when, and who recorded each. */
export async function consentsOf(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
): Promise<StudentConsents> {
  const [row] = await db
    .select({
      photos: students.photoConsent,
      photosAt: students.photoConsentAt,
      photosBy: students.photoConsentBy,
      photosByName: recorderName(photoRecorder),
      sms: students.smsConsent,
      smsAt: students.smsConsentAt,
      smsBy: students.smsConsentBy,
      smsByName: recorderName(smsRecorder),
    })
    .from(students)
    .leftJoin(photoRecorder, eq(photoRecorder.id, students.photoConsentBy))
    .leftJoin(smsRecorder, eq(smsRecorder.id, students.smsConsentBy))
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
  if (!row) throw notFound('Student');
  const record = (
    status: string,
    at: Date | null,
    by: number | null,
    name: string | null,
  ): ConsentRecord => ({
    status: status as ConsentStatus,
    recorded_at: at ? at.toISOString() : null,
    recorded_by: by === null ? null : { id: by, name: name ?? '' },
  });
  return {
    photos: record(row.photos, row.photosAt, row.photosBy, row.photosByName),
    sms: record(row.sms, row.smsAt, row.smsBy, row.smsByName),
  };
}

/**
 * PATCH /students/{id}/consents/: records each kind sent that differs from what is held, with
 * the date and `actor`, and one consent_changed entry per kind changed, in one transaction.
 */
export function updateConsents(
  db: Db,
  actor: { schoolId: number; userId: number; address: string | null },
  studentId: number,
  input: UpdateConsentsBody,
): Promise<StudentConsents> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photos: students.photoConsent, sms: students.smsConsent })
      .from(students)
      .where(
        and(
          eq(students.id, studentId),
          eq(students.schoolId, actor.schoolId),
          isNull(students.erasedAt),
        ),
      )
      .for('update');
    if (!current) throw notFound('Student');
    for (const kind of CONSENT_KINDS) {
      const status = input[kind];
      if (status === undefined || status === current[kind]) continue;
      await tx
        .update(students)
        .set(columnValues(kind, status, actor.userId))
        .where(eq(students.id, studentId));
      await recordAudit(tx, {
        schoolId: actor.schoolId,
        actorUserId: actor.userId,
        action: 'consent_changed',
        subjectType: 'student',
        subjectId: studentId,
        address: actor.address,
      });
    }
    return consentsOf(tx, actor.schoolId, studentId);
  });
}

/**
 * Whether the parent of a student of `schoolId` consented to `kind` (photos: a photo may be
 * attached; sms: the parent may be sent SMS). False for a student not of the school.
 */
export async function hasConsent(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
  kind: ConsentKind,
): Promise<boolean> {
  const [row] = await db
    .select({ status: CONSENT_COLUMNS[kind].status })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
  return row !== undefined && isConsented(row.status as ConsentStatus);
}
