import { DEACTIVATED_MESSAGE } from '@shule/shared/auth-constants';
import { MESSAGES } from '@shule/shared/fields';
import { PHONE_ACCOUNT_MESSAGES } from '@shule/shared/teachers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, classes, teachers, teachingAssignments } from '../../db/schema/index';
import { expectStatus, login, teacherOf, uniquePhone, useTestApp } from '../../test/app';
import {
  addTeacherFixture,
  createClassFixture,
  photoRefOf,
  uploadPhotoFixture,
} from '../../test/fixtures';

const { t, schools, call, create } = useTestApp('Starehe Boys Centre', 'Moi Forces Academy');
const [ours, theirs] = schools;

const teacherPath = (id: number) => `/api/staff/teachers/${id}/`;
const me = (auth: Record<string, string>) => call('GET', '/api/users/user/', auth);
const auditOf = (action: string, userId: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, userId)));

describe('PATCH /api/staff/teachers/{id}/', () => {
  it('changes names, TSC number, email, gender and photo (200), recorded in the audit log', async () => {
    const { teacher } = await addTeacherFixture(t.app, ours, { email: 'old@example.com' });
    const photo = await uploadPhotoFixture(t.app, ours);
    const res = await expectStatus(
      call('PATCH', teacherPath(teacher.id), ours.auth, {
        first_name: 'Wanjiru',
        last_name: 'Kamau',
        tsc_number: 'TSC-NEW-1',
        email: '',
        gender: 'female',
        profile_photo: photo,
      }),
      200,
    );
    expect(res.json()).toMatchObject({
      id: teacher.id,
      tsc_number: 'TSC-NEW-1',
      is_active: true,
      user: {
        first_name: 'Wanjiru',
        last_name: 'Kamau',
        email: null,
        gender: 'female',
        phone_number: teacher.user.phone_number,
        profile_photo: expect.stringContaining(`${photoRefOf(photo)}?expires=`),
      },
    });
    expect(await auditOf('user_changed', teacher.user.id)).toHaveLength(1);
  });

  it('changes the login with the phone number and ends the teacher’s sessions', async () => {
    const { teacher, phone, password } = await addTeacherFixture(t.app, ours);
    const signedIn = await login(t.app, phone, password);
    await expectStatus(me(signedIn.auth), 200);
    const newPhone = uniquePhone();
    const res = await expectStatus(
      call('PATCH', teacherPath(teacher.id), ours.auth, { phone_number: newPhone }),
      200,
    );
    expect(res.json().user.phone_number).toBe(newPhone);
    await expectStatus(me(signedIn.auth), 401);
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: signedIn.refresh },
      }),
      401,
    );
    await expect(login(t.app, phone, password)).rejects.toThrow();
    await login(t.app, newPhone, password);
  });

  it('keeps the sessions when the phone number sent is the same', async () => {
    const { teacher, phone, password } = await addTeacherFixture(t.app, ours);
    const signedIn = await login(t.app, phone, password);
    await expectStatus(
      call('PATCH', teacherPath(teacher.id), ours.auth, { phone_number: phone, last_name: 'X' }),
      200,
    );
    await expectStatus(me(signedIn.auth), 200);
  });

  it('refuses a phone or TSC number taken (409)', async () => {
    const a = await addTeacherFixture(t.app, ours);
    const b = await addTeacherFixture(t.app, ours);
    await expectStatus(
      call('PATCH', teacherPath(a.teacher.id), ours.auth, { phone_number: ours.phone }),
      409,
      PHONE_ACCOUNT_MESSAGES.cannotBeAdded,
    );
    await expectStatus(
      call('PATCH', teacherPath(a.teacher.id), ours.auth, {
        tsc_number: b.teacher.tsc_number!.toLowerCase(),
      }),
      409,
      `A teacher with TSC number ${b.teacher.tsc_number!.toLowerCase()} already exists in your school`,
    );
    // Its own TSC number again is no conflict.
    await expectStatus(
      call('PATCH', teacherPath(a.teacher.id), ours.auth, { tsc_number: a.teacher.tsc_number }),
      200,
    );
  });

  it('gives the field messages (400)', async () => {
    const { teacher } = await addTeacherFixture(t.app, ours);
    const cases: [object, string, string][] = [
      [{}, '_', 'Nothing to change'],
      [{ first_name: '' }, 'first_name', 'First name is required'],
      [{ phone_number: '123' }, 'phone_number', MESSAGES.phone],
      [{ tsc_number: ' ' }, 'tsc_number', 'TSC number is required'],
      [{ email: 'nope' }, 'email', MESSAGES.email],
      [{ gender: 'x' }, 'gender', 'Gender must be male, female or other'],
      [
        { profile_photo: 'https://evil.example/x.png' },
        'profile_photo',
        'Profile photo must be an image uploaded to Shule',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PATCH', teacherPath(teacher.id), ours.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
  });

  it('refuses no token (401), a teacher (403) and another school’s teacher (404)', async () => {
    const { teacher } = await addTeacherFixture(t.app, ours);
    const body = { last_name: 'Changed' };
    await expectStatus(call('PATCH', teacherPath(teacher.id), {}, body), 401);
    const asTeacher = await teacherOf(t.app, ours.schoolId);
    await expectStatus(call('PATCH', teacherPath(teacher.id), asTeacher.auth, body), 403);
    await expectStatus(
      call('PATCH', teacherPath(teacher.id), theirs.auth, body),
      404,
      'Teacher not found',
    );
  });
});

describe('POST /api/staff/teachers/{id}/deactivate/ and /activate/', () => {
  it('ends sessions, assignments and class teaching; sign-in answers 403; activate undoes', async () => {
    const { teacher, phone, password } = await addTeacherFixture(t.app, ours);
    const cls = await createClassFixture(t.app, ours, 'Form 3 Deactivation');
    await call('PATCH', `/api/classes/${cls.id}/`, ours.auth, { class_teacher: teacher.id });
    const maths = await create(ours, '/api/grades/subjects/', {
      name: 'Mathematics',
      code: 'MATD',
      classes: [cls.id],
    });
    const assigned = await create(ours, `/api/staff/teachers/${teacher.id}/assignments/`, {
      class: cls.id,
      subject: maths.id,
    });
    const signedIn = await login(t.app, phone, password);
    await expectStatus(me(signedIn.auth), 200);

    const res = await expectStatus(
      call('POST', `${teacherPath(teacher.id)}deactivate/`, ours.auth),
      200,
    );
    expect(res.json()).toMatchObject({ id: teacher.id, is_active: false, assignments: [] });
    expect(res.json().user.class).toBeNull();

    // The access token in hand stops at once; refresh and sign-in are refused.
    await expectStatus(me(signedIn.auth), 401);
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: signedIn.refresh },
      }),
      401,
    );
    const refused = await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { username: phone, password },
      }),
      403,
      DEACTIVATED_MESSAGE,
    );
    expect(refused.json().code).toBe('account_deactivated');
    // A wrong password still says only that the login failed.
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { username: phone, password: 'wrong-password-1' },
      }),
      401,
    );

    const [row] = await t.app.db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.id, assigned.id));
    expect(row).toMatchObject({ endedBy: ours.userId });
    expect(row!.endedAt).toBeInstanceOf(Date);
    const [k] = await t.app.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(k!.classTeacherId).toBeNull();
    // Nor can they be made class teacher again while deactivated.
    const refusedTeacher = await expectStatus(
      call('PATCH', `/api/classes/${cls.id}/`, ours.auth, { class_teacher: teacher.id }),
      400,
    );
    expect(refusedTeacher.json().errors.class_teacher).toEqual([
      'This teacher is deactivated: choose an active teacher',
    ]);
    expect(await auditOf('user_removed', teacher.user.id)).toHaveLength(1);

    // The list keeps them, deactivated; the count leaves them out.
    const list = await call('GET', `/api/schools/${ours.schoolId}/teachers/`, ours.auth);
    expect(list.json().teachers.find((x: { id: number }) => x.id === teacher.id)).toMatchObject({
      is_active: false,
    });
    // Deactivating again changes nothing.
    await expectStatus(call('POST', `${teacherPath(teacher.id)}deactivate/`, ours.auth), 200);
    expect(await auditOf('user_removed', teacher.user.id)).toHaveLength(1);

    const back = await expectStatus(
      call('POST', `${teacherPath(teacher.id)}activate/`, ours.auth),
      200,
    );
    expect(back.json()).toMatchObject({ is_active: true, assignments: [] });
    expect(await auditOf('user_reactivated', teacher.user.id)).toHaveLength(1);
    await login(t.app, phone, password);
  });

  it('counts only active teachers', async () => {
    const school = await t.app.inject({
      method: 'GET',
      url: `/api/staff/count/?school_id=${ours.schoolId}`,
      headers: ours.auth,
    });
    const before = school.json().teacher_count;
    const { teacher } = await addTeacherFixture(t.app, ours);
    await call('POST', `${teacherPath(teacher.id)}deactivate/`, ours.auth);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/staff/count/?school_id=${ours.schoolId}`,
      headers: ours.auth,
    });
    expect(after.json().teacher_count).toBe(before);
  });

  it('refuses an administrator deactivating themselves (409)', async () => {
    // An administrator who is also on the teachers list.
    const [own] = await t.app.db
      .insert(teachers)
      .values({ schoolId: ours.schoolId, userId: ours.userId })
      .returning({ id: teachers.id });
    await expectStatus(
      call('POST', `${teacherPath(own!.id)}deactivate/`, ours.auth),
      409,
      'You cannot deactivate your own account: ask another administrator',
    );
  });

  it('refuses no token (401), a teacher (403) and another school’s teacher (404)', async () => {
    const { teacher } = await addTeacherFixture(t.app, ours);
    const asTeacher = await teacherOf(t.app, ours.schoolId);
    for (const action of ['deactivate', 'activate']) {
      const path = `${teacherPath(teacher.id)}${action}/`;
      await expectStatus(call('POST', path, {}), 401);
      await expectStatus(call('POST', path, asTeacher.auth), 403);
      await expectStatus(call('POST', path, theirs.auth), 404, 'Teacher not found');
      await expectStatus(call('POST', `${teacherPath(2147483647)}${action}/`, ours.auth), 404);
    }
  });
});
