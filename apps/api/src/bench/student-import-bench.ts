/**
 * The students import in `npm run bench`: a 2,000-row CSV (every column of
 * the template filled, a parent to every two students) previewed and imported by the school's
 * admin, into the bench school's own classes. Held to a preview under 3 s and an import under
 * 10 s, and to a constant number of SQL queries whatever the size of the file.
 *
 * bench.ts calls benchStudentImport last for each driver (it adds 2,000 students to the school)
 * and studentImportVerdicts for the verdict. `npx tsx src/bench/student-import-bench.ts` runs it
 * alone on PGlite, on a school of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { toCsv } from '@shule/shared/csv';
import { STUDENT_CSV_COLUMNS } from '@shule/shared/student-columns';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { queryRows } from '../db/raw-rows';
import { ms, printTable, watchQueries } from './measure';

type Queries = ReturnType<typeof watchQueries>;

const ROWS = 2000;
const PREVIEW_TARGET_MS = 3000;
const IMPORT_TARGET_MS = 10_000;

export interface StudentImportFigures {
  rows: number;
  bytes: number;
  previewMs: number;
  importMs: number;
  previewQueries: number;
  importQueries: number;
  imported: number;
}

/** A students CSV of `rows` rows in `classNames`, phones starting `phonePrefix` (4 digits). */
export function studentsCsv(rows: number, classNames: string[], phonePrefix: string) {
  const names = ['Wanjiru', 'Otieno', 'Akinyi', 'Kiprop', 'Njeri', 'Baraka', 'Chebet', 'Zawadi'];
  const body = Array.from({ length: rows }, (_, i) => {
    const family = Math.floor(i / 2);
    const values: Record<(typeof STUDENT_CSV_COLUMNS)[number], string> = {
      first_name: `${names[i % names.length]}${i}`,
      last_name: "Ng'ang'a",
      date_of_birth: `${(i % 28) + 1}/${(i % 12) + 1}/2011`,
      gender: i % 2 ? 'F' : 'M',
      class: classNames[i % classNames.length]!,
      admission_number: '',
      parent_first_name: 'Mary',
      parent_last_name: "Wa'Njeri",
      parent_phone: `${phonePrefix}${String(family).padStart(6, '0')}`,
      parent_email: `parent${family}@example.com`,
      parent_national_id_number: String(20_000_000 + family),
      upi: `B${phonePrefix}${i}`,
      birth_certificate_number: `BC/${i}`,
      entry_exam: 'KCPE',
      entry_index_number: String(10_000_000_000 + i),
      entry_marks: String(200 + (i % 300)),
      nationality: 'Kenyan',
      county: 'nakuru',
      sub_county: 'Njoro',
      special_needs: '',
      medical_condition: i % 50 ? '' : 'Asthma',
      nhif_number: `SHA${i}`,
      sms_consent: i % 3 ? 'Yes' : '',
      photo_consent: '',
    };
    return STUDENT_CSV_COLUMNS.map((c) => values[c]);
  });
  return toCsv(STUDENT_CSV_COLUMNS, body);
}

function form(csv: string) {
  const boundary = `----shule${randomBytes(8).toString('hex')}`;
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function benchStudentImport(
  app: App,
  queries: Queries | undefined,
  school: { schoolId: number; auth: { authorization: string } },
): Promise<StudentImportFigures> {
  const classes = await queryRows<{ name: string }>(
    app.db,
    sql`select name from classes where school_id = ${school.schoolId} order by id`,
  );
  const prefix = `07${String(Date.now() % 100).padStart(2, '0')}`;
  const csv = studentsCsv(
    ROWS,
    classes.map((c) => c.name),
    prefix,
  );
  const send = async (url: string) => {
    const { payload, headers } = form(csv);
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...school.auth, ...headers },
      payload,
    });
    return { res, ms: performance.now() - t0 };
  };
  // One preview to warm up, then the median of three.
  await send('/api/students/import/preview/');
  const previews: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const { res, ms: took } = await send('/api/students/import/preview/');
    if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}`);
    const body = res.json();
    if (body.invalid !== 0)
      throw new Error(
        `preview found problems: ${JSON.stringify(body.rows.find((r: { errors: object }) => Object.keys(r.errors).length))}`,
      );
    previews.push(took);
  }
  previews.sort((a, b) => a - b);
  const previewQueries = queries
    ? (await queries.statementsOf(() => send('/api/students/import/preview/'))).length
    : Number.NaN;
  let imported = { res: undefined as unknown as Awaited<ReturnType<typeof send>>['res'], ms: 0 };
  const importQueries = queries
    ? (
        await queries.statementsOf(async () => {
          imported = await send('/api/students/import/');
        })
      ).length
    : Number.NaN;
  if (!queries) imported = await send('/api/students/import/');
  if (imported.res.statusCode !== 201)
    throw new Error(
      `import answered ${imported.res.statusCode}: ${imported.res.body.slice(0, 200)}`,
    );
  const figures: StudentImportFigures = {
    rows: ROWS,
    bytes: Buffer.byteLength(csv),
    previewMs: previews[1]!,
    importMs: imported.ms,
    previewQueries,
    importQueries,
    imported: imported.res.json().imported,
  };
  console.log(
    `\nStudents import: a ${ROWS.toLocaleString('en')}-row CSV, every column filled, a parent to every two students.`,
  );
  printTable(
    ['students import', 'rows', 'file', 'ms', 'target ms', 'queries'],
    [
      [
        'preview (median of 3)',
        String(ROWS),
        `${(figures.bytes / 1024).toFixed(0)} KB`,
        ms(figures.previewMs),
        String(PREVIEW_TARGET_MS),
        String(previewQueries),
      ],
      [
        'import',
        String(figures.imported),
        '',
        ms(figures.importMs),
        String(IMPORT_TARGET_MS),
        importQueries ? String(importQueries) : 'one transaction (not counted)',
      ],
    ],
  );
  return figures;
}

export function studentImportVerdicts(
  label: string,
  figures: StudentImportFigures | undefined,
): [ok: boolean | undefined, text: string][] {
  if (!figures) return [];
  return [
    [
      figures.previewMs < PREVIEW_TARGET_MS,
      `${label}: preview of a ${figures.rows.toLocaleString('en')}-row students CSV under ${PREVIEW_TARGET_MS / 1000} s — ${ms(figures.previewMs)} ms (${figures.previewQueries} queries)`,
    ],
    [
      figures.importMs < IMPORT_TARGET_MS && figures.imported === figures.rows,
      `${label}: import of ${figures.rows.toLocaleString('en')} students under ${IMPORT_TARGET_MS / 1000} s — ${ms(figures.importMs)} ms, ${figures.imported} imported`,
    ],
  ];
}

/**
 * Alone: PGlite in memory (or, with BENCH_DATABASE_URL, a scratch database on that server), a
 * new school with 16 classes.
 */
async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-import-bench-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratchName = `shule_import_bench_${randomBytes(4).toString('hex')}`;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  let database: Database;
  if (serverUrl) {
    await adminQuery(`create database ${scratchName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${scratchName}`;
    database = await openPostgres(url.toString());
  } else database = await openPglite();
  const label = serverUrl ? 'PostgreSQL' : 'PGlite';
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db: database.db });
  try {
    const phone = '0711000001';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/schools/register_school/',
      payload: {
        school: {
          name: 'Njoro Boys',
          postal_code: '20107',
          county: 'Nakuru',
          phone_number: '0720000000',
          email: 'info@njoro.ac.ke',
          year_established: '1990',
          type: 'IPS',
        },
        admin: {
          first_name: 'Jane',
          last_name: 'Wanjiku',
          email: 'jane@njoro.ac.ke',
          phone_number: phone,
          password: 'secret123',
        },
      },
    });
    if (registered.statusCode !== 201) throw new Error(registered.body);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: phone, password: 'secret123' },
    });
    const { tokens, user } = login.json();
    const auth = { authorization: `Bearer ${tokens.access}` };
    for (const form of [1, 2, 3, 4])
      for (const stream of ['East', 'West', 'North', 'South'])
        await app.inject({
          method: 'POST',
          url: `/api/classes/?school=${user.school.id}`,
          headers: auth,
          payload: { name: `Form ${form} ${stream}` },
        });
    const figures = await benchStudentImport(app, watchQueries(database.db), {
      schoolId: user.school.id,
      auth,
    });
    for (const [ok, text] of studentImportVerdicts(label, figures))
      console.log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
  } finally {
    await app.close();
    await database.close();
    if (serverUrl) await adminQuery(`drop database if exists ${scratchName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
