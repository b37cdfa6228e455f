#!/usr/bin/env node
// `npm run crash-check`: does a write the API acknowledged survive the server being killed, and
// is a write caught by a kill either whole or absent? Not part of `npm test` (a few minutes).
//
// On PostgreSQL (a scratch database made on CRASH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, dropped at the end) and then on PGlite (a temp
// DATA_DIR), it starts the real server, registers a school with classes, subjects and exams
// through the API, and runs writers that admit students with their parents and save all the
// marks of one student in one exam (some sent empty, to remove them), several requests in
// flight at once. It kills the server with SIGKILL at random moments (30 times on PostgreSQL,
// 10 on PGlite; some while it is still starting and migrating), restarting it each time, then
// reads the database and checks:
//   - every acknowledged write (a 2xx the client received) is there with the values sent;
//   - a write in flight at a kill is there whole or not at all;
//   - every student has their parent, no parent is left without the student it came with,
//     admission numbers are unique and the school's counter is not behind the highest one;
//   - a score save is all of its subjects or none, nothing is duplicated or unexplained;
//   - exam_sittings (kept by triggers from the marks) holds exactly each student's marks in each
//     exam they have marks in.
// Prints the figures; exits 1 on any violation, or when no write of a kind was acknowledged.
//
// CRASH_PORT (default 3371) is the port the server listens on. `npm run crash-check -- pglite`
// (or `-- postgres`) checks one database only.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.CRASH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.CRASH_PORT || 3371);
const base = `http://127.0.0.1:${port}`;

const ADMITTERS = 3;
const SCORERS = 3;
const CLASS_NAMES = ['Form 1 East', 'Form 2 West', 'Form 3 North'];
const SUBJECTS = [
  ['Mathematics', 'MAT'],
  ['English', 'ENG'],
  ['Kiswahili', 'KIS'],
  ['Biology', 'BIO'],
];
const EXAMS = ['Opener', 'Mid Term', 'End of Term'];
/** Of the kills, the first and then every STARTUP_KILL_EVERY-th land while the server starts. */
const STARTUP_KILL_EVERY = 5;
const STARTUP_TIMEOUT_MS = 60_000;

const random = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition) {
  while (!(await condition())) await sleep(5);
}
/** 0 → 'a', 25 → 'z', 26 → 'ba': names must be letters only. */
function letters(n) {
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
}

// ── HTTP ──────────────────────────────────────────────────────────────────────────────────────

/**
 * One request on `agent`. Resolves { status, body } when an answer arrived, and rejects when the
 * connection failed or broke before the whole answer came (the server was killed).
 */
function request(agent, method, urlPath, token, payload) {
  const data = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api${urlPath}`,
      {
        method,
        agent,
        headers: {
          ...(data === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('answer cut off')));
        res.on('end', () => {
          if (!res.complete) return reject(new Error('answer cut off'));
          const text = Buffer.concat(chunks).toString('utf8');
          let body = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {}
          resolve({ status: res.statusCode, body });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A setup call that must succeed. */
async function call(agent, token, method, urlPath, payload) {
  const { status, body } = await request(agent, method, urlPath, token, payload);
  if (status < 200 || status > 299) {
    throw new Error(`${method} ${urlPath} → ${status} ${JSON.stringify(body)}`);
  }
  return body;
}

// ── The server ────────────────────────────────────────────────────────────────────────────────

class Server {
  constructor(env) {
    this.env = env;
    this.child = undefined;
  }

  /** Spawns the server; `ready` resolves once it answers HTTP. */
  spawn() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.output = '';
    child.stdout.on('data', (chunk) => {
      this.output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      this.output += chunk;
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    this.startedAt = performance.now();
  }

  async ready() {
    const agent = new http.Agent();
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    try {
      for (;;) {
        if (this.child.exitCode !== null || this.child.signalCode !== null) {
          throw new Error(`the server exited while starting:\n${this.tail()}`);
        }
        try {
          await request(agent, 'GET', '/crash-check-ready', undefined, undefined);
          return performance.now() - this.startedAt;
        } catch {}
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${this.tail()}`);
        await sleep(25);
      }
    } finally {
      agent.destroy();
    }
  }

  tail() {
    return this.output.split('\n').slice(-15).join('\n');
  }

  get running() {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  async kill() {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop() {
    this.child.kill('SIGTERM');
    return this.exited;
  }
}

// ── What the writers sent and heard ──────────────────────────────────────────────────────────

/**
 * Admission number `seq`: a unique student name, so the row can be found even when the answer
 * never came. Every fourth admission is a sibling of the one before (same parent phone), which
 * takes the "parent already exists" path.
 */
function admissionBody(seq) {
  const parentNo = seq % 4 === 3 ? seq - 1 : seq;
  const day = String(1 + (seq % 28)).padStart(2, '0');
  const month = String(1 + (seq % 12)).padStart(2, '0');
  return {
    first_name: `Amani${letters(seq)}`,
    last_name: `Otieno${letters(seq * 7)}`,
    gender: seq % 2 ? 'female' : 'male',
    date_of_birth: `${2008 + (seq % 5)}-${month}-${day}`,
    parent: {
      first_name: `Mzazi${letters(parentNo)}`,
      last_name: `Familia${letters(parentNo)}`,
      email: `parent${parentNo}@example.com`,
      phone_number: `07${String(parentNo).padStart(8, '0')}`,
    },
  };
}

class Run {
  constructor(label) {
    this.label = label;
    this.violations = [];
    /** Admissions by student first name: { body, classId, status, id?, admissionNumber? }. */
    this.admissions = new Map();
    /** Score pairs by `${student}:${exam}`: { student, exam, acked?, unknown?, busy, saves }. */
    this.pairs = new Map();
    this.scorable = [];
    this.seq = 0;
    this.kills = { starting: 0, writing: 0 };
    this.locks = { leftBehind: 0 };
    /** Writing spells between two kills in which no write was acknowledged. */
    this.stalls = 0;
    this.restartMs = [];
    this.counts = {
      admissions: { sent: 0, acked: 0, refused: 0, unknown: 0 },
      scores: { sent: 0, acked: 0, refused: 0, unknown: 0 },
    };
  }

  violation(message) {
    this.violations.push(message);
  }

  async admit(agent, token, classId) {
    const seq = this.seq++;
    const body = admissionBody(seq);
    const admission = { body, classId, status: 'sent' };
    this.admissions.set(body.first_name, admission);
    this.counts.admissions.sent++;
    try {
      const res = await request(agent, 'POST', `/classes/${classId}/add_student/`, token, body);
      if (res.status === 201 && res.body?.student?.id) {
        admission.status = 'acked';
        admission.id = res.body.student.id;
        admission.admissionNumber = res.body.student.admission_number;
        this.counts.admissions.acked++;
        this.scorable.push(admission.id);
      } else {
        admission.status = 'refused';
        this.counts.admissions.refused++;
        this.violation(`admission refused: ${res.status} ${JSON.stringify(res.body)}`);
      }
    } catch {
      admission.status = 'unknown';
      this.counts.admissions.unknown++;
    }
  }

  /** Picks a student and exam with nothing in flight and no save of unknown fate. */
  freePair(exams) {
    for (let tries = 0; tries < 20 && this.scorable.length > 0; tries++) {
      const student = this.scorable[random(0, this.scorable.length - 1)];
      const exam = exams[random(0, exams.length - 1)];
      const key = `${student}:${exam}`;
      let pair = this.pairs.get(key);
      if (!pair) {
        pair = { student, exam, busy: false, saves: 0 };
        this.pairs.set(key, pair);
      }
      if (!pair.busy && !pair.unknown) return pair;
    }
    return undefined;
  }

  async saveScores(agent, token, exams, subjects) {
    const pair = this.freePair(exams);
    if (!pair) return sleep(5);
    pair.busy = true;
    // Every mark differs from the last acknowledged one, so a save half applied over it shows.
    // Some marks are removed (sent empty), which the save does in a second statement.
    const marks = subjects.map((_, i) => {
      const before = pair.acked?.[i];
      if (typeof before === 'number' && random(1, 5) === 1) return null;
      const whole =
        typeof before === 'number' ? (Math.floor(before) + random(1, 99)) % 100 : random(0, 99);
      return whole + (random(0, 1) ? 0.5 : 0);
    });
    this.counts.scores.sent++;
    pair.saves++;
    try {
      const res = await request(agent, 'POST', '/grades/student_subject_grades/', token, {
        student: pair.student,
        exam: pair.exam,
        subject_marks: Object.fromEntries(subjects.map((id, i) => [id, marks[i] ?? ''])),
      });
      if (res.status >= 200 && res.status < 300) {
        pair.acked = marks;
        this.counts.scores.acked++;
      } else {
        this.counts.scores.refused++;
        this.violation(`score save refused: ${res.status} ${JSON.stringify(res.body)}`);
      }
    } catch {
      pair.unknown = marks;
      this.counts.scores.unknown++;
    } finally {
      pair.busy = false;
    }
  }
}

// ── One database ──────────────────────────────────────────────────────────────────────────────

async function setUpSchool(agent, run) {
  const adminPhone = '0711000001';
  const password = 'crash1234';
  await call(agent, undefined, 'POST', '/schools/register_school/', {
    school: {
      name: 'Crash Check Secondary School',
      postal_code: '20100',
      county: 'Nakuru',
      phone_number: '0722000111',
      email: 'info@crash.ac.ke',
      year_established: '1990',
      type: 'IPS',
    },
    admin: { first_name: 'Grace', last_name: 'Njeri', phone_number: adminPhone, password },
  });
  const login = () =>
    call(agent, undefined, 'POST', '/users/login/', { username: adminPhone, password }).then(
      (answer) => ({ token: answer.tokens.access, schoolId: answer.user.school.id }),
    );
  const { token, schoolId } = await login();
  const classes = [];
  for (const name of CLASS_NAMES) {
    const answer = await call(agent, token, 'POST', `/classes/?school=${schoolId}`, { name });
    classes.push(answer.class.id);
  }
  const subjects = [];
  for (const [name, code] of SUBJECTS) {
    const answer = await call(agent, token, 'POST', '/grades/subjects/', { name, code, classes });
    subjects.push(answer.id);
  }
  const exams = [];
  for (const name of EXAMS) {
    const answer = await call(agent, token, 'POST', '/grades/exams/', {
      name,
      start_date: '2026-03-02',
      end_date: '2026-03-06',
    });
    exams.push(answer.id);
  }
  // A few students to mark from the first moment the writers run.
  for (let i = 0; i < 6; i++) await run.admit(agent, token, classes[i % classes.length]);
  return { schoolId, classes, subjects, exams, login };
}

/** Writers run until `stop.now`; the requests in flight then are the ones the kill catches. */
async function writeUntilStopped(run, school, token, stop) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: ADMITTERS + SCORERS });
  const writer = async (write) => {
    while (!stop.now) await write();
  };
  const writers = [];
  for (let i = 0; i < ADMITTERS; i++) {
    writers.push(
      writer(() => run.admit(agent, token, school.classes[random(0, school.classes.length - 1)])),
    );
  }
  for (let i = 0; i < SCORERS; i++) {
    writers.push(writer(() => run.saveScores(agent, token, school.exams, school.subjects)));
  }
  return {
    done: Promise.all(writers).finally(() => agent.destroy()),
  };
}

async function crashLoop(run, server, kills, firstKill, afterKill) {
  const setupAgent = new http.Agent();
  let school;
  try {
    for (let k = 0; k < kills; k++) {
      server.spawn();
      if (k % STARTUP_KILL_EVERY === 0) {
        // Kill it while it starts: on the first start, as the database is first created and
        // migrated; later ones somewhere between spawn and listening.
        if (k === 0) await until(async () => !server.running || (await firstKill.due()));
        else await sleep(random(0, run.restartMs.at(-1) ?? 2000));
        if (server.running) {
          await server.kill();
          run.kills.starting++;
          if (k === 0) run.firstKill = await firstKill.found();
          afterKill?.(run, server.child.pid, k);
          continue;
        }
        run.violation(`the server exited by itself while starting:\n${server.tail()}`);
        server.spawn();
      }
      run.restartMs.push(await server.ready());
      if (!school) school = await setUpSchool(setupAgent, run);
      const { token } = await school.login();
      const stop = { now: false };
      const ackedBefore = run.counts.admissions.acked + run.counts.scores.acked;
      const writing = await writeUntilStopped(run, school, token, stop);
      await sleep(random(300, 2500));
      if (!server.running) run.violation(`the server exited by itself:\n${server.tail()}`);
      stop.now = true;
      await server.kill();
      run.kills.writing++;
      afterKill?.(run, server.child.pid, k);
      await writing.done;
      if (run.counts.admissions.acked + run.counts.scores.acked === ackedBefore) run.stalls++;
    }
    // After the last kill: it must come back, and then shut down cleanly.
    server.spawn();
    run.restartMs.push(await server.ready());
    if (!school) school = await setUpSchool(setupAgent, run);
    const { code, signal } = await server.stop();
    if (code !== 0)
      run.violation(`the server did not stop cleanly (${code ?? signal}):\n${server.tail()}`);
  } finally {
    setupAgent.destroy();
    if (server.running) await server.kill();
  }
  return school;
}

// ── Checking what the database holds ──────────────────────────────────────────────────────────

async function readSchool(query, schoolId) {
  const students = await query(
    `select s.id, s.first_name, s.last_name, s.gender, s.date_of_birth::text as date_of_birth,
            s.class_id, s.admission_number, s.parent_id,
            p.first_name as parent_first_name, p.last_name as parent_last_name,
            p.email as parent_email, p.phone_number as parent_phone
       from students s left join parents p on p.id = s.parent_id
      where s.school_id = $1`,
    [schoolId],
  );
  const parents = await query(
    `select p.id, p.phone_number,
            (select count(*)::int from students s where s.parent_id = p.id) as children
       from parents p where p.school_id = $1`,
    [schoolId],
  );
  const [school] = await query('select last_admission_number from schools where id = $1', [
    schoolId,
  ]);
  const scores = await query(
    'select student_id, exam_id, subject_id, score::text as score from exam_scores where school_id = $1',
    [schoolId],
  );
  const sittings = await query(
    'select student_id, exam_id, marks::text as marks from exam_sittings where school_id = $1',
    [schoolId],
  );
  return { students, parents, counter: school.last_admission_number, scores, sittings };
}

function checkAdmissions(run, data) {
  const figures = { checked: 0, whole: 0, absent: 0 };
  const byName = new Map();
  for (const row of data.students) {
    if (byName.has(row.first_name)) run.violation(`student ${row.first_name} is there twice`);
    byName.set(row.first_name, row);
  }
  for (const [name, admission] of run.admissions) {
    const row = byName.get(name);
    byName.delete(name);
    if (!row) {
      if (admission.status === 'acked') run.violation(`acknowledged admission ${name} is missing`);
      else if (admission.status === 'unknown') figures.absent++;
      continue;
    }
    if (admission.status === 'refused') run.violation(`refused admission ${name} was written`);
    const sent = admission.body;
    const differences = [
      ['last_name', row.last_name, sent.last_name],
      ['gender', row.gender, sent.gender],
      ['date_of_birth', row.date_of_birth, sent.date_of_birth],
      ['class', row.class_id, admission.classId],
      ['parent phone', row.parent_phone, sent.parent.phone_number],
      ['parent first name', row.parent_first_name, sent.parent.first_name],
      ['parent last name', row.parent_last_name, sent.parent.last_name],
      ['parent email', row.parent_email, sent.parent.email],
    ];
    if (admission.status === 'acked') {
      differences.push(['id', row.id, admission.id]);
      differences.push(['admission number', row.admission_number, admission.admissionNumber]);
    }
    const wrong = differences.filter(([, found, expected]) => found !== expected);
    if (row.parent_id === null) run.violation(`student ${name} has no parent`);
    for (const [field, found, expected] of wrong) {
      run.violation(
        `student ${name}: ${field} is ${JSON.stringify(found)}, sent ${JSON.stringify(expected)}`,
      );
    }
    if (admission.status === 'acked') figures.checked++;
    else if (wrong.length === 0 && row.parent_id !== null) figures.whole++;
  }
  for (const name of byName.keys()) run.violation(`student ${name} was never sent`);

  const numbers = data.students.map((s) => s.admission_number);
  if (new Set(numbers).size !== numbers.length) run.violation('admission numbers are not unique');
  const highest = Math.max(0, ...numbers.map(Number));
  if (data.counter < highest) {
    run.violation(`the school's counter ${data.counter} is behind admission number ${highest}`);
  }
  for (const parent of data.parents) {
    if (parent.children === 0) run.violation(`parent ${parent.phone_number} has no student`);
  }
  return figures;
}

function checkScores(run, data, subjects) {
  const figures = { checked: 0, overwritten: 0, whole: 0, absent: 0 };
  const found = new Map();
  for (const row of data.scores) {
    const key = `${row.student_id}:${row.exam_id}`;
    if (!found.has(key)) found.set(key, new Map());
    const marks = found.get(key);
    if (marks.has(row.subject_id)) run.violation(`score ${key}:${row.subject_id} is there twice`);
    marks.set(row.subject_id, Number(row.score));
  }
  // `expected` is the marks of one save by subject, null where it removed the mark; undefined
  // when no save is expected, so there must be no marks at all.
  const same = (marks, expected) =>
    subjects.every((id, i) => (marks.get(id) ?? null) === (expected?.[i] ?? null));
  for (const [key, pair] of run.pairs) {
    const marks = found.get(key) ?? new Map();
    found.delete(key);
    if (pair.unknown && same(marks, pair.unknown)) figures.whole++;
    else if (same(marks, pair.acked)) {
      if (pair.unknown) figures.absent++;
    } else {
      const mixed =
        pair.unknown &&
        subjects.every((id, i) =>
          [pair.acked?.[i] ?? null, pair.unknown[i]].includes(marks.get(id) ?? null),
        );
      run.violation(
        `scores ${key} are ${JSON.stringify(subjects.map((id) => marks.get(id) ?? null))}${mixed ? ', half of a save' : ''}; ` +
          `last acknowledged ${JSON.stringify(pair.acked ?? null)}` +
          `${pair.unknown ? `, in flight ${JSON.stringify(pair.unknown)}` : ''}`,
      );
    }
    if (pair.acked) figures.checked++;
  }
  for (const key of found.keys()) run.violation(`scores ${key} were never sent`);
  figures.overwritten = run.counts.scores.acked - figures.checked;
  return figures;
}

/** exam_sittings against the marks: one row per student and exam with marks, holding them. */
function checkSittings(run, data) {
  const figures = { checked: 0 };
  const marksOf = new Map();
  for (const row of data.scores) {
    const key = `${row.student_id}:${row.exam_id}`;
    if (!marksOf.has(key)) marksOf.set(key, {});
    marksOf.get(key)[row.subject_id] = Number(row.score);
  }
  const sorted = (marks) => JSON.stringify(Object.entries(marks).sort(([a], [b]) => a - b));
  for (const row of data.sittings) {
    const key = `${row.student_id}:${row.exam_id}`;
    const marks = marksOf.get(key);
    marksOf.delete(key);
    if (!marks) run.violation(`exam_sittings ${key} is there without marks`);
    else if (sorted(JSON.parse(row.marks)) !== sorted(marks)) {
      run.violation(
        `exam_sittings ${key} holds ${row.marks}, the marks are ${JSON.stringify(marks)}`,
      );
    } else figures.checked++;
  }
  for (const key of marksOf.keys()) run.violation(`exam_sittings has no row for marks ${key}`);
  return figures;
}

/** Up to `limit` violations, taking from each kind (their words without numbers) in turn. */
function someOfEachKind(violations, limit) {
  const kinds = new Map();
  for (const v of violations) {
    const kind = v
      .replace(/[^a-z ]/gi, '')
      .split(' ')
      .slice(0, 4)
      .join(' ');
    kinds.set(kind, [...(kinds.get(kind) ?? []), v]);
  }
  const shown = [];
  for (let i = 0; shown.length < Math.min(limit, violations.length); i++) {
    for (const list of kinds.values()) if (list[i] && shown.length < limit) shown.push(list[i]);
  }
  return shown;
}

function report(run, figures, seconds) {
  const a = run.counts.admissions;
  const s = run.counts.scores;
  const restarts = run.restartMs.length;
  const meanRestart = run.restartMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, restarts);
  const lines = [
    `── ${run.label} ──`,
    `kills (SIGKILL): ${run.kills.starting + run.kills.writing} (${run.kills.writing} while writing, ${run.kills.starting} while starting); restarts ${restarts}, ready in ${(meanRestart / 1000).toFixed(1)} s on average`,
    ...(run.firstKill ? [`first kill, on the new database: ${run.firstKill}`] : []),
    ...(run.locks.leftBehind > 0
      ? [
          `data-folder lock files left behind by a kill: ${run.locks.leftBehind}, each taken over by the next start`,
        ]
      : []),
    `admissions: ${a.sent} sent, ${a.acked} acknowledged, ${a.refused} refused, ${a.unknown} in flight at a kill`,
    `score saves (4 subjects each, some marks removed): ${s.sent} sent, ${s.acked} acknowledged, ${s.refused} refused, ${s.unknown} in flight at a kill`,
    ...(figures
      ? [
          `acknowledged writes checked: ${figures.admissions.checked + figures.scores.checked + figures.scores.overwritten} (${figures.admissions.checked} admissions with their parents; ${figures.scores.checked + figures.scores.overwritten} score saves: ${figures.scores.checked} as the last save of their student and exam, ${figures.scores.overwritten} through a later acknowledged save of the same)`,
          `in-flight writes: ${figures.admissions.whole + figures.scores.whole} found whole, ${figures.admissions.absent + figures.scores.absent} absent (admissions ${figures.admissions.whole}/${figures.admissions.absent}, score saves ${figures.scores.whole}/${figures.scores.absent})`,
          `exam_sittings rows matching their student's marks: ${figures.sittings.checked}`,
        ]
      : ['acknowledged writes checked: none, the check did not reach the database']),
    ...(run.stalls > 0 ? [`writing spells with no write acknowledged: ${run.stalls}`] : []),
    `violations: ${run.violations.length}`,
    ...someOfEachKind(run.violations, 20).map((v) => `  ✗ ${v}`),
    ...(run.violations.length > 20 ? [`  … and ${run.violations.length - 20} more`] : []),
    `time: ${seconds.toFixed(0)} s`,
  ];
  console.log(lines.join('\n'));
}

async function check({ label, kills, serverEnv, firstKill, afterKill, openForReading }) {
  const started = performance.now();
  const run = new Run(label);
  console.log(`\n${label}: ${kills} kills…`);
  const server = new Server(serverEnv);
  let figures;
  try {
    const school = await crashLoop(run, server, kills, firstKill, afterKill);
    const { query, close } = await openForReading();
    try {
      // A run where the writes never went through proves nothing.
      for (const kind of ['admissions', 'scores']) {
        if (run.counts[kind].acked === 0) run.violation(`no ${kind} write was acknowledged at all`);
      }
      const data = await readSchool(query, school.schoolId);
      figures = {
        admissions: checkAdmissions(run, data),
        scores: checkScores(run, data, school.subjects),
        sittings: checkSittings(run, data),
      };
    } finally {
      await close();
    }
  } catch (err) {
    run.violation(`the check could not finish: ${err.stack ?? err}`);
  }
  report(run, figures, (performance.now() - started) / 1000);
  return run.violations.length;
}

function serverEnv(dataDir, databaseUrl) {
  const { DATABASE_URL: _db, JWT_SECRET: _secret, ...env } = process.env;
  return {
    ...env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
}

async function onPostgres() {
  const scratch = `shule_crash_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  const scratchDb = new pg.Client({ connectionString: url.href });
  await scratchDb.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-crash-pg-'));
  const migrationsTable = async () =>
    (await scratchDb.query("select to_regclass('drizzle.__drizzle_migrations') as t")).rows[0].t;
  const migrationCount = JSON.parse(
    readFileSync(path.join(root, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
  ).entries.length;
  try {
    return await check({
      label: `PostgreSQL (${scratch})`,
      kills: 30,
      serverEnv: serverEnv(dataDir, url.href),
      firstKill: {
        // The migrations table appears just before the migrations run, in one transaction.
        due: async () => (await migrationsTable()) !== null,
        found: async () => {
          const applied =
            (await migrationsTable()) === null
              ? 0
              : (
                  await scratchDb.query(
                    'select count(*)::int as n from drizzle.__drizzle_migrations',
                  )
                ).rows[0].n;
          const tables = (await scratchDb.query("select to_regclass('public.students') as t"))
            .rows[0].t;
          return `as the migrations ran: ${applied} of ${migrationCount} recorded, tables ${tables ? 'made' : 'not made'}`;
        },
      },
      openForReading: async () => ({
        query: async (sql, params) => (await scratchDb.query(sql, params)).rows,
        close: async () => {},
      }),
    });
  } finally {
    await scratchDb.end();
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const filesUnder = (dir) => readdirSync(dir, { recursive: true }).length;
const lockFilesIn = (dir) =>
  readdirSync(dir).filter((f) => f === 'shule.lock' || f === 'shule.sock');

async function onPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-crash-pglite-'));
  const firstKillAtFiles = random(20, 1100);
  try {
    return await check({
      label: `PGlite (${dataDir})`,
      kills: 10,
      serverEnv: serverEnv(dataDir),
      firstKill: {
        // PGlite makes the database in memory, then writes its ~1,100 files.
        due: () => filesUnder(dataDir) >= firstKillAtFiles,
        found: async () =>
          `as the new database was written: ${filesUnder(dataDir)} files in DATA_DIR, ${existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')) ? 'a whole database in place' : 'no database in place yet'}`,
      },
      afterKill: (run) => {
        // The lock is a socket the kernel frees with its process (an abstract one on Linux):
        // a kill leaves no file, and the restart must take the folder at once.
        if (lockFilesIn(dataDir).length > 0) run.locks.leftBehind++;
      },
      openForReading: async () => {
        const left = lockFilesIn(dataDir);
        if (left.length > 0) throw new Error(`the stopped server left its lock behind: ${left}`);
        const db = new PGlite(path.join(dataDir, 'pglite'));
        return {
          query: async (sql, params) => (await db.query(sql, params)).rows,
          close: () => db.close(),
        };
      },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = performance.now();
const only = process.argv[2];
if (only && only !== 'postgres' && only !== 'pglite') {
  console.error(`Usage: npm run crash-check [-- postgres|pglite]`);
  process.exit(2);
}
let violations = 0;
if (only !== 'pglite') violations += await onPostgres();
if (only !== 'postgres') violations += await onPglite();
console.log(
  `\ncrash check: ${violations} violation${violations === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(violations === 0 ? 0 : 1);
