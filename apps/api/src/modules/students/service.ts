import type { Pagination } from '@shule/shared/pagination';
import {
  type admitStudentBody,
  formatAdmissionNumber,
  type Gender,
  type LeaveReason,
  type StudentCounts,
  type StudentListResponse,
  type StudentListRow,
  type StudentRow,
  type StudentStatusFilter,
  studentAdmittedMessage,
} from '@shule/shared/students';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { prewritten, queryRows } from '../../db/raw-rows';
import { classes, parents, schools, students } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { containsIgnoringCase } from '../../db/search';
import { notFound } from '../../errors';
import { admissionConsentValues } from '../privacy/index';
import { assertUploadOfSchool } from '../uploads/index';
import { assertPhotoConsent } from './photo';

export async function countStudentsByGender(db: Db, schoolId: number): Promise<StudentCounts> {
  const [row] = await db
    .select({
      male: sql<number>`count(*) filter (where ${students.gender} = 'male')`.mapWith(Number),
      female: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
      total: count(),
    })
    .from(students)
    .where(
      and(eq(students.schoolId, schoolId), eq(students.isActive, true), isNull(students.erasedAt)),
    );
  const male = row?.male ?? 0;
  const female = row?.female ?? 0;
  const total = row?.total ?? 0;
  return { male_count: male, female_count: female, other_count: total - male - female, total };
}

// The lists' SQL is made of fragments written out once (prewritten): drizzle took as long to
// write a page's query from its column objects, on every request, as PostgreSQL took to run it.

/** The order of every students list: by name, as the screen reads them. */
const byName = prewritten(sql`${students.firstName}, ${students.lastName}, ${students.id}`);

/** The columns the list shows of a student, flat, as `listColumns` selects them. */
interface StudentListColumns {
  id: number;
  first_name: string;
  last_name: string;
  admission_number: string;
  gender: string;
  profile_photo: string | null;
  is_active: boolean;
  left_on: string | null;
  left_reason: string | null;
  class_id: number;
  class_name: string;
}

/** What the list and the files add: the current combination (senior learners). */
interface WithCombination {
  combination: string | null;
}

/** The full row adds birth date and parent (null when the student has none). */
interface StudentColumns extends StudentListColumns {
  date_of_birth: string;
  parent_id: number | null;
  parent_first_name: string | null;
  parent_last_name: string | null;
  parent_email: string | null;
  parent_phone: string | null;
}

const listColumns = prewritten(sql`${students.id} as id, ${students.firstName} as first_name,
  ${students.lastName} as last_name, ${students.admissionNumber} as admission_number,
  ${students.gender} as gender, ${students.profilePhoto} as profile_photo,
  ${students.isActive} as is_active, ${students.leftOn}::text as left_on,
  ${students.leftReason} as left_reason, ${classes.id} as class_id, ${classes.name} as class_name`);

/** A senior learner's current combination (the latest from date): one index probe a row. */
const combinationColumn = prewritten(sql`(select c.name from senior_choices sc
  join senior_combinations c on c.id = sc.combination_id
  where sc.student_id = ${students.id}
  order by sc.from_date desc, sc.id desc limit 1) as combination`);

const fullColumns = prewritten(sql`${students.dateOfBirth} as date_of_birth,
  ${parents.id} as parent_id, ${parents.firstName} as parent_first_name,
  ${parents.lastName} as parent_last_name, ${parents.email} as parent_email,
  ${parents.phoneNumber} as parent_phone`);

/** Students with their class; the query keeps the class to the school (classOfSchool). */
const studentsWithClass = prewritten(
  sql`${students} inner join ${classes} on ${classes.id} = ${students.classId}`,
);
const classSchool = prewritten(sql`${classes.schoolId}`);
const classOfSchool = (schoolId: number) => sql`${classSchool} = ${schoolId}`;

/** The parent, when they are of the student's school. */
const joinParent = prewritten(
  sql`left join ${parents} on ${parents.id} = ${students.parentId} and ${parents.schoolId} = ${students.schoolId}`,
);

/** A row of the list, in studentListRowSchema's field order (the answer skips its encode). */
const studentListRow = (r: StudentListColumns & WithCombination): StudentListRow => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  admission_number: r.admission_number,
  gender: r.gender as Gender,
  profile_photo: r.profile_photo,
  is_active: r.is_active,
  left_on: r.left_on,
  left_reason: r.left_reason as LeaveReason | null,
  _class: { id: r.class_id, name: r.class_name },
  combination: r.combination,
});

/** A student in full, in studentRowSchema's field order (the export skips its encode). */
const studentRow = (r: StudentColumns): StudentRow => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  admission_number: r.admission_number,
  gender: r.gender as Gender,
  date_of_birth: r.date_of_birth,
  profile_photo: r.profile_photo,
  is_active: r.is_active,
  left_on: r.left_on,
  left_reason: r.left_reason as LeaveReason | null,
  _class: { id: r.class_id, name: r.class_name },
  parent:
    r.parent_id === null
      ? null
      : {
          id: r.parent_id,
          user: {
            first_name: r.parent_first_name ?? '',
            last_name: r.parent_last_name ?? '',
            email: r.parent_email,
            phone_number: r.parent_phone ?? '',
          },
        },
});

/** Students in full, with class and parent joined: one query for any number. */
function selectStudents(db: Db | Tx, schoolId: number, where: SQL) {
  return queryRows<StudentColumns>(
    db,
    sql`select ${listColumns}, ${fullColumns}
    from ${studentsWithClass} ${joinParent}
    where ${where} and ${classOfSchool(schoolId)}
    order by ${byName}`,
  );
}

/** What a students file adds to the full row: the learner record and the entry exam. */
export interface StudentFileColumns extends StudentColumns, WithCombination {
  parent_national_id_number: string | null;
  upi: string | null;
  birth_certificate_number: string | null;
  entry_exam: string | null;
  entry_index_number: string | null;
  entry_marks: number | null;
  nationality: string | null;
  county: string | null;
  sub_county: string | null;
  special_needs: string | null;
  medical_condition: string | null;
  nhif_number: string | null;
  sms_consent: string;
  photo_consent: string;
}

const fileColumns = prewritten(sql`${parents.nationalIdNumber} as parent_national_id_number,
  ${students.upi} as upi, ${students.birthCertificateNumber} as birth_certificate_number,
  ${students.entryExam} as entry_exam, ${students.entryIndexNumber} as entry_index_number,
  ${students.entryMarks} as entry_marks, ${students.nationality} as nationality,
  ${students.county} as county, ${students.subCounty} as sub_county,
  ${students.specialNeeds} as special_needs, ${students.medicalCondition} as medical_condition,
  ${students.nhifNumber} as nhif_number, ${students.smsConsent} as sms_consent,
  ${students.photoConsent} as photo_consent`);

/** A phone as typed (0722 111 222, +254722111222) in the stored 10-digit form's terms. */
const phoneSearchTerm = (search: string) => search.replace(/[\s-]/g, '').replace(/^\+?254/, '0');

/**
 * The students list's filter: the class (0: every class) and the search, which matches part
 * of the name (first last or last first), of the admission number or of the parent's phone,
 * ignoring case. The school is always part of it.
 */
export interface StudentFilter {
  classId: number;
  search?: string;
  /** Active students (the default), those who left, or all. */
  status?: StudentStatusFilter;
  /** Only the students of these classes (a teacher's: modules/teaching/my-classes.ts). */
  classIds?: readonly number[] | null;
}

const column = {
  id: prewritten(sql`${students.id}`),
  school: prewritten(sql`${students.schoolId}`),
  /** Erased students (modules/privacy) live on in results only, not on the students screens. */
  notErased: prewritten(sql`${students.erasedAt} is null`),
  active: prewritten(sql`${students.isActive}`),
  class: prewritten(sql`${students.classId}`),
  firstLast: prewritten(sql`${students.firstName} || ' ' || ${students.lastName}`),
  lastFirst: prewritten(sql`${students.lastName} || ' ' || ${students.firstName}`),
  admissionNumber: prewritten(sql`${students.admissionNumber}`),
};
const parentOfSchool = prewritten(
  sql`${students.parentId} in (select ${parents.id} from ${parents} where ${parents.schoolId} =`,
);
const parentPhone = prewritten(sql`${parents.phoneNumber}`);

const ofStatus = {
  active: sql` and ${column.active}`,
  left: sql` and not ${column.active}`,
  all: sql``,
} satisfies Record<StudentStatusFilter, SQL>;

function studentFilter(
  schoolId: number,
  { classId, search, status = 'active', classIds }: StudentFilter,
): SQL {
  const ofSchool = sql`${column.school} = ${schoolId} and ${column.notErased}${ofStatus[status]}`;
  const ofClass = sql`${classId === 0 ? sql`` : sql` and ${column.class} = ${classId}`}${ofClasses(classIds)}`;
  if (!search) return sql`${ofSchool}${ofClass}`;
  const phone = phoneSearchTerm(search);
  const matches = [
    containsIgnoringCase(column.firstLast, search),
    containsIgnoringCase(column.lastFirst, search),
    containsIgnoringCase(column.admissionNumber, search),
  ];
  if (phone !== '') {
    matches.push(
      sql`${parentOfSchool} ${schoolId} and ${containsIgnoringCase(parentPhone, phone)})`,
    );
  }
  return sql`${ofSchool}${ofClass} and (${sql.join(matches, sql` or `)})`;
}

function ofClasses(classIds: readonly number[] | null | undefined): SQL {
  if (!classIds) return sql``;
  if (classIds.length === 0) return sql` and false`;
  return sql` and ${column.class} in (${sql.join(
    classIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** An empty answer for a class must tell an empty class from one that is not ours (404). */
async function checkClass(db: Db, schoolId: number, classId: number) {
  if (classId !== 0) await findInSchool(db, schoolId, classes, classId, 'Class');
}

/**
 * One page of the students list, slimmed to what the list shows. One query whatever the size
 * of the school: the total comes with the rows (a window count); only an empty page asks again,
 * to count (a page past the end) or to tell a missing class.
 */
export async function listStudentsPage(
  db: Db,
  schoolId: number,
  filter: StudentFilter,
  { page, page_size }: Pagination,
): Promise<StudentListResponse> {
  const where = studentFilter(schoolId, filter);
  const rows = await queryRows<StudentListColumns & WithCombination & { total: number }>(
    db,
    sql`select ${listColumns}, ${combinationColumn}, (count(*) over ())::int as total
    from ${studentsWithClass}
    where ${where} and ${classOfSchool(schoolId)}
    order by ${byName}
    limit ${page_size} offset ${(page - 1) * page_size}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0) {
    await checkClass(db, schoolId, filter.classId);
    if (page > 1) {
      const [counted] = await db.select({ n: count() }).from(students).where(where);
      total = counted?.n ?? 0;
    }
  }
  return { students: rows.map(studentListRow), total, page, page_size };
}

/** Every student of the filter with everything a students file writes: one query. */
export function studentsForFile(
  db: Db,
  schoolId: number,
  filter: StudentFilter,
): Promise<StudentFileColumns[]> {
  return queryRows<StudentFileColumns>(
    db,
    sql`select ${listColumns}, ${combinationColumn}, ${fullColumns}, ${fileColumns}
    from ${studentsWithClass} ${joinParent}
    where ${studentFilter(schoolId, filter)} and ${classOfSchool(schoolId)}
    order by ${byName}`,
  );
}

export async function getStudent(db: Db | Tx, schoolId: number, studentId: number) {
  const [row] = await selectStudents(
    db,
    schoolId,
    sql`${column.school} = ${schoolId} and ${column.notErased} and ${column.id} = ${studentId}`,
  );
  if (!row) throw notFound('Student');
  return studentRow(row);
}

/**
 * The parent with this phone in the school, created if new. An existing parent is reused as
 * it is (siblings share one); only a missing email is filled in, nothing is overwritten.
 */
async function findOrCreateParent(
  tx: Tx,
  schoolId: number,
  input: z.output<typeof admitStudentBody>['parent'],
) {
  const byPhone = and(eq(parents.schoolId, schoolId), eq(parents.phoneNumber, input.phone_number));
  const [inserted] = await tx
    .insert(parents)
    .values({
      schoolId,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phoneNumber: input.phone_number,
    })
    .onConflictDoNothing({ target: [parents.schoolId, parents.phoneNumber] })
    .returning();
  if (inserted) return { parent: inserted, existing: false };
  const [existing] = await tx
    .update(parents)
    .set({ email: sql`coalesce(${parents.email}, ${input.email ?? null})` })
    .where(byPhone)
    .returning();
  return { parent: existing!, existing: true };
}

/**
 * Admits a student into a class of the caller's school, with their parent, in one
 * transaction. The admission number comes from the school's counter, incremented with
 * UPDATE … RETURNING: the row lock makes concurrent admissions take turns, so numbers are
 * unique and increasing. The parent's consents are recorded as given to `admittedBy`, now.
 */
export async function admitStudent(
  db: Db,
  schoolId: number,
  classId: number,
  input: z.output<typeof admitStudentBody>,
  admittedBy: number,
) {
  assertPhotoConsent(input.profile_photo, input.consents.photos);
  return db.transaction(async (tx) => {
    // Holds the class until the transaction ends: a delete of the class running at the same
    // moment either waits for the admission or makes it a clean 404.
    await findInSchool(tx, schoolId, classes, classId, 'Class', { lock: 'key share' });
    await assertUploadOfSchool(tx, schoolId, input.profile_photo);
    const { parent, existing } = await findOrCreateParent(tx, schoolId, input.parent);
    const [counter] = await tx
      .update(schools)
      .set({ lastAdmissionNumber: sql`${schools.lastAdmissionNumber} + 1` })
      .where(eq(schools.id, schoolId))
      .returning({ n: schools.lastAdmissionNumber });
    const admissionNumber = formatAdmissionNumber(counter!.n);
    const [created] = await tx
      .insert(students)
      .values({
        schoolId,
        classId,
        parentId: parent.id,
        admissionNumber,
        firstName: input.first_name,
        lastName: input.last_name,
        dateOfBirth: input.date_of_birth,
        gender: input.gender,
        profilePhoto: input.profile_photo,
        ...admissionConsentValues(input.consents, admittedBy),
      })
      .returning({ id: students.id });
    const student = await getStudent(tx, schoolId, created!.id);
    const message = studentAdmittedMessage(
      admissionNumber,
      existing
        ? {
            first_name: parent.firstName,
            last_name: parent.lastName,
            phone_number: parent.phoneNumber,
          }
        : undefined,
    );
    return { student, message };
  });
}
