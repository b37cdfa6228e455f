import {
  TEACHER_CSV_COLUMNS,
  TEACHER_IMPORT_MESSAGES,
  type TeacherImportPreview,
  type TeacherImportResult,
  teacherImportResultSchema,
} from '@shule/shared/teacher-import';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, teachers, users } from '../../db/schema/index';
import { expectStatus, login, type SignedInSchool, uniquePhone, useTestApp } from '../../test/app';
import { signedInTeacher } from '../../test/fixtures';
import { csvImportRequests, csvInColumns } from '../../test/multipart';

const { t, schools: signedIn } = useTestApp('Kenya High School', 'Maseno School');
const [ours, theirs] = signedIn;

const { preview, importFile } = csvImportRequests(t, '/api/teachers/import/', 'teachers.csv');

type Row = Partial<Record<(typeof TEACHER_CSV_COLUMNS)[number], string>>;
let tsc = 0;
const row = (overrides: Row = {}): Row => ({
  first_name: 'Achieng',
  last_name: "O'Dhiambo",
  phone_number: uniquePhone(),
  tsc_number: `TSC${Date.now() % 100000}${++tsc}`,
  ...overrides,
});
const csvOf = (rows: Row[]) => csvInColumns(TEACHER_CSV_COLUMNS, rows);

const countTeachers = async (s: SignedInSchool) =>
  (
    await t.app.db.select({ n: count() }).from(teachers).where(eq(teachers.schoolId, s.schoolId))
  )[0]!.n;

describe('GET /api/teachers/import/template/', () => {
  it('is the header row, for admins only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/teachers/import/template/',
      headers: ours.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe(`${TEACHER_CSV_COLUMNS.join(',')}\r\n`);
    const teacher = await signedInTeacher(t.app, ours);
    const asTeacher = await t.app.inject({
      method: 'GET',
      url: '/api/teachers/import/template/',
      headers: teacher.auth,
    });
    expect(asTeacher.statusCode).toBe(403);
  });
});

describe('POST /api/teachers/import/preview/', () => {
  it("says each row's problems in words: taken phones (any school's), taken TSC numbers", async () => {
    const first = row();
    await expectStatus(await importFile(ours, csvOf([first])), 201);
    const before = await countTeachers(ours);
    const res = await preview(
      ours,
      csvOf([
        row(),
        row({ phone_number: theirs.phone }),
        row({ tsc_number: first.tsc_number!.toLowerCase() }),
        row({ phone_number: '12345', first_name: '' }),
      ]),
    );
    const body = (await expectStatus(res, 200)).json() as TeacherImportPreview;
    expect(body).toMatchObject({ valid: 1, invalid: 3, file_errors: [] });
    expect(body.rows.map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(body.rows[0]!.errors).toEqual({});
    expect(body.rows[1]!.errors).toEqual({
      phone_number: [TEACHER_IMPORT_MESSAGES.phoneCannotBeAdded(theirs.phone)],
    });
    expect(body.rows[2]!.errors).toEqual({
      tsc_number: [TEACHER_IMPORT_MESSAGES.tscTaken(first.tsc_number!.toLowerCase())],
    });
    expect(Object.keys(body.rows[3]!.errors).sort()).toEqual(['first_name', 'phone_number']);
    expect(await countTeachers(ours)).toBe(before);
  });

  it("says of another school's user's phone only that it cannot be added, as of one of ours", async () => {
    const res = await preview(
      ours,
      csvOf([row({ phone_number: theirs.phone }), row({ phone_number: ours.phone })]),
    );
    const body = (await expectStatus(res, 200)).json() as TeacherImportPreview;
    const [theirRow, ourRow] = body.rows;
    expect(theirRow!.errors.phone_number![0]!.replace(theirs.phone, 'X')).toBe(
      ourRow!.errors.phone_number![0]!.replace(ours.phone, 'X'),
    );
    expect(JSON.stringify(body)).not.toMatch(/another school|Maseno/);
  });

  it("another school's TSC numbers are not ours", async () => {
    const theirsRow = row();
    await expectStatus(await importFile(theirs, csvOf([theirsRow])), 201);
    const body = (
      await expectStatus(
        await preview(ours, csvOf([row({ tsc_number: theirsRow.tsc_number })])),
        200,
      )
    ).json() as TeacherImportPreview;
    expect(body).toMatchObject({ valid: 1, invalid: 0 });
  });

  it('names missing columns as a file error; no file is a field error; no token 401', async () => {
    const body = (
      await expectStatus(await preview(ours, 'first_name,last_name\nA,B'), 200)
    ).json() as TeacherImportPreview;
    expect(body.file_errors).toEqual([
      TEACHER_IMPORT_MESSAGES.missingColumns(['Phone number', 'TSC number']),
    ]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/teachers/import/preview/',
      headers: ours.auth,
      payload: {},
    });
    expect((await expectStatus(noFile, 400)).json().errors.file).toEqual([
      TEACHER_IMPORT_MESSAGES.missingFile,
    ]);
    expect((await preview(null, csvOf([row()]))).statusCode).toBe(401);
  });
});

describe('POST /api/teachers/import/', () => {
  it('imports every row with a one-time password that logs in as a teacher', async () => {
    const rows = [row({ email: 'achieng@example.com' }), row({ first_name: 'Juma' }), row()];
    const before = await countTeachers(ours);
    const res = await importFile(ours, csvOf(rows));
    const body = (await expectStatus(res, 201)).json() as TeacherImportResult;
    expect(teacherImportResultSchema.parse(body)).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.imported).toBe(3);
    expect(body.teachers.map((x) => x.phone_number)).toEqual(rows.map((r) => r.phone_number));
    expect(await countTeachers(ours)).toBe(before + 3);

    const [user] = await t.app.db
      .select({ id: users.id, hash: users.passwordHash, email: users.email })
      .from(users)
      .where(eq(users.phoneNumber, rows[0]!.phone_number!));
    expect(user!.email).toBe('achieng@example.com');
    expect(user!.hash).toMatch(/^\$argon2id\$/);
    expect(user!.hash).not.toContain(body.teachers[0]!.one_time_password);

    const second = body.teachers[1]!;
    const signedIn = await login(t.app, second.phone_number, second.one_time_password);
    expect(signedIn.schoolId).toBe(ours.schoolId);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/schools/${ours.schoolId}/teachers/`,
      headers: ours.auth,
    });
    const listed = me
      .json()
      .teachers.find(
        (x: { user: { phone_number: string } }) => x.user.phone_number === second.phone_number,
      );
    expect(listed).toMatchObject({ tsc_number: rows[1]!.tsc_number, is_active: true });
    const [audited] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, ours.schoolId), eq(auditLog.action, 'user_added')));
    expect(audited!.n).toBeGreaterThanOrEqual(3);
  });

  it('imports nothing when one row is bad, and says which', async () => {
    const before = await countTeachers(ours);
    const good = row();
    const res = await importFile(ours, csvOf([good, row({ phone_number: theirs.phone }), row()]));
    const body = (await expectStatus(res, 400)).json();
    expect(body.message).toBe(TEACHER_IMPORT_MESSAGES.invalidRows(1));
    expect(body.rows).toEqual([
      expect.objectContaining({
        row: 3,
        errors: { phone_number: [TEACHER_IMPORT_MESSAGES.phoneCannotBeAdded(theirs.phone)] },
      }),
    ]);
    expect(await countTeachers(ours)).toBe(before);
    const [found] = await t.app.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.phoneNumber, good.phone_number!));
    expect(found!.n).toBe(0);
  });

  it('is for admins: no token 401, a teacher 403', async () => {
    expect((await importFile(null, csvOf([row()]))).statusCode).toBe(401);
    const teacher = await signedInTeacher(t.app, ours);
    expect((await importFile(teacher, csvOf([row()]))).statusCode).toBe(403);
  });
});
