import type { NameOrder } from '@shule/shared/full-name';
import { LEARNER_RECORD_MESSAGES } from '@shule/shared/learner-record';
import {
  addRowError,
  classKey,
  type ImportedStudent,
  previewOf,
  type ReadStudentCsv,
  readStudentCsv,
  STUDENT_IMPORT_MESSAGES,
  type StudentImportPreview,
  type StudentImportResult,
  studentPreviewOf,
} from '@shule/shared/student-import';
import { formatAdmissionNumber } from '@shule/shared/students';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { recordAudit } from '../audit/index';
import { admissionConsentValues } from '../privacy/index';

/**
 * The students import (decision 021): a CSV read by the shared row rules, then checked against
 * the school (its classes, the admission numbers and UPIs it holds), and written all at once or
 * not at all. A constant number of queries whatever the size of the file: the rows travel to
 * the database as one JSON value each way.
 */

/** The file's rows with the school's rules added: unknown classes, numbers and UPIs taken. */
async function checkAgainstSchool(db: Db | Tx, schoolId: number, file: ReadStudentCsv) {
  const classIds = new Map<string, number>();
  if (file.file_errors.length > 0) return classIds;
  const given = (column: 'admission_number' | 'upi') =>
    file.rows.flatMap((r) => {
      const v = r.values[column]?.trim();
      return v ? [column === 'upi' ? v.toUpperCase() : v] : [];
    });
  const [classRows, takenRows] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from classes where school_id = ${schoolId}`,
    ),
    // Two joins, not one OR: each side finds its rows by the school's unique index.
    queryRows<{ admission_number: string; upi: string | null }>(
      db,
      sql`select s.admission_number, s.upi from students s
        join jsonb_array_elements_text(${JSON.stringify(given('admission_number'))}::jsonb) a(v)
          on s.admission_number = a.v
        where s.school_id = ${schoolId}
      union
      select s.admission_number, s.upi from students s
        join jsonb_array_elements_text(${JSON.stringify(given('upi'))}::jsonb) u(v) on s.upi = u.v
        where s.school_id = ${schoolId}`,
    ),
  ]);
  for (const c of classRows) classIds.set(classKey(c.name), c.id);
  const takenNumbers = new Set(takenRows.map((r) => r.admission_number));
  const takenUpis = new Set(takenRows.flatMap((r) => (r.upi ? [r.upi] : [])));
  for (const row of file.rows) {
    const className = row.values.class?.trim();
    if (className && !classIds.has(classKey(className)))
      addRowError(row, 'class', STUDENT_IMPORT_MESSAGES.unknownClass(className));
    const number = row.values.admission_number?.trim();
    if (number && takenNumbers.has(number))
      addRowError(row, 'admission_number', STUDENT_IMPORT_MESSAGES.admissionTaken(number));
    const upi = row.values.upi?.trim().toUpperCase();
    if (upi && takenUpis.has(upi)) addRowError(row, 'upi', LEARNER_RECORD_MESSAGES.upiTaken(upi));
  }
  return classIds;
}

/** POST /students/import/preview/: every row with its problems; nothing is written. */
export async function previewStudentImport(
  db: Db,
  schoolId: number,
  text: string,
  nameOrder: NameOrder,
): Promise<StudentImportPreview> {
  const file = readStudentCsv(text, undefined, nameOrder);
  await checkAgainstSchool(db, schoolId, file);
  return studentPreviewOf(file);
}

export type StudentImportOutcome =
  | { imported: StudentImportResult }
  | { refused: ReturnType<typeof previewOf> };

/** A numeric admission number ("0042", "42"); others ("2024/015") do not move the counter. */
const numericAdmission = (n: string | null) => (n && /^\d{1,9}$/.test(n) ? Number(n) : 0);

/**
 * POST /students/import/: every row or none, in one transaction. The school's row is locked
 * first (as an admission locks its counter), so admissions and imports take turns. Parents are
 * found by phone (siblings share one; the file's rows with one phone share one) or created;
 * admission numbers are kept when given, else the counter's next; the counter ends at least at
 * the largest numeric number in the school, so a later admission never collides.
 */
export async function importStudents(
  db: Db,
  actor: { schoolId: number; userId: number; address: string | null },
  text: string,
  nameOrder: NameOrder,
): Promise<StudentImportOutcome> {
  const { schoolId } = actor;
  const file = readStudentCsv(text, undefined, nameOrder);
  if (file.file_errors.length > 0) return { refused: previewOf(file) };
  return db.transaction(async (tx) => {
    const [school] = await queryRows<{ counter: number; largest: number }>(
      tx,
      sql`select last_admission_number as counter,
        (select coalesce(max(admission_number::int), 0) from students
          where school_id = ${schoolId} and admission_number ~ '^[0-9]{1,9}$')::int as largest
      from schools where id = ${schoolId} for update`,
    );
    const classIds = await checkAgainstSchool(tx, schoolId, file);
    const preview = previewOf(file);
    if (preview.invalid > 0) return { refused: preview };
    const clean = file.rows.map((r) => r.student as ImportedStudent);

    const parentsByPhone = new Map<string, ImportedStudent['parent']>();
    for (const s of clean)
      if (!parentsByPhone.has(s.parent.phone_number))
        parentsByPhone.set(s.parent.phone_number, s.parent);
    const created = await queryRows<{ id: number }>(
      tx,
      sql`insert into parents (school_id, first_name, last_name, email, phone_number, national_id_number)
      select ${schoolId}, p.first_name, p.last_name, p.email, p.phone_number, p.national_id_number
      from jsonb_to_recordset(${JSON.stringify([...parentsByPhone.values()])}::jsonb)
        as p(first_name text, last_name text, email text, phone_number text, national_id_number text)
      on conflict (school_id, phone_number) do nothing
      returning id`,
    );

    // A parent found by phone is reused as they are; only what they lack is filled in (as a
    // single admission fills a missing email).
    await tx.execute(
      sql`update parents p set email = coalesce(p.email, f.email),
        national_id_number = coalesce(p.national_id_number, f.national_id_number)
      from jsonb_to_recordset(${JSON.stringify([...parentsByPhone.values()])}::jsonb)
        as f(phone_number text, email text, national_id_number text)
      where p.school_id = ${schoolId} and p.phone_number = f.phone_number
        and ((p.email is null and f.email is not null)
          or (p.national_id_number is null and f.national_id_number is not null))`,
    );

    let next = Math.max(
      school!.counter,
      school!.largest,
      ...clean.map((s) => numericAdmission(s.admission_number)),
    );
    // The consents as an admission records them: known ones recorded now by the importer.
    const rows = clean.map((s, n) => ({
      ...s,
      ...admissionConsentValues(s.consents, actor.userId),
      n,
      class_id: classIds.get(classKey(s.class)),
      admission_number: s.admission_number ?? formatAdmissionNumber(++next),
      phone: s.parent.phone_number,
    }));
    const [{ n: imported } = { n: 0 }] = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
        insert into students (school_id, class_id, parent_id, admission_number, first_name,
          last_name, date_of_birth, gender, entry_exam, entry_index_number, entry_marks, upi,
          birth_certificate_number, nationality, county, sub_county, special_needs,
          medical_condition, nhif_number, sms_consent, sms_consent_at, sms_consent_by,
          photo_consent, photo_consent_at, photo_consent_by)
        select ${schoolId}, s.class_id, p.id, s.admission_number, s.first_name, s.last_name,
          s.date_of_birth::date, s.gender, s.entry_exam, s.entry_index_number, s.entry_marks, s.upi,
          s.birth_certificate_number, s.nationality, s.county, s.sub_county, s.special_needs,
          s.medical_condition, s.nhif_number, s."smsConsent", s."smsConsentAt"::timestamptz,
          s."smsConsentBy", s."photoConsent", s."photoConsentAt"::timestamptz, s."photoConsentBy"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as s(class_id int, phone text, admission_number text, first_name text, last_name text,
            date_of_birth text, gender text, entry_exam text, entry_index_number text,
            entry_marks int, upi text, birth_certificate_number text, nationality text,
            county text, sub_county text, special_needs text, medical_condition text,
            nhif_number text, "smsConsent" text, "smsConsentAt" text, "smsConsentBy" int,
            "photoConsent" text, "photoConsentAt" text, "photoConsentBy" int, n int)
        join parents p on p.school_id = ${schoolId} and p.phone_number = s.phone
        order by s.n
        returning id
      ) select count(*)::int as n from added`,
    );
    await tx.execute(
      sql`update schools set last_admission_number = ${next} where id = ${schoolId}`,
    );
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'students_imported',
      address: actor.address,
    });
    return {
      imported: {
        imported,
        parents_created: created.length,
        parents_reused: parentsByPhone.size - created.length,
      },
    };
  });
}
