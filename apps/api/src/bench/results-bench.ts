/**
 * The results part of `npm run bench`: merit lists and report forms of the bench's
 * school, 2,000 students in 16 classes of 125 in four levels (Form 1 … Form 4, four streams
 * each), 12 subjects with their KCSE codes, the one-click KCSE scale applied (so the KCSE rule
 * and every subject's bands) and one exam fully marked, with an earlier exam marked for every
 * level so that deviations are computed, and a combined exam of the two (30% the earlier, 70%
 * the marked one) whose level merit list is held to one aggregate of the same marks.
 *
 * bench.ts calls benchResults for each driver after its own lists and load test, and
 * resultsVerdicts for its verdict, judged on PostgreSQL only: a level's merit list in at most
 * 45 ms at the median and within 3x one SQL aggregate over the same marks; a class's report
 * forms in at most 2.5 s and 60 KB a page; the analysis of a level within 3x the same
 * aggregate. The level's merit list, sent packed (packages/shared/src/results/
 * merit-list-packed.ts), is held to 2x that aggregate and 15 kB in Brotli.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unpackMeritList } from '@shule/shared/results/merit-list-packed';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app';
import { examComponents, exams } from '../db/schema/index';
import { type LargeSchool, seedEarlierExam } from '../test/large-school';
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
type ResultsSchool = LargeSchool & { auth: { authorization: string } };

const JUDGED_DRIVER = 'PostgreSQL';
const LEVEL_MEDIAN_MAX_MS = 45;
const LEVEL_AGGREGATE_MAX_RATIO = 3;
/** A level's merit list, packed: against the same aggregate, and its bytes in Brotli. */
const MERIT_LIST_AGGREGATE_MAX_RATIO = 2;
const MERIT_LIST_MAX_BROTLI_BYTES = 15 * 1024;
const CLASS_PDF_MAX_SECONDS = 2.5;
const PDF_PAGE_MAX_BYTES = 60 * 1024;
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** A merit list request (or the four levels one after another) beside the SQL it is held to. */
export interface MeritListFigures {
  name: string;
  rows: number;
  api: Timing;
  /** The request's own statements replayed on the driver. */
  sql: Timing;
  /** One aggregate per level over the same marks: sum and count per student. */
  aggregate: Timing;
  bytes: { identity: number; gzip?: number; br?: number };
  queriesSmall: number;
  queriesLarge: number;
}

export interface ReportFigures {
  name: string;
  /** Why it was not measured: the route is not there, or it answered an error. */
  skipped?: string;
  seconds?: Timing;
  bytes?: number;
  pages?: number;
  queries?: number;
}

export interface ResultsFigures {
  level: MeritListFigures;
  /** The analysis of the same level , held to the same aggregate. */
  analysis: MeritListFigures;
  school: MeritListFigures;
  /** A level's merit list of the combined exam . */
  combined: MeritListFigures;
  reports: ReportFigures[];
  /** The class whose report forms were measured, e.g. "Form 1 East (125 students)". */
  reportClass: string;
}

/** Answers of a GET as `school`'s admin, asking for `encoding`. */
function getter(app: App) {
  return (school: ResultsSchool, url: string, encoding = BROWSER_ENCODINGS) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...school.auth, 'accept-encoding': encoding },
    });
}

function expectOk(res: LightMyRequestResponse, url: string) {
  if (res.statusCode !== 200) {
    throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
  return res;
}

/** The school's levels, in order (Form 1 … Form 4). */
function levelsOf(school: LargeSchool) {
  const levels = [...new Set(school.classLevels)];
  if (levels.some((l) => l === null)) {
    throw new Error('the bench school has classes without a level: seed it with levels: true');
  }
  return levels as string[];
}

const meritListUrl = (school: LargeSchool, level: string) =>
  `/api/exams/${school.examId}/merit_list/?level=${encodeURIComponent(level)}`;

const analysisUrl = (school: LargeSchool, level: string) =>
  `/api/exams/${school.examId}/analysis/?level=${encodeURIComponent(level)}`;

/** The students a level's answer covers: a merit list's rows, an analysis's entries. */
const studentsIn = (body: {
  rows?: { student_id: unknown[] };
  overall?: { summary: { entries: number } };
}) => body.rows?.student_id.length ?? body.overall?.summary.entries ?? 0;

/** The active students of level $3 of school $2, for the aggregates below. */
const LEVEL_STUDENTS = `select s.id from students s join classes c on c.id = s.class_id
       where s.school_id = $2 and s.is_active and c.level = $3`;

/** One SQL aggregate over a level's marks in the exam: the floor a merit list is held to. */
const aggregateStatement = (school: LargeSchool, level: string): unknown[] => [
  `select es.student_id, sum(es.score), count(*)
   from exam_scores es
   where es.exam_id = $1 and es.student_id in (${LEVEL_STUDENTS})
   group by es.student_id`,
  [school.examId, school.schoolId, level],
];

/**
 * One SQL aggregate over a level's marks in the components of combined exam `school.examId`,
 * weighted: the floor its merit list is held to.
 */
const combinedAggregateStatement = (school: LargeSchool, level: string): unknown[] => [
  `select es.student_id, sum(es.score * ec.weight), sum(ec.weight)
   from exam_components ec join exam_scores es on es.exam_id = ec.component_exam_id
   where ec.exam_id = $1 and es.student_id in (${LEVEL_STUDENTS})
   group by es.student_id`,
  [school.examId, school.schoolId, level],
];

/** A combined exam of `earlierExamId` (30%) and the school's marked exam (70%). */
async function seedCombinedExam(app: App, school: ResultsSchool, earlierExamId: number) {
  const [exam] = await app.db
    .insert(exams)
    .values({
      schoolId: school.schoolId,
      name: 'Term 1 result',
      startDate: '2026-04-01',
      endDate: '2026-04-01',
    })
    .returning({ id: exams.id });
  await app.db.insert(examComponents).values([
    { schoolId: school.schoolId, examId: exam!.id, componentExamId: earlierExamId, weight: 30 },
    { schoolId: school.schoolId, examId: exam!.id, componentExamId: school.examId, weight: 70 },
  ]);
  return { ...school, examId: exam!.id };
}

/**
 * The merit lists of `levels` one after another (one level, or the whole school): timed in
 * turn with their replayed statements and with one aggregate per level.
 */
async function measureMeritLists(
  app: App,
  queries: Queries,
  name: string,
  large: ResultsSchool,
  small: ResultsSchool,
  levels: string[],
  options: {
    samples: number;
    budgetMs: number;
    urlOf?: typeof meritListUrl;
    aggregateOf?: typeof aggregateStatement;
  },
): Promise<MeritListFigures> {
  const get = getter(app);
  const urlOf = options.urlOf ?? meritListUrl;
  const urls = levels.map((level) => urlOf(large, level));
  let rows = 0;
  const bytes: MeritListFigures['bytes'] = { identity: 0 };
  for (const url of urls) {
    const plain = expectOk(await get(large, url, 'identity'), url);
    rows += studentsIn(plain.json());
    bytes.identity += plain.rawPayload.length;
    for (const encoding of ['gzip', 'br'] as const) {
      const res = await get(large, url, encoding);
      if (res.headers['content-encoding'] === encoding) {
        bytes[encoding] = (bytes[encoding] ?? 0) + res.rawPayload.length;
      }
    }
  }
  const statements = await queries.statementsOf(async () => {
    for (const url of urls) await get(large, url);
  });
  const smallStatements = await queries.statementsOf(async () => {
    for (const level of levels) expectOk(await get(small, urlOf(small, level)), level);
  });
  const aggregateOf = options.aggregateOf ?? aggregateStatement;
  const aggregates = levels.map((level) => aggregateOf(large, level));
  const [api, sql, aggregate] = await timeSideBySide(
    [
      async () => {
        for (const url of urls) await get(large, url);
      },
      () => queries.replay(statements),
      () => queries.replay(aggregates),
    ],
    { warmup: 3, ...options },
  );
  return {
    name,
    rows,
    api: api!,
    sql: sql!,
    aggregate: aggregate!,
    bytes,
    queriesSmall: smallStatements.length,
    queriesLarge: statements.length,
  };
}

/** Pages of a PDF: pdfinfo's count when it is installed, else its /Type /Page objects. */
function pdfPages(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shule-bench-pdf-'));
  try {
    const file = path.join(dir, 'forms.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: 'pipe' });
    const pages = /^Pages:\s+(\d+)/m.exec(info);
    if (pages) return Number(pages[1]);
  } catch {
    // No pdfinfo (or it could not read the file): count the page objects instead.
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/**
 * Report forms: one student's (json and pdf) and a class's (json and pdf). Until the route is
 * on main, each row says so instead of failing the run.
 */
async function measureReportForms(
  app: App,
  queries: Queries,
  school: ResultsSchool,
  classId: number,
  studentId: number,
): Promise<ReportFigures[]> {
  const get = getter(app);
  const base = `/api/exams/${school.examId}/report_cards/?class=${classId}`;
  const requests = [
    { name: 'report form, one student (json)', url: `${base}&student=${studentId}&format=json` },
    { name: 'report form, one student (pdf)', url: `${base}&student=${studentId}&format=pdf` },
    { name: 'report forms, a class (json)', url: `${base}&format=json`, whole: true },
    { name: 'report forms, a class (pdf)', url: `${base}&format=pdf`, whole: true },
  ];
  const figures: ReportFigures[] = [];
  for (const { name, url, whole } of requests) {
    const first = await get(school, url, 'identity');
    if (first.statusCode !== 200) {
      const missing =
        first.statusCode === 404 &&
        /^(No route|Route) GET/.test(first.json<{ message?: string }>().message ?? '');
      figures.push({
        name,
        skipped: missing
          ? 'not on main yet'
          : `answered ${first.statusCode}: ${first.body.slice(0, 80)}`,
      });
      continue;
    }
    const pdf = first.headers['content-type']?.toString().startsWith('application/pdf');
    const statements = await queries.statementsOf(() => get(school, url, 'identity'));
    const [seconds] = await timeSideBySide([() => get(school, url, 'identity')], {
      warmup: 1,
      samples: whole ? 7 : 30,
      budgetMs: whole ? 20_000 : 5000,
    });
    figures.push({
      name,
      seconds: { ...seconds!, p50: seconds!.p50 / 1000, p95: seconds!.p95 / 1000 },
      bytes: first.rawPayload.length,
      pages: pdf ? pdfPages(first.rawPayload) : undefined,
      queries: statements.length,
    });
  }
  return figures;
}

/**
 * Measures and prints the results of the bench's large school on this driver; `small` (the
 * 100-student school) gives the statements per request at another size.
 */
export async function benchResults(
  app: App,
  queries: Queries,
  large: ResultsSchool,
  small: ResultsSchool,
): Promise<ResultsFigures> {
  const t0 = performance.now();
  const largeEarlier = await seedEarlierExam(app.db, large);
  const smallEarlier = await seedEarlierExam(app.db, small);
  const levels = levelsOf(large);
  const get = getter(app);

  const sample = unpackMeritList(
    expectOk(await get(large, meritListUrl(large, levels[0]!), 'identity'), levels[0]!).json(),
  );
  const withDeviation = sample.rows.filter((r) => r.deviation !== null).length;
  console.log(
    `\nResults: exam "${sample.exam.name}" (${sample.exam.grading_scheme} rule, the KCSE ` +
      `scale applied) fully marked, "${sample.previous_exam?.name ?? 'none'}" before it ` +
      `(${withDeviation} of ${sample.rows.length} rows of ${levels[0]} with a deviation); ` +
      `${levels.length} levels (${levels.join(', ')}). Earlier exam marked in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );

  const level = await measureMeritLists(
    app,
    queries,
    `merit list, a level (${levels[0]})`,
    large,
    small,
    [levels[0]!],
    { samples: 100, budgetMs: 8000 },
  );
  const analysis = await measureMeritLists(
    app,
    queries,
    `analysis, a level (${levels[0]})`,
    large,
    small,
    [levels[0]!],
    { samples: 60, budgetMs: 8000, urlOf: analysisUrl },
  );
  const school = await measureMeritLists(
    app,
    queries,
    'merit lists, whole school',
    large,
    small,
    levels,
    { samples: 30, budgetMs: 10_000 },
  );
  const combined = await measureMeritLists(
    app,
    queries,
    `merit list, combined exam (${levels[0]})`,
    await seedCombinedExam(app, large, largeEarlier),
    await seedCombinedExam(app, small, smallEarlier),
    [levels[0]!],
    { samples: 100, budgetMs: 8000, aggregateOf: combinedAggregateStatement },
  );
  console.log(
    "Latency: in-process (inject) with a browser's accept-encoding, in turn with the raw SQL (the " +
      "request's statements replayed) and with one aggregate over the same marks (sum and count " +
      'per student). The whole school: its four levels one after another (four requests, four ' +
      'aggregates). The combined exam (30% the earlier exam, 70% this one): its aggregate weighs ' +
      'both exams’ marks. q@N: SQL statements at N students.',
  );
  printTable(
    [
      'request',
      'rows',
      'p50 ms',
      'p95 ms',
      'SQL p50',
      'agg p50',
      'agg p95',
      'p50/agg',
      'p95/agg',
      'identity',
      'gzip',
      'br',
      'q@100',
      'q@2000',
    ],
    [level, analysis, school, combined].map((m) => [
      m.name,
      String(m.rows),
      ms(m.api.p50),
      ms(m.api.p95),
      ms(m.sql.p50),
      ms(m.aggregate.p50),
      ms(m.aggregate.p95),
      times(m.api.p50 / m.aggregate.p50),
      times(m.api.p95 / m.aggregate.p95),
      kb(m.bytes.identity),
      m.bytes.gzip === undefined ? 'n/c' : kb(m.bytes.gzip),
      m.bytes.br === undefined ? 'n/c' : kb(m.bytes.br),
      String(m.queriesSmall),
      String(m.queriesLarge),
    ]),
  );

  const classId = large.classIds[0]!;
  const classRows = sample.rows.filter((r) => r.class.id === classId);
  const reportClass = `${classRows[0]?.class.name ?? `class ${classId}`} (${classRows.length} students)`;
  const reports = await measureReportForms(app, queries, large, classId, classRows[0]!.student_id);
  console.log(`\nReport forms of ${reportClass}: identity, p50/p95 over the samples taken.`);
  printTable(
    ['report forms', 'p50 s', 'p95 s', 'samples', 'bytes', 'pages', 'bytes/page', 'q'],
    reports.map((r) =>
      r.skipped
        ? { name: r.name, note: r.skipped }
        : [
            r.name,
            r.seconds!.p50.toFixed(3),
            r.seconds!.p95.toFixed(3),
            String(r.seconds!.samples),
            kb(r.bytes!),
            r.pages === undefined ? '-' : String(r.pages),
            r.pages ? kb(r.bytes! / r.pages) : '-',
            String(r.queries),
          ],
    ),
  );
  return { level, analysis, school, combined, reports, reportClass };
}

/** PASS/FAIL lines for the results targets, on PostgreSQL; none for another driver. */
export function resultsVerdicts(
  label: string,
  figures: ResultsFigures | undefined,
): [ok: boolean | undefined, text: string][] {
  if (label !== JUDGED_DRIVER || !figures) return [];
  const { level, analysis, combined } = figures;
  const lines: [boolean | undefined, string][] = [
    [
      analysis.api.p50 <= LEVEL_AGGREGATE_MAX_RATIO * analysis.aggregate.p50,
      `${label}: ${analysis.name} within ${LEVEL_AGGREGATE_MAX_RATIO}x one SQL aggregate over the same marks (median) — ${times(analysis.api.p50 / analysis.aggregate.p50)} (${ms(analysis.api.p50)} ms against ${ms(analysis.aggregate.p50)} ms)`,
    ],
    [
      level.api.p50 <= LEVEL_MEDIAN_MAX_MS,
      `${label}: ${level.name} (${level.rows} students) at most ${LEVEL_MEDIAN_MAX_MS} ms at the median — ${ms(level.api.p50)} ms (p95 ${ms(level.api.p95)})`,
    ],
    [
      level.api.p50 <= MERIT_LIST_AGGREGATE_MAX_RATIO * level.aggregate.p50,
      `${label}: ${level.name} within ${MERIT_LIST_AGGREGATE_MAX_RATIO}x one SQL aggregate over the same marks (median) — ${times(level.api.p50 / level.aggregate.p50)} (${ms(level.api.p50)} ms against ${ms(level.aggregate.p50)} ms)`,
    ],
    [
      level.bytes.br !== undefined && level.bytes.br <= MERIT_LIST_MAX_BROTLI_BYTES,
      `${label}: ${level.name} at most ${MERIT_LIST_MAX_BROTLI_BYTES / 1024} kB in Brotli — ${level.bytes.br === undefined ? 'sent uncompressed' : kb(level.bytes.br)} (${kb(level.bytes.identity)} identity)`,
    ],
    [
      combined.api.p50 <= LEVEL_AGGREGATE_MAX_RATIO * combined.aggregate.p50,
      `${label}: ${combined.name} within ${LEVEL_AGGREGATE_MAX_RATIO}x one SQL aggregate over the same marks (median) — ${times(combined.api.p50 / combined.aggregate.p50)} (${ms(combined.api.p50)} ms against ${ms(combined.aggregate.p50)} ms)`,
    ],
  ];
  const classPdf = figures.reports.find((r) => r.name === 'report forms, a class (pdf)')!;
  if (classPdf.skipped) {
    lines.push([undefined, `${label}: report forms of a class: ${classPdf.skipped}`]);
    return lines;
  }
  const perPage = classPdf.pages ? classPdf.bytes! / classPdf.pages : Infinity;
  lines.push(
    [
      classPdf.seconds!.p50 <= CLASS_PDF_MAX_SECONDS,
      `${label}: report forms of ${figures.reportClass} (pdf) in at most ${CLASS_PDF_MAX_SECONDS} s at the median — ${classPdf.seconds!.p50.toFixed(2)} s`,
    ],
    [
      perPage <= PDF_PAGE_MAX_BYTES,
      `${label}: report forms at most ${PDF_PAGE_MAX_BYTES / 1024} kB a page — ${kb(perPage)} (${kb(classPdf.bytes!)} for ${classPdf.pages} pages)`,
    ],
  );
  return lines;
}
