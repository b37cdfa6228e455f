import type { StudentDataExport } from '@shule/shared/privacy';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { classes, exams, schools, students, subjects } from '../../db/schema/index';
import { notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import { PERSONAL_DATA, type PersonalTable, tableName } from './registry';

/** A student of the school not erased, locked for the rest of the transaction when `lock`. */
export async function findStudentToServe(
  tx: Tx,
  schoolId: number,
  studentId: number,
  lock?: 'update',
) {
  const query = tx
    .select({
      id: students.id,
      parentId: students.parentId,
      admissionNumber: students.admissionNumber,
    })
    .from(students)
    .where(
      and(eq(students.id, studentId), eq(students.schoolId, schoolId), isNull(students.erasedAt)),
    );
  const [student] = lock ? await query.for(lock) : await query;
  if (!student) throw notFound('Student');
  return student;
}

/** The ids each kind of registry entry is found by: the student's, and their parent's. */
export const subjectIds = (student: { id: number; parentId: number | null }) => ({
  student: [student.id],
  parent: student.parentId === null ? [] : [student.parentId],
});

export const keyIn = (entry: PersonalTable, ids: number[]): SQL =>
  sql`${entry.key} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

const asJson = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The rows of `entry` that are the ids', every column but those it leaves out. */
async function exportedRows(tx: Tx, entry: PersonalTable, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select * from ${entry.table} where ${keyIn(entry, ids)} order by 1, 2`,
  );
  const left = entry.notExported ?? {};
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([column]) => !(column in left))
        .map(([column, value]) => [column, asJson(value)]),
    ),
  );
}

/** The names of the classes, exams and subjects the exported rows name by id. */
async function labelsOf(tx: Tx, schoolId: number, tables: StudentDataExport['tables']) {
  const idsIn = (column: string) => {
    const ids = new Set<number>();
    for (const rows of Object.values(tables)) {
      for (const row of rows) if (typeof row[column] === 'number') ids.add(row[column]);
    }
    return [...ids];
  };
  const named = async (
    table: typeof classes | typeof exams | typeof subjects,
    ids: number[],
  ): Promise<Record<string, string>> => {
    if (ids.length === 0) return {};
    const rows = await tx
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.schoolId, schoolId), inArray(table.id, ids)));
    return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
  };
  return {
    classes: await named(classes, idsIn('class_id')),
    exams: await named(exams, idsIn('exam_id')),
    subjects: await named(subjects, idsIn('subject_id')),
  };
}

/**
 * Everything Shule holds about a student of the school and their parent, table by table as the
 * registry lists them, with a student_data_exported entry in the audit log.
 */
export function exportStudentData(
  db: Db,
  actor: { schoolId: number; userId: number; address: string | null },
  studentId: number,
): Promise<{ data: StudentDataExport; admissionNumber: string }> {
  return db.transaction(async (tx) => {
    const student = await findStudentToServe(tx, actor.schoolId, studentId);
    const ids = subjectIds(student);
    const tables: StudentDataExport['tables'] = {};
    for (const entry of PERSONAL_DATA) {
      const name = tableName(entry.table);
      // A table listed for both sides (a results SMS: the child's and the parent's) gives a
      // row found by both keys once.
      const rows = [...(tables[name] ?? []), ...(await exportedRows(tx, entry, ids[entry.of]))];
      tables[name] = [...new Map(rows.map((row) => [JSON.stringify(row), row])).values()];
    }
    const [school] = await tx
      .select({ id: schools.id, name: schools.name })
      .from(schools)
      .where(eq(schools.id, actor.schoolId));
    await recordAudit(tx, {
      schoolId: actor.schoolId,
      actorUserId: actor.userId,
      action: 'student_data_exported',
      subjectType: 'student',
      subjectId: student.id,
      address: actor.address,
    });
    const data: StudentDataExport = {
      format: 'shule-student-data/1',
      exported_at: new Date().toISOString(),
      school: school!,
      student_id: student.id,
      tables,
      labels: await labelsOf(tx, actor.schoolId, tables),
    };
    return { data, admissionNumber: student.admissionNumber };
  });
}
