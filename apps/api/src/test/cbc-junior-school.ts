/**
 * A CBC junior school of realistic size for `npm run bench` (src/bench/cbc-bench.ts) and for
 * whatever else needs one: Grades 7, 8 and 9 of four streams each, 45 learners a class, each
 * grade's nine learning areas (the defaults a CBC level is given), five strands each, and a
 * term of assessment: three assessments of each strand in every class, each learner's level
 * entered in every one, with its record of the change.
 *
 *   const school = await seedCbcJuniorSchool(app);
 *
 * The school, its admin, classes, a year with its terms and one teacher of one learning area in
 * one class (signed in with a password of their own) are made through the API, as a school
 * would make them; learners, strands, assessments and their entries are bulk inserts. Levels
 * and names are the same on every run.
 */
import { RUBRIC_BANDS, rubricScaleOf } from '@shule/shared/cbc-assessments';
import { registerSchoolBody } from '@shule/shared/institution';
import { formatAdmissionNumber } from '@shule/shared/students';
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import { queryRows } from '../db/raw-rows';
import { assessmentStrands, assessments, schools, strands, students } from '../db/schema/index';
import { registerSchool } from '../modules/schools/service';

export interface CbcJuniorSchoolOptions {
  grades?: number[];
  streams?: number;
  learnersPerClass?: number;
  strandsPerArea?: number;
  assessmentsPerStrand?: number;
  /** The admin's login phone: unique across Shule, so pass one when seeding several schools. */
  adminPhone?: string;
}

export interface CbcClass {
  id: number;
  name: string;
  level: string;
  learnerIds: number[];
}

export interface CbcJuniorSchool {
  schoolId: number;
  admin: { phone: string; password: string };
  auth: { authorization: string };
  /** In the order made: Grade 7 East, Grade 7 West … Grade 9 South. */
  classes: CbcClass[];
  /** Each grade's learning areas, in the report's order, with their strands' ids. */
  learningAreas: { id: number; name: string; level: string; strandIds: number[] }[];
  /** The term the assessments fall in (its id in /api/fees/terms/) and its dates. */
  term: { id: number; name: string; startDate: string; endDate: string };
  /** Every seeded assessment. */
  assessments: number;
  entries: number;
  /** A teacher of Mathematics in the first class, signed in. */
  teacher: { auth: { authorization: string }; classId: number; learningAreaId: number };
}

const STREAMS = ['East', 'West', 'North', 'South', 'Central', 'Lake'];
const FIRST_NAMES = `Amani Baraka Chebet Daudi Esther Faith Grace Hassan Imani Jabari Kamau Lilian
  Mercy Njeri Otieno Pendo Rehema Sifa Tumaini Wanjiru Wekesa Zawadi Achieng Brian`.split(/\s+/);
const LAST_NAMES = `Mwangi Otieno Kariuki Wanjiku Ochieng Njoroge Kiprop Chepkoech Mutua Akinyi
  Wafula Barasa Onyango Kimani Nyambura Ruto Koech Abdi Odhiambo Muthoni`.split(/\s+/);
const STRAND_NAMES = ['Strand 1', 'Strand 2', 'Strand 3', 'Strand 4', 'Strand 5', 'Strand 6'];

/** A request through the app's own routes, its answer's JSON; a refusal throws. */
export async function call<T>(app: App, method: string, url: string, auth = {}, payload?: object) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: auth,
    payload,
  });
  if (res.statusCode >= 300) {
    throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return res.json() as T;
}

export async function signIn(app: App, phone: string, password: string) {
  const { tokens, user } = await call<{ tokens: { access: string }; user: { id: number } }>(
    app,
    'POST',
    '/api/users/login/',
    {},
    { username: phone, password },
  );
  return { userId: user.id, auth: { authorization: `Bearer ${tokens.access}` } };
}

/** A school registered as a school registers, its admin signed in. */
export async function registerCbcSchool(app: App, phone: string, name = 'Bench Junior School') {
  const password = 'secret123';
  const registration = registerSchoolBody.parse({
    school: {
      name,
      postal_code: '00100',
      county: 'Kisumu',
      phone_number: '0720000001',
      email: 'office@junior.ac.ke',
      year_established: '2023',
      type: 'IPS',
    },
    admin: {
      first_name: 'Rose',
      last_name: 'Achieng',
      email: 'rose@junior.ac.ke',
      phone_number: phone,
      password,
    },
  });
  const { school } = await registerSchool(app.db, registration);
  return {
    schoolId: school.id,
    admin: { phone, password },
    ...(await signIn(app, phone, password)),
  };
}

/** The year with its three terms, through the API; answers the third term, the one assessed. */
async function addTerms(app: App, auth: object) {
  const year = await call<{ id: number }>(app, 'POST', '/api/fees/academic_years/', auth, {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  let last: CbcJuniorSchool['term'] | undefined;
  for (const [name, start_date, end_date] of [
    ['Term 1', '2026-01-05', '2026-04-03'],
    ['Term 2', '2026-04-27', '2026-07-31'],
    ['Term 3', '2026-08-24', '2026-10-30'],
  ] as const) {
    const term = await call<{ id: number }>(app, 'POST', '/api/fees/terms/', auth, {
      name,
      start_date,
      end_date,
      academic_year: year.id,
    });
    last = { id: term.id, name, startDate: start_date, endDate: end_date };
  }
  return last!;
}

/** The classes through the API (each CBC grade gets its default learning areas), and learners. */
async function addClassesAndLearners(
  app: App,
  school: { schoolId: number; auth: object },
  grades: number[],
  streams: number,
  perClass: number,
) {
  const made: CbcClass[] = [];
  for (const grade of grades) {
    for (const stream of STREAMS.slice(0, streams)) {
      const { class: cls } = await call<{ class: { id: number; name: string } }>(
        app,
        'POST',
        '/api/classes/',
        school.auth,
        { name: `Grade ${grade} ${stream}`, level: `Grade ${grade}` },
      );
      made.push({ id: cls.id, name: cls.name, level: `Grade ${grade}`, learnerIds: [] });
    }
  }
  const values = made.flatMap((cls, c) =>
    Array.from({ length: perClass }, (_, i) => {
      const n = c * perClass + i;
      return {
        schoolId: school.schoolId,
        classId: cls.id,
        admissionNumber: formatAdmissionNumber(n + 1),
        firstName: FIRST_NAMES[(n * 7) % FIRST_NAMES.length]!,
        lastName: LAST_NAMES[(n * 11) % LAST_NAMES.length]!,
        dateOfBirth: `${2011 + (n % 3)}-0${1 + (n % 9)}-1${n % 10}`,
        gender: n % 2 === 0 ? 'female' : 'male',
      };
    }),
  );
  const rows = await app.db
    .insert(students)
    .values(values)
    .returning({ id: students.id, classId: students.classId });
  for (const row of rows) made.find((c) => c.id === row.classId)!.learnerIds.push(row.id);
  await app.db
    .update(schools)
    .set({ lastAdmissionNumber: values.length })
    .where(sql`${schools.id} = ${school.schoolId}`);
  return made;
}

/** Each grade's learning areas (made with its classes) and `perArea` strands each. */
async function addStrands(app: App, schoolId: number, perArea: number) {
  const areas = await queryRows<{ id: number; name: string; level: string }>(
    app.db,
    sql`select a.id, a.name, l.name as level from learning_areas a
        join levels l on l.id = a.level_id
        where a.school_id = ${schoolId} order by l.name, a.id`,
  );
  const made = await app.db
    .insert(strands)
    .values(
      areas.flatMap((a) =>
        STRAND_NAMES.slice(0, perArea).map((name) => ({
          schoolId,
          learningAreaId: a.id,
          name,
        })),
      ),
    )
    .returning({ id: strands.id, areaId: strands.learningAreaId });
  return areas.map((a) => ({
    ...a,
    strandIds: made.filter((s) => s.areaId === a.id).map((s) => s.id),
  }));
}

/**
 * `perStrand` assessments of one strand each, for every strand of each class's grade, spread
 * over the term; then every learner's level in each, and its record of the change, in one
 * statement each over the whole school.
 */
async function addAssessmentsAndEntries(
  app: App,
  schoolId: number,
  createdBy: number,
  seed: {
    classes: CbcClass[];
    areas: CbcJuniorSchool['learningAreas'];
    term: CbcJuniorSchool['term'];
  },
  perStrand: number,
) {
  const start = new Date(`${seed.term.startDate}T00:00:00Z`).getTime();
  const made = seed.classes.flatMap((cls) =>
    seed.areas
      .filter((a) => a.level === cls.level)
      .flatMap((area) =>
        area.strandIds.flatMap((strandId, s) =>
          Array.from({ length: perStrand }, (_, n) => ({
            strandId,
            row: {
              schoolId,
              classId: cls.id,
              learningAreaId: area.id,
              kind: 'observation',
              // Three weeks apart, a strand a day: the term's ten weeks.
              date: new Date(start + (n * 21 + s) * 86_400_000).toISOString().slice(0, 10),
              title: `Strand ${s + 1}, assessment ${n + 1}`,
              createdBy,
            },
          })),
        ),
      ),
  );
  const ids: number[] = [];
  await inBatches(made, async (batch) => {
    const rows = await app.db
      .insert(assessments)
      .values(batch.map((m) => m.row))
      .returning({ id: assessments.id });
    ids.push(...rows.map((r) => r.id));
  });
  await inBatches(
    made.map((m, i) => ({ schoolId, assessmentId: ids[i]!, strandId: m.strandId })),
    (batch) => app.db.insert(assessmentStrands).values(batch),
  );
  const codes = RUBRIC_BANDS[rubricScaleOf(seed.classes[0]!.level)].map((b) => b.code);
  const entries = sql`select a.school_id, a.id as assessment_id, st.id as student_id, x.strand_id,
           (${sql.raw(`array[${codes.map((c) => `'${c}'`).join(', ')}]`)})
             [1 + (st.id * 7 + a.id * 3) % ${codes.length}] as level
    from assessments a
    join assessment_strands x on x.assessment_id = a.id
    join students st on st.class_id = a.class_id and st.is_active
    where a.school_id = ${schoolId}`;
  await app.db.execute(sql`
    insert into assessment_entries (school_id, assessment_id, student_id, strand_id, level, updated_by)
    select e.school_id, e.assessment_id, e.student_id, e.strand_id, e.level, ${createdBy}
    from (${entries}) e`);
  await app.db.execute(sql`
    insert into assessment_entry_changes
      (school_id, assessment_id, student_id, strand_id, level, absent, changed_by)
    select e.school_id, e.assessment_id, e.student_id, e.strand_id, e.level, false, ${createdBy}
    from (${entries}) e`);
  await app.db.execute(
    sql`analyze students, strands, assessments, assessment_strands, assessment_entries, assessment_entry_changes`,
  );
  const [counted] = await queryRows<{ entries: number }>(
    app.db,
    sql`select count(*)::int as entries from assessment_entries where school_id = ${schoolId}`,
  );
  return { assessments: ids.length, entries: counted!.entries };
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const BATCH = 500;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** A teacher of `areaId` in `classId`, added and assigned by the admin, signed in. */
async function addAssignedTeacher(
  app: App,
  auth: object,
  phone: string,
  classId: number,
  areaId: number,
) {
  const { teacher, message } = await call<{ teacher: { id: number }; message: string }>(
    app,
    'POST',
    '/api/staff/teachers/',
    auth,
    { first_name: 'Otieno', last_name: 'Were', phone_number: phone, tsc_number: `TSC${phone}` },
  );
  await call(app, 'POST', `/api/staff/teachers/${teacher.id}/assignments/`, auth, {
    class: classId,
    learning_area: areaId,
  });
  const oneTime = /one-time password (\S+);/.exec(message)?.[1];
  if (!oneTime) throw new Error(`no one-time password in: ${message}`);
  const first = (await signIn(app, phone, oneTime)).auth;
  const changed = await call<{ tokens: { access: string } }>(
    app,
    'POST',
    '/api/users/change_password/',
    first,
    { current_password: oneTime, new_password: 'own-password-123' },
  );
  return { authorization: `Bearer ${changed.tokens.access}` };
}

export async function seedCbcJuniorSchool(
  app: App,
  options: CbcJuniorSchoolOptions = {},
): Promise<CbcJuniorSchool> {
  const phone = options.adminPhone ?? '0711000000';
  const { schoolId, admin, auth, userId } = await registerCbcSchool(app, phone);
  const term = await addTerms(app, auth);
  const classes = await addClassesAndLearners(
    app,
    { schoolId, auth },
    options.grades ?? [7, 8, 9],
    options.streams ?? 4,
    options.learnersPerClass ?? 45,
  );
  const learningAreas = await addStrands(app, schoolId, options.strandsPerArea ?? 5);
  const counted = await addAssessmentsAndEntries(
    app,
    schoolId,
    userId,
    { classes, areas: learningAreas, term },
    options.assessmentsPerStrand ?? 3,
  );
  const first = classes[0]!;
  const maths = learningAreas.find((a) => a.level === first.level && a.name === 'Mathematics')!;
  const teacherAuth = await addAssignedTeacher(
    app,
    auth,
    `${phone.slice(0, -1)}9`,
    first.id,
    maths.id,
  );
  return {
    schoolId,
    admin,
    auth,
    classes,
    learningAreas,
    term,
    ...counted,
    teacher: { auth: teacherAuth, classId: first.id, learningAreaId: maths.id },
  };
}
