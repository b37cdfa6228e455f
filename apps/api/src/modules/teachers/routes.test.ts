import { MESSAGES } from '@shule/shared/fields';
import { PHONE_ACCOUNT_MESSAGES, TEACHER_MESSAGES } from '@shule/shared/teachers';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teachers, users } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  login,
  registerSchool,
  type SignedInSchool,
  uniquePhone,
  useTestApp,
} from '../../test/app';
import {
  addTeacherFixture,
  createClassFixture,
  photoRefOf,
  signedInTeacher,
  signInChangingPassword,
  uploadPhotoFixture,
} from '../../test/fixtures';

const { t, schools, create } = useTestApp('Mang’u High School', 'Maseno School');
const [ours, theirs] = schools;

const addTeacher = (who: SignedInSchool | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/staff/teachers/', headers: who?.auth ?? {}, payload });
const listTeachers = (who: SignedInSchool | null, schoolId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/schools/${schoolId}/teachers`,
    headers: who?.auth ?? {},
  });

const valid = () => ({
  first_name: 'Mary',
  last_name: 'Achieng',
  phone_number: uniquePhone(),
  tsc_number: `TSC${Math.floor(Math.random() * 1e9)}`,
});

async function teachersOf(schoolId: number) {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(teachers)
    .where(eq(teachers.schoolId, schoolId));
  return row!.n;
}

describe('POST /api/staff/teachers/', () => {
  it('creates the teacher and their login (201), showing a one-time password once', async () => {
    const body = {
      ...valid(),
      email: 'mary@example.com',
      gender: 'female',
      role: 'teacher',
      school: ours.schoolId,
    };
    const res = await addTeacher(ours, body);
    expect(res.statusCode).toBe(201);
    const { teacher, message } = res.json();
    expect(teacher).toEqual({
      id: expect.any(Number),
      subject: null,
      tsc_number: body.tsc_number,
      is_active: true,
      assignments: [],
      user: {
        id: expect.any(Number),
        first_name: 'Mary',
        last_name: 'Achieng',
        email: 'mary@example.com',
        gender: 'female',
        class: null,
        profile_photo: null,
        phone_number: body.phone_number,
      },
    });
    const password = /one-time password ([A-Za-z0-9]{10});/.exec(message)?.[1];
    expect(message).toBe(
      `Teacher added. They can log in with phone ${body.phone_number} and the one-time password ${password}; Shule asks them to choose their own when they first log in.`,
    );

    // The password is stored only hashed, and the teacher can log in with it.
    const [user] = await t.app.db.select().from(users).where(eq(users.id, teacher.user.id));
    expect(user!.passwordHash).not.toContain(password);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const signedIn = await login(t.app, body.phone_number, password!);
    expect(signedIn.schoolId).toBe(ours.schoolId);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/user/',
      headers: signedIn.auth,
    });
    expect(me.json()).toMatchObject({
      roles: [{ name: 'teacher' }],
      school: { id: ours.schoolId },
      password_change_required: true,
    });
  });

  it('gives the field messages (400) and creates nothing', async () => {
    const before = await teachersOf(ours.schoolId);
    const cases: [object, string, string][] = [
      [{ first_name: '' }, 'first_name', 'First name is required'],
      [{ first_name: undefined }, 'first_name', 'First name is required'],
      [{ last_name: '  ' }, 'last_name', 'Last name is required'],
      [{ phone_number: '12345' }, 'phone_number', MESSAGES.phone],
      [{ phone_number: '' }, 'phone_number', 'Phone number is required'],
      [{ tsc_number: '' }, 'tsc_number', 'TSC number is required'],
      [{ email: 'not-an-email' }, 'email', MESSAGES.email],
      [{ role: 'admin' }, 'role', TEACHER_MESSAGES.role],
      [
        { profile_photo: 'https://evil.example/x.png' },
        'profile_photo',
        'Profile photo must be an image uploaded to Shule',
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await addTeacher(ours, { ...valid(), ...override });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field][0]).toBe(message);
    }
    expect(await teachersOf(ours.schoolId)).toBe(before);
  });

  it('refuses a phone of a user of this school or another (409), creating neither user nor teacher', async () => {
    const before = await teachersOf(ours.schoolId);
    const res = await addTeacher(ours, { ...valid(), phone_number: ours.phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PHONE_ACCOUNT_MESSAGES.cannotBeAdded);
    const other = await addTeacher(ours, { ...valid(), phone_number: theirs.phone });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(PHONE_ACCOUNT_MESSAGES.cannotBeAdded);
    expect(other.body).not.toContain('Maseno');
    expect(await teachersOf(ours.schoolId)).toBe(before);
  });

  it('refuses a TSC number already in the school (409)', async () => {
    const { teacher } = await addTeacherFixture(t.app, ours);
    const phone = uniquePhone();
    const res = await addTeacher(ours, {
      ...valid(),
      phone_number: phone,
      tsc_number: teacher.tsc_number,
    });
    expect(res.statusCode).toBe(409);
    const [user] = await t.app.db.select().from(users).where(eq(users.phoneNumber, phone));
    expect(user).toBeUndefined();
  });

  it('refuses another school (403), a teacher (403) and no token (401)', async () => {
    await expectStatus(addTeacher(ours, { ...valid(), school: theirs.schoolId }), 403);
    const teacher = await signedInTeacher(t.app, ours);
    await expectStatus(addTeacher(teacher, valid()), 403);
    await expectStatus(addTeacher(null, valid()), 401);
  });
});

describe('GET /api/schools/{id}/teachers', () => {
  it('lists the school’s teachers newest first, with their class, in one query', async () => {
    const school = await registerSchool(t.app, 'Teachers Listing School');
    const first = await addTeacherFixture(t.app, school, { first_name: 'Alpha' });
    const photo = await uploadPhotoFixture(t.app, school);
    const second = await addTeacherFixture(t.app, school, {
      first_name: 'Beta',
      profile_photo: photo,
    });
    const k = await createClassFixture(t.app, school, 'Form 1 Blue');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/classes/${k.id}/`,
      headers: school.auth,
      payload: { class_teacher: first.teacher.id },
    });
    const maths = await create(school, '/api/grades/subjects/', {
      name: 'Mathematics',
      code: 'MAT',
      classes: [k.id],
    });
    const assigned = await create(school, `/api/staff/teachers/${first.teacher.id}/assignments/`, {
      class: k.id,
      subject: maths.id,
    });

    let body: { teachers: { id: number; user: { class: string | null } }[] } = { teachers: [] };
    const queries = await countQueries(t.app, async () => {
      const res = await listTeachers(school, school.schoolId);
      expect(res.statusCode).toBe(200);
      body = res.json();
    });
    expect(queries).toBe(1);
    expect(body.teachers).toEqual([
      {
        ...second.teacher,
        user: {
          ...second.teacher.user,
          profile_photo: expect.stringContaining(`${photoRefOf(photo)}?expires=`),
        },
      },
      {
        ...first.teacher,
        assignments: [
          {
            id: assigned.id,
            class: { id: k.id, name: 'Form 1 Blue' },
            subject: { id: maths.id, name: 'Mathematics', code: 'MAT' },
          },
        ],
        user: { ...first.teacher.user, class: 'Form 1 Blue' },
      },
    ]);

    const teacher = await signInChangingPassword(t.app, first.phone, first.password);
    expect((await listTeachers(teacher, school.schoolId)).statusCode).toBe(200);
  });

  it('refuses another school (403) and no token (401)', async () => {
    await expectStatus(listTeachers(ours, theirs.schoolId), 403);
    await expectStatus(listTeachers(null, ours.schoolId), 401);
    await expectStatus(listTeachers(ours, 0), 404, 'Not found');
  });

  it('the teacher count follows', async () => {
    const school = await registerSchool(t.app, 'Count School');
    await addTeacherFixture(t.app, school);
    await addTeacherFixture(t.app, school);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/count/?school_id=${school.schoolId}`,
      headers: school.auth,
    });
    expect(res.json()).toEqual({ teacher_count: 2 });
  });
});
