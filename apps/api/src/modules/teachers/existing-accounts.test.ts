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
  it("takes an account without a school in with a one-time password: whoever signed up first with the phone does not reach the school's students", async () => {
    // Someone signs up with the teacher's phone before the admin adds the teacher.
    const squatter = await signedUpAlone('squatters-own1');
    const res = await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(squatter.phone)),
      201,
    );
    const body = createTeacherResponse.parse(res.json());
    expect(body.linked_existing_account).toBe(true);
    const oneTimePassword = /one-time password (\S+)\./.exec(body.message)?.[1];
    expect(body.message).toBe(teacherLinkedMessage(squatter.phone, oneTimePassword!));
    expect(body.message).toContain('This phone already had a Shule account');
    expect(body.message).toContain('Its old password no longer works');
    // The admin's names for the teacher, not the squatter's.
    expect(body.teacher.user.first_name).toBe('Mary');

    const [user] = await t.app.db.select().from(users).where(eq(users.phoneNumber, squatter.phone));
    expect(user).toMatchObject({
      schoolId: ours.schoolId,
      mustChangePassword: true,
      firstName: 'Mary',
      lastName: 'Achieng',
    });

    // The squatter's own password, token and refresh token are all done with.
    await expectStatus(
      call(
        'POST',
        '/api/users/login/',
        {},
        { username: squatter.phone, password: squatter.password },
      ),
      401,
    );
    await expectStatus(call('GET', '/api/users/user/', squatter.auth), 401);
    await expectStatus(call('POST', '/api/token/refresh/', {}, { refresh: squatter.refresh }), 401);
    await expectStatus(
      call('GET', `/api/students/get_students/0/${ours.schoolId}/`, squatter.auth),
      401,
    );

    // The teacher signs in with the one-time password, is told once, and must change it first.
    const first = await signIn(squatter.phone, oneTimePassword!);
    expect(first.notice).toBe(addedAsTeacherNotice('Kenya High School'));
    const teacherAuth = { authorization: `Bearer ${first.tokens.access}` };
    await expectStatus(
      call('GET', `/api/students/get_students/0/${ours.schoolId}/`, teacherAuth),
      403,
    );
    const changed = await expectStatus(
      call('POST', '/api/users/change_password/', teacherAuth, {
        current_password: oneTimePassword,
        new_password: 'teachers-own1',
      }),
      200,
    );
    const me = await expectStatus(
      call('GET', '/api/users/user/', {
        authorization: `Bearer ${changed.json().tokens.access}`,
      }),
      200,
    );
    expect(me.json()).toMatchObject({
      roles: [{ name: 'teacher' }],
      school: { id: ours.schoolId },
      password_change_required: false,
    });
    expect((await signIn(squatter.phone, 'teachers-own1')).notice).toBeNull();
  });

  it("refuses a phone of any school's user alike, naming no school", async () => {
    const other = await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(theirs.phone)),
      409,
      PHONE_ACCOUNT_MESSAGES.cannotBeAdded,
    );
    expect(other.body).not.toContain('Maseno');
    expect(other.body).not.toContain('another school');
    await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(ours.phone)),
      409,
      PHONE_ACCOUNT_MESSAGES.cannotBeAdded,
    );
    // An account taken in is a school's now: another school cannot take it.
    const person = await signedUpAlone();
    await expectStatus(
      call('POST', '/api/staff/teachers/', ours.auth, teacherBody(person.phone)),
      201,
    );
    await expectStatus(
      call('POST', '/api/staff/teachers/', theirs.auth, teacherBody(person.phone)),
      409,
      PHONE_ACCOUNT_MESSAGES.cannotBeAdded,
    );
  });

  it('imports a file with a new teacher and a signed-up person: a one-time password for each, the old password ended', async () => {
    const person = await signedUpAlone();
    const fresh = teacherBody(uniquePhone());
    const res = await expectStatus(
      importCsv(theirs, [fresh, { ...teacherBody(person.phone), first_name: 'Wanjiru' }]),
      201,
    );
    const body = teacherImportResultSchema.parse(res.json());
    expect(body.imported).toBe(2);
    expect(body.teachers.map((x) => x.phone_number)).toEqual([fresh.phone_number, person.phone]);
    expect(body.linked).toEqual([
      { first_name: 'Wanjiru', last_name: 'Achieng', phone_number: person.phone },
    ]);
    for (const phone of [person.phone, fresh.phone_number]) {
      const [made] = await t.app.db.select().from(users).where(eq(users.phoneNumber, phone));
      expect(made).toMatchObject({ schoolId: theirs.schoolId, mustChangePassword: true });
      const [row] = await t.app.db.select().from(teachers).where(eq(teachers.userId, made!.id));
      expect(row!.schoolId).toBe(theirs.schoolId);
    }
    await expectStatus(
      call('POST', '/api/users/login/', {}, { username: person.phone, password: person.password }),
      401,
    );
    await expectStatus(call('POST', '/api/token/refresh/', {}, { refresh: person.refresh }), 401);
    const password = body.teachers.find((x) => x.phone_number === person.phone)!.one_time_password;
    expect((await signIn(person.phone, password)).notice).toBe(
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
        errors: { phone_number: [TEACHER_IMPORT_MESSAGES.phoneCannotBeAdded(theirs.phone)] },
      }),
    ]);
    const [untouched] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.phoneNumber, person.phone));
    expect(untouched!.schoolId).toBeNull();
  });
});
