/**
 * A whole school of realistic size, written straight to the tables in a few statements: the
 * list tests, the screenshots and the benchmark (`npm run bench`) all start from it.
 *
 *   const school = await seedLargeSchool(db, { students: 2000, classes: 16, subjects: 12 });
 *
 * The school and its admin are registered through the schools service (so the admin can sign
 * in with `school.admin.phone` / `school.admin.password`); classes, subjects, parents, students,
 * one exam and its marks are bulk inserts. Every subject is taught in every class and the exam
 * is fully marked: one mark per student per subject. Names and marks are the same on every run
 * (a seeded generator), so searches in tests can count on them.
 */
import { registerSchoolBody } from '@shule/shared/institution';
import { formatAdmissionNumber } from '@shule/shared/students';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  classes,
  exams,
  parents,
  schools,
  students,
  subjectClasses,
  subjects,
} from '../db/schema/index';
import { registerSchool } from '../modules/schools/service';

export interface LargeSchoolOptions {
  students?: number;
  classes?: number;
  subjects?: number;
  /** The admin's login phone: unique across Shule, so pass one when seeding several schools. */
  adminPhone?: string;
  name?: string;
  /** Each class gets the level of its name ("Form 1" for Form 1 East …), so streams rank together. */
  levels?: boolean;
}

export interface LargeSchool {
  schoolId: number;
  admin: { phone: string; password: string };
  /** In the order created: Form 1 East, Form 1 West … */
  classIds: number[];
  /** With `levels`: each class's level, in the order of classIds (null without). */
  classLevels: (string | null)[];
  subjectIds: number[];
  /** The exam with every student's mark in every subject. */
  examId: number;
  studentCount: number;
}

const FIRST_NAMES = `
  Amani Baraka Chebet Daudi Esther Faith Grace Hassan Imani Jabari Kamau Lilian Mercy Njeri
  Otieno Pendo Rehema Sifa Tumaini Wanjiru Wekesa Zawadi Achieng Brian Cynthia Dennis Eunice
  Felix Gideon Halima Ian Joy Kevin Linet Moses Nafula Omondi Purity Rose Stephen
`
  .trim()
  .split(/\s+/);
const LAST_NAMES = `
  Mwangi Otieno Kariuki Wanjiku Ochieng Njoroge Kiprop Chepkoech Mutua Akinyi Kamau Wafula
  Barasa Onyango Kimani Nyambura Ruto Koech Mohamed Abdi Odhiambo Muthoni Langat Were
  Kiplagat Makori Nyaga Gitau Atieno Jeptoo
`
  .trim()
  .split(/\s+/);
const STREAMS = ['East', 'West', 'North', 'South'];
const SUBJECTS: [name: string, code: string][] = [
  ['Mathematics', 'MAT'],
  ['English', 'ENG'],
  ['Kiswahili', 'KIS'],
  ['Biology', 'BIO'],
  ['Chemistry', 'CHE'],
  ['Physics', 'PHY'],
  ['History and Government', 'HIS'],
  ['Geography', 'GEO'],
  ['Christian Religious Education', 'CRE'],
  ['Business Studies', 'BST'],
  ['Agriculture', 'AGR'],
  ['Computer Studies', 'CSC'],
];

/** mulberry32: a small seeded generator, so every seeded school has the same people. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function seedLargeSchool(
  db: Db,
  options: LargeSchoolOptions = {},
): Promise<LargeSchool> {
  const studentCount = options.students ?? 2000;
  const classCount = options.classes ?? 16;
  const subjectCount = options.subjects ?? 12;
  const random = generator(7);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;

  const admin = {
    phone: options.adminPhone ?? `07${String(Date.now() % 1e8).padStart(8, '0')}`,
    password: 'secret123',
  };
  // Parsed as the registration route would, so the service gets its input in its own shape.
  const registration = registerSchoolBody.parse({
    school: {
      name: options.name ?? 'Large Academy',
      postal_code: '00100',
      county: 'Nairobi',
      phone_number: '0720000000',
      email: 'office@large.ac.ke',
      year_established: '1985',
      type: 'IPS',
    },
    admin: {
      first_name: 'Jane',
      last_name: 'Wanjiku',
      email: 'jane@large.ac.ke',
      phone_number: admin.phone,
      password: admin.password,
    },
  });
  const { school } = await registerSchool(db, registration);
  const schoolId = school.id;

  const classValues = Array.from({ length: classCount }, (_, i) => {
    const level = `Form ${Math.floor(i / STREAMS.length) + 1}`;
    return {
      schoolId,
      name: `${level} ${STREAMS[i % STREAMS.length]}`,
      level: options.levels ? level : null,
    };
  });
  const classRows = await db.insert(classes).values(classValues).returning({ id: classes.id });
  const classIds = classRows.map((r) => r.id);
  const classLevels = classValues.map((c) => c.level);

  const subjectRows = await db
    .insert(subjects)
    .values(
      Array.from({ length: subjectCount }, (_, i) => {
        const [name, code] = SUBJECTS[i] ?? [`Subject ${i + 1}`, `S${i + 1}`];
        return { schoolId, name, code };
      }),
    )
    .returning({ id: subjects.id });
  const subjectIds = subjectRows.map((r) => r.id);
  await db
    .insert(subjectClasses)
    .values(
      classIds.flatMap((classId) =>
        subjectIds.map((subjectId) => ({ schoolId, classId, subjectId })),
      ),
    );

  // About one family in ten has two children at the school: they share a parent.
  const people = Array.from({ length: studentCount }, () => ({
    first: pick(FIRST_NAMES),
    last: pick(LAST_NAMES),
  }));
  const parentOf: number[] = [];
  const parentValues: (typeof parents.$inferInsert)[] = [];
  for (const [i, person] of people.entries()) {
    if (i > 0 && random() < 0.1) {
      person.last = people[i - 1]!.last;
      parentOf.push(parentOf[i - 1]!);
      continue;
    }
    parentOf.push(parentValues.length);
    parentValues.push({
      schoolId,
      firstName: pick(FIRST_NAMES),
      lastName: person.last,
      email: random() < 0.5 ? `parent${parentValues.length + 1}@example.com` : null,
      phoneNumber: `07${String(parentValues.length + 1).padStart(8, '0')}`,
    });
  }
  const parentIds: number[] = [];
  await insertInBatches(parentValues, async (batch) => {
    const rows = await db.insert(parents).values(batch).returning({ id: parents.id });
    parentIds.push(...rows.map((r) => r.id));
  });

  const studentValues = people.map((person, i) => ({
    schoolId,
    classId: classIds[i % classIds.length]!,
    parentId: parentIds[parentOf[i]!]!,
    admissionNumber: formatAdmissionNumber(i + 1),
    firstName: person.first,
    lastName: person.last,
    dateOfBirth: `20${String(5 + Math.floor(random() * 8)).padStart(2, '0')}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    gender: random() < 0.5 ? 'female' : 'male',
    profilePhoto: null,
  }));
  await insertInBatches(studentValues, (batch) => db.insert(students).values(batch));
  await db
    .update(schools)
    .set({ lastAdmissionNumber: studentCount })
    .where(eq(schools.id, schoolId));

  const [exam] = await db
    .insert(exams)
    .values({ schoolId, name: 'End of Term 1', startDate: '2026-03-23', endDate: '2026-03-27' })
    .returning({ id: exams.id });
  const examId = exam!.id;
  await markEveryone(db, schoolId, examId, 37, 101);

  // Fresh statistics, so that the first EXPLAIN after seeding shows the real plan.
  await db.execute(
    sql`analyze students, parents, classes, subjects, subject_classes, exam_scores, exam_sittings`,
  );
  return { schoolId, admin, classIds, classLevels, subjectIds, examId, studentCount };
}

/**
 * Every student's mark in every subject of their class, 20–99, in one statement: a different
 * spread of marks for each pair of factors.
 */
async function markEveryone(
  db: Db,
  schoolId: number,
  examId: number,
  studentFactor: number,
  subjectFactor: number,
) {
  await db.execute(sql`
    insert into exam_scores (school_id, exam_id, student_id, subject_id, class_id, score)
    select ${schoolId}, ${examId}, s.id, sc.subject_id, s.class_id,
           20 + (s.id * ${studentFactor} + sc.subject_id * ${subjectFactor}) % 80
    from students s join subject_classes sc on sc.class_id = s.class_id
    where s.school_id = ${schoolId}`);
}

/**
 * A fully marked exam before the seeded one ("Mid Term 1", February), with other marks: what
 * the results' deviations are measured against. Answers its id.
 */
export async function seedEarlierExam(db: Db, school: LargeSchool) {
  const [exam] = await db
    .insert(exams)
    .values({
      schoolId: school.schoolId,
      name: 'Mid Term 1',
      startDate: '2026-02-16',
      endDate: '2026-02-18',
    })
    .returning({ id: exams.id });
  await markEveryone(db, school.schoolId, exam!.id, 53, 29);
  await db.execute(sql`analyze exam_scores, exam_sittings`);
  return exam!.id;
}
