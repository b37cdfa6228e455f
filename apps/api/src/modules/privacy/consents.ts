import {
  type AdmissionConsents,
  CLASS_CONSENT_MESSAGES,
  type ClassConsentChanges,
  type ClassConsents,
  CONSENT_KINDS,
  type ConsentKind,
  type ConsentRecord,
  type ConsentStatus,
  isConsented,
  type StudentConsents,
  type UpdateConsentsBody,
} from '@shule/shared/consents';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { classes, parents, students, users } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { invalid, notFound } from '../../errors';
import { recordAudit } from '../audit/index';

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
    await recordConsentChanges(tx, actor, { id: studentId, ...current }, input);
    return consentsOf(tx, actor.schoolId, studentId);
  });
}

type ConsentActor = { schoolId: number; userId: number; address: string | null };

/**
 * The one way a consent changes: each kind sent that differs from what the (locked) student
 * holds is recorded with the date and `actor`, with one consent_changed entry per kind changed.
 * Answers how many changed.
 */
async function recordConsentChanges(
  tx: Tx,
  actor: ConsentActor,
  current: { id: number; photos: string; sms: string },
  input: Partial<Record<ConsentKind, ConsentStatus>>,
): Promise<number> {
  let changed = 0;
  for (const kind of CONSENT_KINDS) {
    const status = input[kind];
    if (status === undefined || status === current[kind]) continue;
    await tx
      .update(students)
      .set(columnValues(kind, status, actor.userId))
      .where(eq(students.id, current.id));
    await recordAudit(tx, {
      schoolId: actor.schoolId,
      actorUserId: actor.userId,
      action: 'consent_changed',
      subjectType: 'student',
      subjectId: current.id,
      address: actor.address,
    });
    changed += 1;
  }
  return changed;
}

/** The active students of a class of the school, by name, with their parent and consents. */
export async function classConsents(
  db: Db | Tx,
  schoolId: number,
  classId: number,
): Promise<ClassConsents> {
  const klass = await findInSchool(db, schoolId, classes, classId, 'Class', {
    columns: { id: classes.id, name: classes.name },
  });
  const rows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      parentFirst: parents.firstName,
      parentLast: parents.lastName,
      parentPhone: parents.phoneNumber,
      sms: students.smsConsent,
      smsAt: students.smsConsentAt,
      photos: students.photoConsent,
      photosAt: students.photoConsentAt,
    })
    .from(students)
    .leftJoin(parents, eq(parents.id, students.parentId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.classId, classId),
        eq(students.isActive, true),
        isNull(students.erasedAt),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  return {
    class: klass,
    students: rows.map((r) => ({
      id: r.id,
      first_name: r.firstName,
      last_name: r.lastName,
      admission_number: r.admissionNumber,
      parent:
        r.parentPhone === null
          ? null
          : {
              first_name: r.parentFirst ?? '',
              last_name: r.parentLast ?? '',
              phone_number: r.parentPhone,
            },
      sms: { status: r.sms as ConsentStatus, recorded_at: r.smsAt?.toISOString() ?? null },
      photos: { status: r.photos as ConsentStatus, recorded_at: r.photosAt?.toISOString() ?? null },
    })),
  };
}

/**
 * PUT /classes/{id}/consents/: many students' consents in one transaction, each changed as one
 * student's is (recordConsentChanges). Every student sent must be an active student of the
 * class, else nothing is changed (400); a class of another school is not found.
 */
export function updateClassConsents(
  db: Db,
  actor: ConsentActor,
  classId: number,
  input: ClassConsentChanges,
): Promise<ClassConsents> {
  return db.transaction(async (tx) => {
    await findInSchool(tx, actor.schoolId, classes, classId, 'Class');
    const ids = input.students.map((s) => s.id);
    const held = await tx
      .select({ id: students.id, photos: students.photoConsent, sms: students.smsConsent })
      .from(students)
      .where(
        and(
          inArray(students.id, ids),
          eq(students.schoolId, actor.schoolId),
          eq(students.classId, classId),
          eq(students.isActive, true),
          isNull(students.erasedAt),
        ),
      )
      .orderBy(asc(students.id))
      .for('update');
    const byId = new Map(held.map((h) => [h.id, h]));
    const stranger = ids.find((id) => !byId.has(id));
    if (stranger !== undefined)
      throw invalid('students', CLASS_CONSENT_MESSAGES.notInClass(stranger));
    let changed = 0;
    for (const s of input.students)
      changed += await recordConsentChanges(tx, actor, byId.get(s.id)!, s);
    return { ...(await classConsents(tx, actor.schoolId, classId)), changed };
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
