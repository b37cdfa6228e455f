/**
 * The CBC part of `npm run bench` (`--cbc` for it alone, on PostgreSQL): a junior school of
 * Grades 7-9, four streams of 45 learners each, nine learning areas a grade with five strands
 * each, and a term of three assessments a strand with every learner's level entered
 * (seedCbcJuniorSchool in src/test/cbc-junior-school.ts). Measured, each against its target on
 * PostgreSQL:
 *
 * - saving one assessment's levels for a class of 45 (PUT /api/cbc/assessments/{id}/levels/,
 *   by the learning area's teacher): at most 60 ms at the median. The assessment is made
 *   through the API; the first save inserts its 45 levels, then each timed save changes all 45
 *   (two sets in turn), so every save writes 45 levels and 45 records of the change.
 *
 * - a class's term summary: at most 3 queries of the term's entries, and within 3x one SQL
 *   aggregate over the same rows;
 * - a class's progress reports: at most 2.5 s at the median, and 80 kB a page.
 *
 * A measure is a function of the app and the seeded school answering its rows for the table
 * and the verdicts (CBC_MEASURES).
 */
import type { AssessmentSheet } from '@shule/shared/cbc-assessments';
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import type { Db } from '../db/client';
import { isSessionVersionRead } from '../modules/auth/sessions';
import { type CbcJuniorSchool, seedCbcJuniorSchool } from '../test/cbc-junior-school';
import { kb, ms, printTable, type Timing, timeSideBySide, times } from './measure';

const JUDGED_DRIVER = 'PostgreSQL';
const SAVE_MAX_MEDIAN_MS = 60;
const SAVE_SAMPLES = 30;

export interface CbcMeasure {
  name: string;
  /** What the request is timed at, as the table shows it. */
  timing: Timing;
  /** SQL statements of one request, transactions included (begin and commit counted). */
  statements: number;
  /** The median it is held to, on PostgreSQL; none for a request shown for comparison. */
  maxMedianMs?: number;
  /** The request's statements, a line each, to read when it is over its target. */
  log: string[];
  /** Further verdicts of the measure (a ratio, a size), judged on PostgreSQL. */
  checks?: { ok: boolean; text: string }[];
}

export interface CbcFigures {
  /** The seeded school, in words, for the verdicts. */
  school: string;
  measures: CbcMeasure[];
}

type SendQuery = (...args: unknown[]) => unknown;
interface Queryable {
  query: SendQuery;
}

/**
 * The SQL statements `run` sends, those inside transactions too (watchQueries in measure.ts
 * sees only the pool's own). On PostgreSQL every statement runs on a client taken from the
 * pool (`connect`, with a callback for the pool's own queries, awaited for a transaction): each
 * such client's `query` is watched while `run` runs. On PGlite, the instance's `query` and the
 * one `transaction` hands its callback. The session check's read is left out.
 */
export async function allStatementsOf(db: Db, run: () => Promise<unknown>) {
  const client = (db as unknown as { session: { client: Record<string, SendQuery> } }).session
    .client;
  const caught: string[] = [];
  const restores: (() => void)[] = [];
  const watched = new WeakSet<object>();
  const watch = (target: Queryable) => {
    if (watched.has(target)) return;
    watched.add(target);
    const send = target.query;
    target.query = (...args: unknown[]) => {
      if (!isSessionVersionRead(args[0])) caught.push(statementText(args[0]));
      return send.apply(target, args);
    };
    restores.push(() => {
      target.query = send;
    });
  };
  const wrap = (name: string, wrapped: (original: SendQuery) => SendQuery) => {
    const original = client[name]!;
    client[name] = wrapped(original.bind(client));
    restores.push(() => {
      client[name] = original;
    });
  };
  if (typeof client.connect === 'function') {
    wrap('connect', (connect) => (...args: unknown[]) => {
      const callback = args[0];
      if (typeof callback !== 'function') {
        return (connect() as Promise<Queryable>).then((pooled) => {
          watch(pooled);
          return pooled;
        });
      }
      return connect((err: unknown, pooled: Queryable | undefined, ...rest: unknown[]) => {
        if (pooled) watch(pooled);
        return callback(err, pooled, ...rest);
      });
    });
  } else {
    watch(client as unknown as Queryable);
    wrap(
      'transaction',
      (transaction) =>
        (callback: unknown, ...rest: unknown[]) =>
          transaction(
            (tx: Queryable) => {
              watch(tx);
              return (callback as (tx: Queryable) => unknown)(tx);
            },
            ...rest,
          ),
    );
  }
  try {
    await run();
    return caught;
  } finally {
    for (const restore of restores.reverse()) restore();
  }
}

function statementText(statement: unknown) {
  const text =
    typeof statement === 'string' ? statement : ((statement as { text?: string })?.text ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

export async function expectOk<T extends { statusCode: number; body: string }>(
  res: Promise<T>,
  what: string,
) {
  const answer = await res;
  if (answer.statusCode >= 300) {
    throw new Error(`${what} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  }
  return answer;
}

/**
 * One assessment of the teacher's class and learning area (its first strand), made through
 * the API, and its levels saved once: the first save inserts them. Then SAVE_SAMPLES saves of
 * every level changed, timed in turn with the GET of the same sheet (for comparison).
 */
async function measureLevelSave(app: App, school: CbcJuniorSchool): Promise<CbcMeasure[]> {
  const { teacher } = school;
  const area = school.learningAreas.find((a) => a.id === teacher.learningAreaId)!;
  const strand = area.strandIds[0]!;
  const made = await expectOk(
    app.inject({
      method: 'POST',
      url: '/api/cbc/assessments/',
      headers: teacher.auth,
      payload: {
        class: teacher.classId,
        learning_area: area.id,
        kind: 'written',
        date: school.term.endDate,
        strands: [strand],
      },
    }),
    'POST /api/cbc/assessments/',
  );
  const sheetUrl = `/api/cbc/assessments/${made.json<{ id: number }>().id}/`;
  const url = `${sheetUrl}levels/`;
  const learners = school.classes.find((c) => c.id === teacher.classId)!.learnerIds;
  const codes = ['EE1', 'EE2', 'ME1', 'ME2', 'AE1', 'AE2', 'BE1', 'BE2'];
  const body = (shift: number) => ({
    entries: learners.map((student, i) => ({
      student,
      strand,
      level: codes[(i + shift) % codes.length],
    })),
  });
  const bodies = [body(0), body(3)];
  let turn = 0;
  const save = async () => {
    const res = await expectOk(
      app.inject({ method: 'PUT', url, headers: teacher.auth, payload: bodies[turn++ % 2] }),
      `PUT ${url}`,
    );
    const sheet = res.json<AssessmentSheet>();
    if (sheet.entries.length !== learners.length) {
      throw new Error(`PUT ${url} kept ${sheet.entries.length} levels of ${learners.length}`);
    }
    return sheet;
  };
  const read = () =>
    expectOk(app.inject({ method: 'GET', url: sheetUrl, headers: teacher.auth }), sheetUrl);
  await save();
  const log = await allStatementsOf(app.db, save);
  const readLog = await allStatementsOf(app.db, read);
  const [timing, readTiming] = await timeSideBySide([save, read], {
    warmup: 3,
    samples: SAVE_SAMPLES,
    budgetMs: 30_000,
  });
  return [
    {
      name: `save one assessment's levels, a class of ${learners.length}`,
      timing: timing!,
      statements: log.length,
      maxMedianMs: SAVE_MAX_MEDIAN_MS,
      log,
    },
    { name: 'GET the same sheet', timing: readTiming!, statements: readLog.length, log: readLog },
  ];
}

const SUMMARY_MAX_STATEMENTS = 3;
const SUMMARY_MAX_RATIO = 3;
const REPORTS_MAX_MEDIAN_MS = 2500;
const REPORTS_MAX_PAGE_BYTES = 80 * 1024;

/**
 * A class's term summary (GET /api/cbc/classes/{id}/summary/?term=, as the admin), timed in
 * turn with one SQL aggregate over the same rows: the class's levels of the term counted by
 * learning area, strand and level. Its statements that read the term's entries (the loader's,
 * at most 3) are counted apart from the request's checks of who asks and which class and term.
 */
async function measureClassSummary(app: App, school: CbcJuniorSchool): Promise<CbcMeasure[]> {
  const cls = school.classes[0]!;
  const url = `/api/cbc/classes/${cls.id}/summary/?term=${school.term.id}`;
  const summary = () => expectOk(app.inject({ method: 'GET', url, headers: school.auth }), url);
  const aggregate = () =>
    app.db.execute(sql`
      select a.learning_area_id, e.strand_id, e.level, count(*)
      from assessment_entries e join assessments a on a.id = e.assessment_id
      where a.school_id = ${school.schoolId} and a.class_id = ${cls.id}
        and a.date between ${school.term.startDate} and ${school.term.endDate}
      group by 1, 2, 3`);
  const log = await allStatementsOf(app.db, summary);
  const reads = log.filter((line) => /assessment_entries|assessment_strands/.test(line)).length;
  const [timing, sqlTiming] = await timeSideBySide([summary, aggregate], {
    warmup: 3,
    samples: 30,
    budgetMs: 20_000,
  });
  const ratio = timing!.p50 / sqlTiming!.p50;
  return [
    {
      name: `class summary, ${cls.learnerIds.length} learners (${reads} reading entries)`,
      timing: timing!,
      statements: log.length,
      log,
      checks: [
        {
          ok: reads <= SUMMARY_MAX_STATEMENTS,
          text: `CBC, class summary, at most ${SUMMARY_MAX_STATEMENTS} queries of the term's entries — ${reads}`,
        },
        {
          ok: ratio <= SUMMARY_MAX_RATIO,
          text: `CBC, class summary, within ${SUMMARY_MAX_RATIO}x one SQL aggregate over the same rows — ${times(ratio)} (${ms(timing!.p50)} ms against ${ms(sqlTiming!.p50)} ms)`,
        },
      ],
    },
    { name: 'one SQL aggregate, the same rows', timing: sqlTiming!, statements: 1, log: [] },
  ];
}

/** A class's progress reports (GET /api/cbc/progress_reports/?class=&term=): time and bytes a page. */
async function measureProgressReports(app: App, school: CbcJuniorSchool): Promise<CbcMeasure[]> {
  const cls = school.classes[0]!;
  const url = `/api/cbc/progress_reports/?class=${cls.id}&term=${school.term.id}`;
  const reports = () => expectOk(app.inject({ method: 'GET', url, headers: school.auth }), url);
  const pdf = (await reports()).rawPayload;
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
  const perPage = pdf.length / Math.max(1, pages);
  const log = await allStatementsOf(app.db, reports);
  const [timing] = await timeSideBySide([reports], { warmup: 1, samples: 5, budgetMs: 15_000 });
  return [
    {
      name: `progress reports, a class of ${cls.learnerIds.length} (${pages} pages, ${kb(perPage)} a page)`,
      timing: timing!,
      statements: log.length,
      maxMedianMs: REPORTS_MAX_MEDIAN_MS,
      log,
      checks: [
        {
          ok: perPage <= REPORTS_MAX_PAGE_BYTES,
          text: `CBC, progress reports, at most ${kb(REPORTS_MAX_PAGE_BYTES)} a page — ${kb(perPage)} (${pages} pages, ${kb(pdf.length)})`,
        },
      ],
    },
  ];
}

/** The measures, in the order printed; each runs on the same seeded school. */
const CBC_MEASURES: ((app: App, school: CbcJuniorSchool) => Promise<CbcMeasure[]>)[] = [
  measureLevelSave,
  measureClassSummary,
  measureProgressReports,
];

/** A part's measures as a table, with the statements of any over its target. */
export function printMeasures(measures: CbcMeasure[]) {
  printTable(
    ['request', 'p50 ms', 'p95 ms', 'samples', 'target p50', 'q'],
    measures.map((m) => [
      m.name,
      ms(m.timing.p50),
      ms(m.timing.p95),
      String(m.timing.samples),
      m.maxMedianMs === undefined ? '-' : `${m.maxMedianMs} ms`,
      String(m.statements),
    ]),
  );
  for (const m of measures.filter((m) => m.timing.p50 > (m.maxMedianMs ?? Infinity))) {
    console.log(`  Statements of "${m.name}" (over its target):`);
    for (const line of m.log) console.log(`    ${line.slice(0, 160)}`);
  }
}

/** Seeds the junior school on this driver and runs CBC_MEASURES; prints them. */
export async function benchCbc(app: App, adminPhone: string): Promise<CbcFigures> {
  const t0 = performance.now();
  const school = await seedCbcJuniorSchool(app, { adminPhone });
  const learners = school.classes.reduce((n, c) => n + c.learnerIds.length, 0);
  const described =
    `${school.classes.length} classes of ${school.classes[0]!.learnerIds.length} ` +
    `(${learners} learners), ${school.learningAreas.length} learning areas, ` +
    `${school.assessments.toLocaleString('en')} assessments, ${school.entries.toLocaleString('en')} levels`;
  console.log(
    `\nCBC: a junior school, ${described}, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );
  const measures: CbcMeasure[] = [];
  for (const measure of CBC_MEASURES) measures.push(...(await measure(app, school)));
  console.log(
    `In-process (inject), as the learning area's teacher; q: SQL statements per request, ` +
      'transactions included.',
  );
  printMeasures(measures);
  return { school: described, measures };
}

/** The verdicts of a part's measures (its name leads each line), judged on PostgreSQL only. */
export function measureVerdicts(
  part: string,
  label: string,
  figures: CbcFigures | undefined,
): [ok: boolean | undefined, text: string][] {
  if (!figures || label !== JUDGED_DRIVER) return [];
  return figures.measures.flatMap((m): [boolean, string][] => [
    ...(m.maxMedianMs === undefined
      ? []
      : [
          [
            m.timing.p50 <= m.maxMedianMs,
            `${label}: ${part}, ${m.name}, at most ${m.maxMedianMs} ms at the median — ` +
              `${ms(m.timing.p50)} ms (p95 ${ms(m.timing.p95)}, ${m.timing.samples} runs, ${m.statements} statements)`,
          ] as [boolean, string],
        ]),
    ...(m.checks ?? []).map((c): [boolean, string] => [c.ok, `${label}: ${c.text}`]),
  ]);
}

export const cbcVerdicts = (label: string, figures: CbcFigures | undefined) =>
  measureVerdicts('CBC', label, figures);
