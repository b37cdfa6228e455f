import { toCsv } from '@shule/shared/csv';
import { todayIn } from '@shule/shared/school-time';
import {
  NEMIS_COLUMNS,
  STUDENT_CSV_COLUMNS,
  type StudentCsvColumn,
} from '@shule/shared/student-columns';
import type { StudentExportFormat } from '@shule/shared/students';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, schools } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { type StudentFileColumns, type StudentFilter, studentsForFile } from './service';

/** A student's value in each column of a students file (as the import reads it back). */
const fileValue = (r: StudentFileColumns): Record<StudentCsvColumn, string | number | null> => ({
  first_name: r.first_name,
  last_name: r.last_name,
  date_of_birth: r.date_of_birth,
  gender: r.gender,
  class: r.class_name,
  admission_number: r.admission_number,
  parent_first_name: r.parent_first_name,
  parent_last_name: r.parent_last_name,
  parent_phone: r.parent_phone,
  parent_email: r.parent_email,
  parent_national_id_number: r.parent_national_id_number,
  upi: r.upi,
  birth_certificate_number: r.birth_certificate_number,
  entry_exam: r.entry_exam,
  entry_index_number: r.entry_index_number,
  entry_marks: r.entry_marks,
  nationality: r.nationality,
  county: r.county,
  sub_county: r.sub_county,
  special_needs: r.special_needs,
  medical_condition: r.medical_condition,
  nhif_number: r.nhif_number,
  // Not asked is an empty cell, as the import reads it.
  sms_consent: r.sms_consent === 'unknown' ? null : r.sms_consent,
  photo_consent: r.photo_consent === 'unknown' ? null : r.photo_consent,
});

/** The file's columns: its header and which value fills it. */
const FILE_COLUMNS: Record<
  StudentExportFormat,
  readonly { header: string; column: StudentCsvColumn }[]
> = {
  csv: STUDENT_CSV_COLUMNS.map((column) => ({ header: column, column })),
  nemis: NEMIS_COLUMNS,
};

/** A name fit for a file name: lower case letters and digits, dashes between words. */
const fileNamePart = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'school';

/** A Byte-order mark first: Excel then reads the file as UTF-8 (names with accents, etc.). */
const BOM = '\uFEFF';

/**
 * GET /students/export/: the students of the filter as a CSV file, named after the class (or
 * the school) and today's date in Nairobi. format=csv writes STUDENT_CSV_COLUMNS (the import's
 * own columns, so the file imports back unchanged); format=nemis the register's NEMIS_COLUMNS.
 */
export async function studentsFile(
  db: Db,
  schoolId: number,
  format: StudentExportFormat,
  filter: StudentFilter,
  today = todayIn(),
) {
  const named =
    filter.classId === 0
      ? (await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)))[0]
      : await findInSchool(db, schoolId, classes, filter.classId, 'Class', {
          columns: { name: classes.name },
        });
  const rows = await studentsForFile(db, schoolId, filter);
  const columns = FILE_COLUMNS[format];
  // A school with senior learners' choices gets their combination last (the import ignores it).
  const combination = format === 'csv' && rows.some((r) => r.combination !== null);
  const csv = toCsv(
    [...columns.map((c) => c.header), ...(combination ? ['combination'] : [])],
    rows.map((r) => {
      const values = fileValue(r);
      const cells = columns.map((c) => values[c.column]);
      return combination ? [...cells, r.combination] : cells;
    }),
  );
  const prefix = format === 'nemis' ? 'nemis-learners' : 'students';
  return {
    body: Buffer.from(`${BOM}${csv}\r\n`),
    fileName: `${prefix}-${fileNamePart(named?.name ?? '')}-${today}.csv`,
  };
}
