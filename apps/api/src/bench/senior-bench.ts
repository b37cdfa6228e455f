/**
 * The senior-school part of `npm run bench` (`--senior` for it alone, on PostgreSQL): a Grade 10
 * of 12 streams x 45 learners over 20 combinations (seedSeniorSchool in
 * src/test/senior-school.ts). Measured, each against its target on PostgreSQL:
 *
 * - generating the level's teaching groups from the learners' choices
 *   (POST /api/senior/groups/generate/?level=Grade%2010): at most 1 s at the median, each run
 *   from no groups;
 * - a teaching group's mark list (GET /api/exams/{id}/marks/?group=&subject=): at most 3
 *   queries reading the group, its learners and their marks;
 * - setting a stream's 45 learners' subjects in one request (PUT /api/classes/{id}/subjects/):
 *   at most 100 ms at the median, two STEM combinations in turn so every save changes all 45.
 */
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import { type SeniorSchool, seedSeniorSchool } from '../test/senior-school';
import {
  allStatementsOf,
  type CbcFigures,
  type CbcMeasure,
  expectOk,
  measureVerdicts,
  printMeasures,
} from './cbc-bench';
import { timeSideBySide } from './measure';

const LEVEL = 'Grade 10';
const GENERATE_MAX_MEDIAN_MS = 1000;
const MARK_LIST_MAX_QUERIES = 3;
const STREAM_MAX_MEDIAN_MS = 100;

async function measureGenerate(app: App, school: SeniorSchool): Promise<CbcMeasure[]> {
  const url = `/api/senior/groups/generate/?level=${encodeURIComponent(LEVEL)}`;
  const fromNone = async () => {
    await app.db.execute(sql`delete from teaching_groups where school_id = ${school.schoolId}`);
    await expectOk(app.inject({ method: 'POST', url, headers: school.auth }), `POST ${url}`);
  };
  const log = await allStatementsOf(app.db, fromNone);
  const [timing] = await timeSideBySide([fromNone], { warmup: 1, samples: 7, budgetMs: 30_000 });
  return [
    {
      name: `generate the teaching groups, ${school.classes.length} streams x ${school.classes[0]!.learnerIds.length}`,
      timing: timing!,
      statements: log.length,
      maxMedianMs: GENERATE_MAX_MEDIAN_MS,
      log,
    },
  ];
}

async function measureGroupMarks(app: App, school: SeniorSchool): Promise<CbcMeasure[]> {
  const groups = await expectOk(
    app.inject({
      method: 'POST',
      url: `/api/senior/groups/generate/?level=${encodeURIComponent(LEVEL)}`,
      headers: school.auth,
    }),
    'generate',
  );
  const group = groups.json<{ groups: { id: number; subject: { id: number }; size: number }[] }>()
    .groups[0]!;
  const exam = await expectOk(
    app.inject({
      method: 'POST',
      url: '/api/grades/exams/',
      headers: school.auth,
      payload: { name: 'Opener', start_date: '2026-02-02', end_date: '2026-02-06' },
    }),
    'POST /api/grades/exams/',
  );
  const url = `/api/exams/${exam.json<{ id: number }>().id}/marks/?group=${group.id}&subject=${group.subject.id}`;
  const read = () => expectOk(app.inject({ method: 'GET', url, headers: school.auth }), url);
  const log = await allStatementsOf(app.db, read);
  const reads = log.filter((l) => /exam_scores|teaching_group_members|students/.test(l)).length;
  const [timing] = await timeSideBySide([read], { warmup: 3, samples: 30, budgetMs: 15_000 });
  return [
    {
      name: `a teaching group's mark list, ${group.size} learners (${reads} reading them)`,
      timing: timing!,
      statements: log.length,
      log,
      checks: [
        {
          ok: reads <= MARK_LIST_MAX_QUERIES,
          text: `senior school, a group's mark list, at most ${MARK_LIST_MAX_QUERIES} queries of its learners and marks — ${reads} (${log.length} statements in all)`,
        },
      ],
    },
  ];
}

async function measureStreamSubjects(app: App, school: SeniorSchool): Promise<CbcMeasure[]> {
  const stream = school.classes[0]!;
  const stem = school.combinations.filter((c) => c.pathway_name === 'STEM').slice(0, 2);
  const body = (c: (typeof stem)[number]) => ({
    students: stream.learnerIds.map((student) => ({
      student,
      pathway: c.pathway,
      combination: c.id,
      mathematics: 'core',
      language: 'KIS',
      from: '2026-02-01',
    })),
  });
  const bodies = stem.map(body);
  let turn = 0;
  const url = `/api/classes/${stream.id}/subjects/`;
  const save = () =>
    expectOk(
      app.inject({ method: 'PUT', url, headers: school.auth, payload: bodies[turn++ % 2] }),
      `PUT ${url}`,
    );
  await save();
  const log = await allStatementsOf(app.db, save);
  const [timing] = await timeSideBySide([save], { warmup: 3, samples: 30, budgetMs: 30_000 });
  return [
    {
      name: `set a stream's ${stream.learnerIds.length} learners' subjects in one request`,
      timing: timing!,
      statements: log.length,
      maxMedianMs: STREAM_MAX_MEDIAN_MS,
      log,
    },
  ];
}

/** Seeds the senior school on this driver and runs its measures; prints them. */
export async function benchSenior(app: App, adminPhone: string): Promise<CbcFigures> {
  const t0 = performance.now();
  const school = await seedSeniorSchool(app, { adminPhone });
  const learners = school.classes.reduce((n, c) => n + c.learnerIds.length, 0);
  const described = `${school.classes.length} Grade 10 streams (${learners} learners), ${school.combinations.length} combinations`;
  console.log(
    `\nSenior school: ${described}, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );
  const measures: CbcMeasure[] = [];
  // The stream's subjects first: the groups are generated from the choices as they then are.
  for (const measure of [measureStreamSubjects, measureGenerate, measureGroupMarks]) {
    measures.push(...(await measure(app, school)));
  }
  console.log('In-process (inject), as the admin; q: SQL statements per request.');
  printMeasures(measures);
  return { school: described, measures };
}

export const seniorVerdicts = (label: string, figures: CbcFigures | undefined) =>
  measureVerdicts('senior school', label, figures);
