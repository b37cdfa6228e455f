import { MESSAGES } from '@shule/shared/fields';
import { STUDENT_MESSAGES, type StudentRow } from '@shule/shared/students';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parents, students } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  registerSchool,
  type SignedInSchool,
  uniquePhone,
  useTestApp,
} from '../../test/app';
import {
  admitFixture,
  createClassFixture,
  signedInTeacher,
  studentBody,
} from '../../test/fixtures';

const { t, schools } = useTestApp('Alliance Girls High School', 'Lenana School');
const [ours, theirs] = schools;
let form1: number;
let form2: number;
let theirClass: number;
beforeAll(async () => {
  form1 = (await createClassFixture(t.app, ours, 'Form 1')).id;
  form2 = (await createClassFixture(t.app, ours, 'Form 2')).id;
  theirClass = (await createClassFixture(t.app, theirs, 'Form 1')).id;
});

const admit = (who: SignedInSchool | null, classId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/add_student`,
    headers: who?.auth ?? {},
    payload,
  });
const getStudents = (who: SignedInSchool | null, classId: number, schoolId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/students/get_students/${classId}/${schoolId}/`,
    headers: who?.auth ?? {},
  });

async function studentCount() {
  const [row] = await t.app.db.select({ n: count() }).from(students);
  return row!.n;
}

describe('POST /api/classes/{id}/add_student', () => {
  it('admits a student with their parent (201) and assigns the admission number', async () => {
    const school = await registerSchool(t.app, 'Fresh School');
    const k = await createClassFixture(t.app, school, 'Grade 1');
    const body = studentBody({
      first_name: 'Baraka',
      last_name: 'Kiprono',
      gender: 'male',
      date_of_birth: '2016-01-31',
      profile_photo: '/uploads/abcdefgh12345678.jpg',
    });
    const res = await admit(school, k.id, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Student admitted with admission number 0001.',
      student: {
        id: expect.any(Number),
        first_name: 'Baraka',
        last_name: 'Kiprono',
        admission_number: '0001',
        gender: 'male',
        date_of_birth: '2016-01-31',
        profile_photo: '/uploads/abcdefgh12345678.jpg',
        is_active: true,
        _class: { id: k.id, name: 'Grade 1' },
        parent: {
          id: expect.any(Number),
          user: {
            first_name: 'Grace',
            last_name: 'Mwangi',
            email: 'grace@example.com',
            phone_number: body.parent.phone_number,
          },
        },
      },
    });
  });

  it('siblings share one parent: the same phone is the same parent, kept as it was', async () => {
    const phone = uniquePhone();
    const parent = { first_name: 'John', last_name: 'Njoroge', phone_number: phone };
    const first = await admitFixture(t.app, ours, form1, { first_name: 'Wambui', parent });
    const res = await admit(ours, form2, {
      ...studentBody({ first_name: 'Kamau' }),
      parent: {
        first_name: 'Johnny',
        last_name: 'N',
        email: 'john@example.com',
        phone_number: phone,
      },
    });
    expect(res.statusCode).toBe(201);
    const second: StudentRow = res.json().student;
    expect(second.parent!.id).toBe(first.parent!.id);
    // Names are not silently overwritten; a missing email is filled in.
    expect(second.parent!.user).toEqual({
      first_name: 'John',
      last_name: 'Njoroge',
      email: 'john@example.com',
      phone_number: phone,
    });
    expect(res.json().message).toContain(
      `Linked to the parent already registered with phone ${phone} (John Njoroge).`,
    );
    const [row] = await t.app.db
      .select({ n: count() })
      .from(parents)
      .where(eq(parents.phoneNumber, phone));
    expect(row!.n).toBe(1);

    // Another school knows nothing of this parent: it gets its own.
    const elsewhere = await admitFixture(t.app, theirs, theirClass, { parent });
    expect(elsewhere.parent!.id).not.toBe(first.parent!.id);
  });

  it('admission numbers are unique and increasing, per school, even when admitted at once', async () => {
    const school = await registerSchool(t.app, 'Busy School');
    const k = await createClassFixture(t.app, school, 'Grade 2');
    const one = await admitFixture(t.app, school, k.id);
    const together = await Promise.all(
      Array.from({ length: 6 }, () => admitFixture(t.app, school, k.id)),
    );
    const last = await admitFixture(t.app, school, k.id);
    const numbers = [one, ...together, last].map((s) => s.admission_number);
    expect(one.admission_number).toBe('0001');
    expect(last.admission_number).toBe('0008');
    expect([...numbers].sort()).toEqual([
      '0001',
      '0002',
      '0003',
      '0004',
      '0005',
      '0006',
      '0007',
      '0008',
    ]);
  });

  it('gives the field messages (400) and admits nobody', async () => {
    const before = await studentCount();
    const nextYear = new Date().getFullYear() + 1;
    const cases: [object, string, string][] = [
      [{ first_name: '' }, 'first_name', 'First name is required'],
      [{ last_name: undefined }, 'last_name', 'Last name is required'],
      [{ date_of_birth: `${nextYear}-01-01` }, 'date_of_birth', STUDENT_MESSAGES.futureBirth],
      [{ date_of_birth: '2012-02-30' }, 'date_of_birth', STUDENT_MESSAGES.dateFormat],
      [{ date_of_birth: '' }, 'date_of_birth', 'Date of birth is required'],
      [{ gender: 'boy' }, 'gender', STUDENT_MESSAGES.gender],
      [{ parent: undefined }, 'parent', STUDENT_MESSAGES.parent],
      [
        { parent: { first_name: 'A', last_name: 'B', phone_number: '0712' } },
        'parent.phone_number',
        MESSAGES.phone,
      ],
      [
        { parent: { first_name: '', last_name: 'B', phone_number: uniquePhone() } },
        'parent.first_name',
        'Parent first name is required',
      ],
      [
        { profile_photo: 'javascript:alert(1)' },
        'profile_photo',
        'Profile photo must be an image uploaded to Shule',
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await admit(ours, form1, { ...studentBody(), ...override });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toEqual([message]);
    }
    expect(await studentCount()).toBe(before);
  });

  it('another school’s class is not found (404); teachers 403; no token 401; nothing admitted', async () => {
    const before = await studentCount();
    await expectStatus(admit(ours, theirClass, studentBody()), 404, 'Class not found');
    await expectStatus(admit(ours, 999999, studentBody()), 404);
    const teacher = await signedInTeacher(t.app, ours);
    await expectStatus(admit(teacher, form1, studentBody()), 403);
    await expectStatus(admit(null, form1, studentBody()), 401);
    expect(await studentCount()).toBe(before);
  });
});

describe('GET /api/students/get_students/{class}/{school}/', () => {
  it('lists one class, or every class with 0, in the §3 shape, in one query', async () => {
    const school = await registerSchool(t.app, 'Listing School');
    const a = await createClassFixture(t.app, school, 'Grade 7');
    const b = await createClassFixture(t.app, school, 'Grade 8');
    const empty = await createClassFixture(t.app, school, 'Grade 9');
    const amina = await admitFixture(t.app, school, a.id, { first_name: 'Amina' });
    const brian = await admitFixture(t.app, school, b.id, { first_name: 'Brian', gender: 'male' });
    const chebet = await admitFixture(t.app, school, a.id, { first_name: 'Chebet' });

    let all: StudentRow[] = [];
    const queries = await countQueries(t.app, async () => {
      const res = await getStudents(school, 0, school.schoolId);
      expect(res.statusCode).toBe(200);
      all = res.json().students;
    });
    expect(queries).toBe(1);
    expect(all).toEqual([amina, brian, chebet]);
    expect(all[1]).toMatchObject({
      _class: { id: b.id, name: 'Grade 8' },
      parent: { user: { first_name: 'Grace' } },
    });

    const inA = await countQueries(t.app, async () => {
      const res = await getStudents(school, a.id, school.schoolId);
      expect(res.json().students).toEqual([amina, chebet]);
    });
    expect(inA).toBe(1);

    const none = await getStudents(school, empty.id, school.schoolId);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ students: [] });

    const teacher = await signedInTeacher(t.app, school);
    expect((await getStudents(teacher, 0, school.schoolId)).json().students).toHaveLength(3);

    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/students/count/?school_id=${school.schoolId}`,
      headers: school.auth,
    });
    expect(counts.json()).toEqual({ male_count: 1, female_count: 2, other_count: 0, total: 3 });
  });

  it('refuses another school (403), another school’s class (404) and no token (401)', async () => {
    await expectStatus(getStudents(ours, 0, theirs.schoolId), 403);
    await expectStatus(getStudents(ours, theirClass, theirs.schoolId), 403);
    await expectStatus(getStudents(ours, theirClass, ours.schoolId), 404, 'Class not found');
    await expectStatus(getStudents(null, 0, ours.schoolId), 401);
    expect((await getStudents(ours, -1, ours.schoolId)).statusCode).toBe(400);
    // Our whole-school list holds none of theirs.
    const mine = (await getStudents(ours, 0, ours.schoolId)).json().students as StudentRow[];
    expect(mine.every((s) => s._class.id === form1 || s._class.id === form2)).toBe(true);
  });
});

describe('GET /api/students/{id}/', () => {
  it('answers one student in the same shape', async () => {
    const student = await admitFixture(t.app, ours, form2, { first_name: 'Zawadi' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/students/${student.id}/`,
      headers: ours.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(student);
  });

  it('another school’s student is not found (404); 401 without token', async () => {
    const theirStudent = await admitFixture(t.app, theirs, theirClass);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/students/${theirStudent.id}`,
      headers: ours.auth,
    });
    await expectStatus(res, 404, 'Student not found');
    const anon = await t.app.inject({ method: 'GET', url: `/api/students/${theirStudent.id}` });
    expect(anon.statusCode).toBe(401);
  });
});
