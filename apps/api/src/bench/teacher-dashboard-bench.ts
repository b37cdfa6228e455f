/**
 * The teacher's dashboard in `npm run bench`: GET /api/dashboard/teacher/ as
 * a teacher of the bench's school (2,000 students in 16 classes of 125), who teaches two
 * subjects in three classes and leads the first class, while an open exam (started two days
 * ago) is marked in the first two classes (every mark) and not yet in the others. Held to at
 * most 3 SQL queries at 100 and at 2,000 students on each driver; its latency is shown beside
 * the same statements replayed.
 *
 * bench.ts calls benchTeacherDashboard for each driver after the results part (the open exam it
 * adds must not change what the results part measures) and teacherDashboardVerdicts for the
 * verdict.
 */
import { todayIn } from '@shule/shared/school-time';
import type { TeacherDashboard } from '@shule/shared/teacher-dashboard';
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import { queryRows } from '../db/raw-rows';
import { openSession } from '../modules/auth/sessions';
import type { LargeSchool } from '../test/large-school';
import {
  kb,
  ms,
  printTable,
  type Timing,
  timeSideBySide,
  times,
  type watchQueries,
} from './measure';

type Queries = ReturnType<typeof watchQueries>;

const MAX_QUERIES = 3;
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const URL = '/api/dashboard/teacher/';

export interface TeacherDashboardFigures {
  /** "6 assignments, 1 open exam, 2 of 6 complete, class of 125". */
  shape: string;
  api: Timing;
  sql: Timing;
  bytes: { identity: number; gzip?: number };
  queriesSmall: number;
  queriesLarge: number;
}

function day(days: number) {
  const d = new Date(`${todayIn()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The school's first teacher (class teacher of its first class) given two subjects in each of
 * the first three classes, and an open exam marked in the first two classes: their
 * Authorization header.
 */
async function seedTeacher(app: App, school: LargeSchool) {
  const [teacher] = await queryRows<{ id: number; user_id: number }>(
    app.db,
    sql`select id, user_id from teachers where school_id = ${school.schoolId} order by id limit 1`,
  );
  if (!teacher) throw new Error('the bench school has no teacher');
  const [c0, c1, c2] = school.classIds;
  const [s0, s1] = school.subjectIds;
  await app.db.execute(sql`
    insert into teaching_assignments (school_id, teacher_id, class_id, subject_id, created_by)
    select ${school.schoolId}, ${teacher.id}, c, s, ${teacher.user_id}
    from unnest(${`{${c0},${c1},${c2}}`}::int[]) c, unnest(${`{${s0},${s1}}`}::int[]) s`);
  const [exam] = await queryRows<{ id: number }>(
    app.db,
    sql`insert into exams (school_id, name, start_date, end_date)
        values (${school.schoolId}, 'Mid term (open)', ${day(-2)}, ${day(3)}) returning id`,
  );
  await app.db.execute(sql`
    insert into exam_scores (school_id, exam_id, student_id, subject_id, class_id, score)
    select ${school.schoolId}, ${exam!.id}, s.id, sc.subject_id, s.class_id, 20 + (s.id * 7) % 80
    from students s join subject_classes sc on sc.class_id = s.class_id
    where s.school_id = ${school.schoolId}
      and s.class_id = any(${`{${school.classIds.slice(0, 2).join(',')}}`}::int[])`);
  await app.db.execute(sql`analyze teaching_assignments, exams, exam_scores, exam_sittings`);
  const user = { id: teacher.user_id, schoolId: school.schoolId };
  const token = await app.signAccessToken({
    sub: String(teacher.user_id),
    school_id: school.schoolId,
    roles: [{ name: 'teacher' }],
    session_version: 0,
    session_id: await openSession(app.db, user, { address: null, device: 'Bench' }),
  });
  return { authorization: `Bearer ${token}` };
}

export async function benchTeacherDashboard(
  app: App,
  queries: Queries,
  large: LargeSchool,
  small: LargeSchool,
): Promise<TeacherDashboardFigures> {
  const largeAuth = await seedTeacher(app, large);
  const smallAuth = await seedTeacher(app, small);
  const get = (auth: object, encoding = BROWSER_ENCODINGS) =>
    app.inject({ method: 'GET', url: URL, headers: { ...auth, 'accept-encoding': encoding } });

  const plain = await get(largeAuth, 'identity');
  if (plain.statusCode !== 200) {
    throw new Error(`GET ${URL} answered ${plain.statusCode}: ${plain.body.slice(0, 200)}`);
  }
  const body = plain.json<TeacherDashboard>();
  const items = body.open_exams.flatMap((e) => e.items);
  const shape =
    `${body.assignments.length} assignments, ${body.open_exams.length} open exam(s), ` +
    `${items.filter((i) => i.entered === i.owed).length} of ${items.length} complete, ` +
    `class of ${body.my_class?.count ?? 0}`;
  const gzip = await get(largeAuth, 'gzip');

  const statements = await queries.statementsOf(() => get(largeAuth));
  // Once first, as the large school's was: a user's first request also reads their session.
  await get(smallAuth);
  const queriesSmall = (await queries.statementsOf(() => get(smallAuth))).length;
  const [api, raw] = await timeSideBySide([() => get(largeAuth), () => queries.replay(statements)]);
  const figures: TeacherDashboardFigures = {
    shape,
    api: api!,
    sql: raw!,
    bytes: {
      identity: plain.rawPayload.length,
      gzip: gzip.headers['content-encoding'] === 'gzip' ? gzip.rawPayload.length : undefined,
    },
    queriesSmall,
    queriesLarge: statements.length,
  };

  console.log(`\nTeacher's dashboard: ${shape}.`);
  printTable(
    [
      'endpoint',
      'p50 ms',
      'p95 ms',
      'SQL p50',
      'SQL p95',
      'p50/SQL',
      'identity',
      'gzip',
      'q@100',
      'q@2000',
    ],
    [
      [
        'dashboard: teacher',
        ms(api!.p50),
        ms(api!.p95),
        ms(raw!.p50),
        ms(raw!.p95),
        times(api!.p50 / raw!.p50),
        kb(figures.bytes.identity),
        figures.bytes.gzip === undefined ? 'n/c' : kb(figures.bytes.gzip),
        String(queriesSmall),
        String(statements.length),
      ],
    ],
  );
  return figures;
}

export function teacherDashboardVerdicts(
  label: string,
  figures: TeacherDashboardFigures | undefined,
): [ok: boolean | undefined, text: string][] {
  if (!figures) return [];
  const most = Math.max(figures.queriesSmall, figures.queriesLarge);
  return [
    [
      most <= MAX_QUERIES,
      `${label}: the teacher's dashboard at 2,000 students in at most ${MAX_QUERIES} queries — ` +
        `${figures.queriesLarge} (${figures.queriesSmall} at 100); ${ms(figures.api.p50)} ms at the median (p95 ${ms(figures.api.p95)})`,
    ],
  ];
}
