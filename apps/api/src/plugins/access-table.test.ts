import { readFileSync } from 'node:fs';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@shule/shared/auth-constants';
import type { StudentsWithGrades } from '@shule/shared/scores';
import { notYourSubjectMessage } from '@shule/shared/teaching';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { teachingAssignments } from '../db/schema/index';
import { isPublicRoute } from '../modules/index';
import {
  authAs,
  bearerOf,
  createTestApp,
  expectStatus,
  registerSchool,
  type SignedInSchool,
  type TestApp,
  teacherOf,
} from '../test/app';
import { insertClass, insertStudent } from '../test/seed';
import type { Access } from './access';

/**
 * docs/decisions/017-who-may-call-what.md holds a table row `| Method | Path | Who | Notes |`
 * for every API route. This file checks the table against the routes the app registers, then
 * walks it with a teacher, a student account and no token.
 */
const TABLE_FILE = 'docs/decisions/017-who-may-call-what.md';
const table = readFileSync(new URL(`../../../../${TABLE_FILE}`, import.meta.url), 'utf8');

type Who = 'anyone' | 'signed in' | 'staff' | 'admin';
const WHO_OF_ACCESS: Record<Access, Who> = {
  admin: 'admin',
  staff: 'staff',
  signed_in: 'signed in',
};
const ROLE_MESSAGE = {
  admin: 'Only admin accounts can do that',
  staff: 'Only admin or teacher accounts can do that',
};

interface Row {
  method: string;
  path: string;
  who: string;
}

/** The table's rows: every line `| METHOD | /api/... | who | notes |`. */
const rows: Row[] = table
  .split('\n')
  .map((line) => line.match(/^\|\s*([A-Z]+)\s*\|\s*(\/api\/\S*)\s*\|\s*([^|]*?)\s*\|/))
  .filter((match) => match !== null)
  .map(([, method, path, who]) => ({ method: method!, path: path!, who: who! }));

/** Fastify's `/api/students/:id/` as the table (and the OpenAPI description) writes it. */
const tablePath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
const key = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const routes = new Map<string, Row>();
let t: TestApp;
let school: SignedInSchool;
let teacher: Record<string, string>;
let student: Record<string, string>;
/** A teacher still holding a one-time password (as a login with it signs the token). */
let oneTimePasswordTeacher: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
        const access = (route.config as { access?: Access } | undefined)?.access;
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          const who = isPublicRoute(method, route.url)
            ? 'anyone'
            : access
              ? WHO_OF_ACCESS[access]
              : 'nobody said';
          const row = { method, path: tablePath(route.url), who };
          routes.set(key(row), row);
        }
      },
    },
  );
  await t.app.ready();
  school = await registerSchool(t.app, 'Table Academy');
  teacher = (await teacherOf(t.app, school.schoolId)).auth;
  student = await authAs(t.app, school.schoolId, 'student');
  const flagged = await teacherOf(t.app, school.schoolId);
  oneTimePasswordTeacher = await bearerOf(t.app, flagged.userId, school.schoolId, 'teacher', {
    password_change_required: true,
  });
});

const rowText = ({ method, path, who }: Row) => `| ${method} | ${path} | ${who} | |`;

describe(`the table of ${TABLE_FILE}`, () => {
  it('has rows', () => {
    // A table the parser cannot read would make every check below pass with nothing checked.
    expect(rows.length).toBeGreaterThan(90);
    expect(rows.every(({ who }) => ['anyone', 'signed in', 'staff', 'admin'].includes(who))).toBe(
      true,
    );
  });

  it('lists every route, once', () => {
    const listed = new Set(rows.map(key));
    const missing = [...routes.values()]
      .filter((route) => !listed.has(key(route)))
      .map((route) => `add this row to ${TABLE_FILE}: ${rowText(route)}`);
    expect(missing).toEqual([]);
    const twice = rows.filter((row, i) => rows.findIndex((r) => key(r) === key(row)) !== i);
    expect(twice.map((row) => `listed twice in ${TABLE_FILE}: ${rowText(row)}`)).toEqual([]);
  });

  it('lists no route that does not exist', () => {
    const gone = rows
      .filter((row) => !routes.has(key(row)))
      .map((row) => `remove this row from ${TABLE_FILE} (no such route): ${rowText(row)}`);
    expect(gone).toEqual([]);
  });

  it('says the access each route declares', () => {
    const wrong = rows
      .filter((row) => routes.has(key(row)) && routes.get(key(row))!.who !== row.who)
      .map(
        (row) =>
          `${key(row)}: the table says "${row.who}", the route "${routes.get(key(row))!.who}"`,
      );
    expect(wrong).toEqual([]);
  });
});

/** A path of the row: the caller's school for `{school}`, an id no row has for the others. */
const pathOf = (row: Row) =>
  row.path.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) =>
    name === 'school' ? String(school.schoolId) : '999999',
  );

const callAs = (row: Row, headers: Record<string, string>) =>
  t.app.inject({
    method: row.method as InjectOptions['method'],
    url: pathOf(row),
    headers,
    payload: ['GET', 'DELETE'].includes(row.method) ? undefined : {},
  });

/** Rows that sign their caller out everywhere: a walk calls them last. */
const SIGNS_CALLER_OUT = ['POST /api/users/sessions/end_all/'];
const signsCallerOut = (row: Row) => SIGNS_CALLER_OUT.includes(key(row));

/** The answers among `rows` that `expected` does not accept, as readable lines. */
async function refusals(
  of: Row[],
  headers: Record<string, string>,
  expected: (status: number, message: unknown) => boolean,
) {
  const wrong: string[] = [];
  const ordered = [...of.filter((row) => !signsCallerOut(row)), ...of.filter(signsCallerOut)];
  for (const row of ordered) {
    const res = await callAs(row, headers);
    const message = String(res.headers['content-type']).includes('json')
      ? res.json().message
      : undefined;
    if (!expected(res.statusCode, message)) {
      wrong.push(`${key(row)} (${row.who}) answered ${res.statusCode} ${message ?? ''}`);
    }
  }
  return wrong;
}

describe('walking the table', () => {
  const ofWho = (...who: Who[]) => rows.filter((row) => (who as string[]).includes(row.who));

  it('answers 401 without a token on every row but the public ones', async () => {
    const rowsWithToken = ofWho('signed in', 'staff', 'admin');
    expect(await refusals(rowsWithToken, {}, (status) => status === 401)).toEqual([]);
  });

  it("answers a teacher 403 with the role's message on every admin row", async () => {
    expect(
      await refusals(
        ofWho('admin'),
        teacher,
        (status, message) => status === 403 && message === ROLE_MESSAGE.admin,
      ),
    ).toEqual([]);
  });

  it('lets a teacher past the role check on every staff and signed-in row', async () => {
    // Made-up ids and empty bodies answer 400, 403 (another school) or 404: anything but the
    // role's refusal, which comes before the body is read.
    expect(
      await refusals(
        ofWho('staff', 'signed in'),
        teacher,
        (status, message) =>
          status !== 401 &&
          status < 500 &&
          !(status === 403 && Object.values(ROLE_MESSAGE).includes(message as string)),
      ),
    ).toEqual([]);
  });

  it('answers a one-time password 403 on every row but its own account and the password change', async () => {
    const beforeChange = ['GET /api/users/user/', 'POST /api/users/change_password/'];
    const refused = ofWho('signed in', 'staff', 'admin').filter(
      (row) => !beforeChange.includes(key(row)),
    );
    expect(beforeChange.every((k) => rows.some((row) => key(row) === k))).toBe(true);
    expect(
      await refusals(
        refused,
        oneTimePasswordTeacher,
        (status, message) => status === 403 && message === PASSWORD_CHANGE_REQUIRED_MESSAGE,
      ),
    ).toEqual([]);
    expect(
      await refusals(
        rows.filter((row) => beforeChange.includes(key(row))),
        oneTimePasswordTeacher,
        (status) => status !== 403 && status !== 401,
      ),
    ).toEqual([]);
  });

  it("answers a student's account 403 on every staff and admin row", async () => {
    const expected = (who: 'staff' | 'admin') => (status: number, message: unknown) =>
      status === 403 && message === ROLE_MESSAGE[who];
    expect(await refusals(ofWho('staff'), student, expected('staff'))).toEqual([]);
    expect(await refusals(ofWho('admin'), student, expected('admin'))).toEqual([]);
  });
});

describe("a teacher's marks", () => {
  it('are refused once the assignment has ended, writing nothing', async () => {
    const who = await registerSchool(t.app, 'Ended Assignment School');
    const form1 = await insertClass(t.app, who.schoolId, 'Form 1');
    const created = async (path: string, body: object) =>
      (
        await expectStatus(
          t.app.inject({ method: 'POST', url: path, headers: who.auth, payload: body }),
          201,
        )
      ).json().id as number;
    const mat = await created('/api/grades/subjects/', {
      name: 'Mathematics',
      code: 'MAT',
      classes: [form1],
    });
    const exam = await created('/api/grades/exams/', {
      name: 'Mid term',
      start_date: '2024-03-04',
      end_date: '2024-03-08',
    });
    const amina = await insertStudent(t.app, who.schoolId, form1, { first: 'Amina', last: 'W' });
    const { auth, userId, teacherId } = await teacherOf(t.app, who.schoolId, [
      { classId: form1, subjectId: mat },
    ]);
    const save = (mark: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/grades/student_subject_grades/',
        headers: auth,
        payload: { student: amina, exam, subject_marks: { [mat]: mark } },
      });
    await expectStatus(save(60), 200);

    await t.app.db
      .update(teachingAssignments)
      .set({ endedAt: new Date(), endedBy: userId })
      .where(eq(teachingAssignments.teacherId, teacherId));
    await expectStatus(save(75), 403, notYourSubjectMessage('Mathematics', 'Form 1'));

    const marks = await t.app.inject({
      method: 'GET',
      url: `/api/students/students_with_grades/?exam=${exam}&class=${form1}`,
      headers: who.auth,
    });
    const row = (marks.json() as StudentsWithGrades).students.find((s) => s.id === amina);
    expect(row?.marks).toEqual({ [mat]: 60 });
  });
});
