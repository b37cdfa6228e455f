import { randomBytes } from 'node:crypto';
import { addedAsTeacherNotice } from '@shule/shared/auth';
import { toCsv } from '@shule/shared/csv';
import {
  TEACHER_CSV_COLUMNS,
  TEACHER_IMPORT_MESSAGES,
  teacherImportResultSchema,
} from '@shule/shared/teacher-import';
import {
  createTeacherResponse,
  PHONE_ACCOUNT_MESSAGES,
  teacherLinkedMessage,
} from '@shule/shared/teachers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teachers, users } from '../../db/schema/index';
import { expectStatus, type SignedInSchool, uniquePhone, useTestApp } from '../../test/app';

const { t, schools, call } = useTestApp('Kenya High School', 'Maseno School');
const [ours, theirs] = schools;

/** Someone who signed up alone on /signup: an account without a school, signed in. */
async function signedUpAlone(password = 'their-own-1') {
  const phone = uniquePhone();
  const res = await call(
    'POST',
    '/api/users/signup/',
    {},
    {
      first_name: 'Wanjiru',
      last_name: 'Kamau',
      username: 'wanjiru',
      phone_number: phone,
      password,
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  const { token, refresh } = res.json().tokens;
  return { phone, password, auth: { authorization: `Bearer ${token}` }, refresh };
}

const signIn = async (phone: string, password: string) =>
  (
    await expectStatus(call('POST', '/api/users/login/', {}, { username: phone, password }), 200)
  ).json();

let tsc = 0;
const teacherBody = (phone: string) => ({
  first_name: 'Mary',
  last_name: 'Achieng',
  phone_number: phone,
  tsc_number: `TSCL${Date.now() % 100000}${++tsc}`,
});

function importCsv(who: SignedInSchool, rows: ReturnType<typeof teacherBody>[]) {
  const boundary = `----shule${randomBytes(8).toString('hex')}`;
  const csv = toCsv(
    TEACHER_CSV_COLUMNS,
    rows.map((r) => TEACHER_CSV_COLUMNS.map((c) => (r as Record<string, string>)[c] ?? '')),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/teachers/import/',
    headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  });
}

describe('adding a teacher whose phone already has an account', () => {
  it('links an account without a school: own password, teacher role, told once at sign-in', async () => {
    const person = await signedUpAlone();
    const res = await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(person.phone)),
      201,
    );
    const body = createTeacherResponse.parse(res.json());
    expect(body.linked_existing_account).toBe(true);
    expect(body.message).toBe(teacherLinkedMessage(person.phone));
    expect(body.teacher.user.first_name).toBe('Wanjiru');

    const [user] = await t.app.db.select().from(users).where(eq(users.phoneNumber, person.phone));
    expect(user).toMatchObject({ schoolId: ours.schoolId, mustChangePassword: false });

    // The token of before (no school) is over; its refresh gives one with the school.
    await expectStatus(call('GET', '/api/users/user/', person.auth), 401);
    const refreshed = await expectStatus(
      call('POST', '/api/token/refresh/', {}, { refresh: person.refresh }),
      200,
    );
    const me = await expectStatus(
      call('GET', '/api/users/user/', { authorization: `Bearer ${refreshed.json().access}` }),
      200,
    );
    expect(me.json()).toMatchObject({
      roles: [{ name: 'teacher' }],
      school: { id: ours.schoolId },
      password_change_required: false,
    });

    const first = await signIn(person.phone, person.password);
    expect(first.notice).toBe(addedAsTeacherNotice('Kenya High School'));
    expect(first.user.school.id).toBe(ours.schoolId);
    const second = await signIn(person.phone, person.password);
    expect(second.notice).toBeNull();
    await expectStatus(
      call('GET', `/api/schools/${ours.schoolId}/teachers/`, {
        authorization: `Bearer ${second.tokens.access}`,
      }),
      200,
    );
  });

  it("refuses a phone of another school's user without naming the school, and one of ours", async () => {
    const other = await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(theirs.phone)),
      409,
      PHONE_ACCOUNT_MESSAGES.inAnotherSchool,
    );
    expect(other.body).not.toContain('Maseno');
    await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(ours.phone)),
      409,
      PHONE_ACCOUNT_MESSAGES.inYourSchool,
    );
    // A linked account is a school's now: another school cannot take it.
    const person = await signedUpAlone();
    await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(person.phone)),
      201,
    );
    await expectStatus(
      call('POST', '/api/staff/teachers/', theirs.auth, teacherBody(person.phone)),
      409,
      PHONE_ACCOUNT_MESSAGES.inAnotherSchool,
    );
  });

  it('imports a file with a new teacher and a signed-up person: a password for one, a link for the other', async () => {
    const person = await signedUpAlone();
    const fresh = teacherBody(uniquePhone());
    const res = await expectStatus(
      importCsv(theirs, [fresh, { ...teacherBody(person.phone), first_name: 'Wanjiru' }]),
      201,
    );
    const body = teacherImportResultSchema.parse(res.json());
    expect(body.imported).toBe(2);
    expect(body.teachers.map((x) => x.phone_number)).toEqual([fresh.phone_number]);
    expect(body.linked).toEqual([
      { first_name: 'Wanjiru', last_name: 'Achieng', phone_number: person.phone },
    ]);
    const [linked] = await t.app.db.select().from(users).where(eq(users.phoneNumber, person.phone));
    expect(linked).toMatchObject({ schoolId: theirs.schoolId, mustChangePassword: false });
    const [made] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.phoneNumber, fresh.phone_number));
    expect(made).toMatchObject({ schoolId: theirs.schoolId, mustChangePassword: true });
    const [row] = await t.app.db.select().from(teachers).where(eq(teachers.userId, linked!.id));
    expect(row!.schoolId).toBe(theirs.schoolId);
    expect((await signIn(person.phone, person.password)).notice).toBe(
      addedAsTeacherNotice('Maseno School'),
    );
  });

  it("refuses an import row with another school's user's phone, importing nothing", async () => {
    const person = await signedUpAlone();
    const res = await expectStatus(
      importCsv(ours, [teacherBody(person.phone), teacherBody(theirs.phone)]),
      400,
    );
    expect(res.json().rows).toEqual([
      expect.objectContaining({
        row: 3,
        errors: { phone_number: [TEACHER_IMPORT_MESSAGES.phoneInAnotherSchool(theirs.phone)] },
      }),
    ]);
    const [untouched] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.phoneNumber, person.phone));
    expect(untouched!.schoolId).toBeNull();
  });
});
