import { MESSAGES } from '@shule/shared/fields';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGINATION_MESSAGES } from '@shule/shared/pagination';
import {
  STUDENT_MESSAGES,
  type StudentListResponse,
  type StudentRow,
  studentListResponse,
} from '@shule/shared/students';
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
  photoRefOf,
  signedInTeacher,
  studentBody,
  uploadPhotoFixture,
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
const getStudents = (who: SignedInSchool | null, classId: number, schoolId: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/students/get_students/${classId}/${schoolId}/${query}`,
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
    const photo = await uploadPhotoFixture(t.app, school);
    const body = studentBody({
      first_name: 'Baraka',
      last_name: 'Kiprono',
      gender: 'male',
      date_of_birth: '2016-01-31',
      profile_photo: photo,
      consents: { photos: 'granted' },
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
        profile_photo: expect.stringMatching(
          new RegExp(`^${photoRefOf(photo)}\\?expires=\\d+&signature=[\\w-]+$`),
        ),
        is_active: true,
        left_on: null,
        left_reason: null,
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
  it('lists one class, or every class with 0, in slim rows by name, in one query', async () => {
    const school = await registerSchool(t.app, 'Listing School');
    const a = await createClassFixture(t.app, school, 'Grade 7');
    const b = await createClassFixture(t.app, school, 'Grade 8');
    const empty = await createClassFixture(t.app, school, 'Grade 9');
    const amina = await admitFixture(t.app, school, a.id, { first_name: 'Amina' });
    const brian = await admitFixture(t.app, school, b.id, { first_name: 'Brian', gender: 'male' });
    const chebet = await admitFixture(t.app, school, a.id, { first_name: 'Chebet' });
    const slim = ({ date_of_birth: _, parent: __, ...row }: StudentRow) => ({
      ...row,
      combination: null,
    });

    let page: StudentListResponse | undefined;
    const queries = await countQueries(t.app, async () => {
      const res = await getStudents(school, 0, school.schoolId);
      expect(res.statusCode).toBe(200);
      page = res.json();
    });
    expect(queries).toBe(1);
    expect(page).toEqual({
      students: [slim(amina), slim(brian), slim(chebet)],
      total: 3,
      page: 1,
      page_size: DEFAULT_PAGE_SIZE,
    });
    expect(page?.students[1]).toEqual({
      id: brian.id,
      first_name: 'Brian',
      last_name: 'Mwangi',
      admission_number: '0002',
      gender: 'male',
      profile_photo: null,
      is_active: true,
      left_on: null,
      left_reason: null,
      _class: { id: b.id, name: 'Grade 8' },
      combination: null,
    });

    const inA = await countQueries(t.app, async () => {
      const res = await getStudents(school, a.id, school.schoolId);
      expect(res.json().students).toEqual([slim(amina), slim(chebet)]);
      expect(res.json().total).toBe(2);
    });
    expect(inA).toBe(1);

    const none = await getStudents(school, empty.id, school.schoolId);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ students: [], total: 0, page: 1, page_size: DEFAULT_PAGE_SIZE });

    // A teacher of no class reads none of them (teacher-reads.test.ts).
    const teacher = await signedInTeacher(t.app, school);
    expect((await getStudents(teacher, 0, school.schoolId)).json().total).toBe(0);

    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/students/count/?school_id=${school.schoolId}`,
      headers: school.auth,
    });
    expect(counts.json()).toEqual({ male_count: 1, female_count: 2, other_count: 0, total: 3 });
  });

  it('pages: page_size rows from page, the total of all pages, and an empty page past the end', async () => {
    const school = await registerSchool(t.app, 'Paging School');
    const k = await createClassFixture(t.app, school, 'Grade 4');
    const names = ['Amina', 'Baraka', 'Chebet', 'Daudi', 'Esther'];
    for (const first_name of names) await admitFixture(t.app, school, k.id, { first_name });
    const pageOf = async (query: string) => {
      const res = await getStudents(school, 0, school.schoolId, query);
      expect(res.statusCode, res.body).toBe(200);
      const body: StudentListResponse = res.json();
      return { ...body, students: body.students.map((s) => s.first_name) };
    };
    expect(await pageOf('?page=1&page_size=2')).toEqual({
      students: ['Amina', 'Baraka'],
      total: 5,
      page: 1,
      page_size: 2,
    });
    expect((await pageOf('?page=3&page_size=2')).students).toEqual(['Esther']);
    expect(await pageOf('?page=4&page_size=2')).toEqual({
      students: [],
      total: 5,
      page: 4,
      page_size: 2,
    });
  });

  it('searches name, admission number and parent phone, ignoring case, within the class', async () => {
    const school = await registerSchool(t.app, 'Search School');
    const a = await createClassFixture(t.app, school, 'Grade 5');
    const b = await createClassFixture(t.app, school, 'Grade 6');
    const phone = uniquePhone();
    const wanjiru = await admitFixture(t.app, school, a.id, {
      first_name: 'Wanjiru',
      last_name: 'Kamau',
      parent: { first_name: 'Ann', last_name: 'Kamau', phone_number: phone },
    });
    const otieno = await admitFixture(t.app, school, b.id, {
      first_name: 'Otieno',
      last_name: 'Wanjala',
    });
    await admitFixture(t.app, school, a.id, { first_name: 'Zawadi', last_name: 'Ruto' });
    await admitFixture(t.app, school, a.id, { first_name: 'Percent', last_name: 'Underscore' });
    const search = async (classId: number, term: string) => {
      const res = await getStudents(
        school,
        classId,
        school.schoolId,
        `?search=${encodeURIComponent(term)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as StudentListResponse).students.map((s) => s.id);
    };
    expect(await search(0, 'WANJ')).toEqual([otieno.id, wanjiru.id]);
    expect(await search(a.id, 'wanj')).toEqual([wanjiru.id]);
    expect(await search(0, 'wanjiru kam')).toEqual([wanjiru.id]);
    expect(await search(0, 'kamau wanjiru')).toEqual([wanjiru.id]);
    expect(await search(0, otieno.admission_number)).toEqual([otieno.id]);
    expect(await search(0, phone.slice(3))).toEqual([wanjiru.id]);
    expect(await search(0, `+254${phone.slice(1)}`)).toEqual([wanjiru.id]);
    expect(await search(0, `  ${phone.slice(0, 4)} ${phone.slice(4)} `)).toEqual([wanjiru.id]);
    // LIKE's wildcards are taken literally.
    expect(await search(0, '%')).toEqual([]);
    expect(await search(0, '_')).toEqual([]);
    expect(await search(0, 'nobody')).toEqual([]);
    expect(await search(0, '   ')).toHaveLength(4);
  });

  it('answers 400 with the field for a bad page, page size or search, 404 for a class no class can be', async () => {
    const cases: [string, string][] = [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?page_size=0', 'page_size'],
      [`?page_size=${MAX_PAGE_SIZE + 1}`, 'page_size'],
      [`?search=${'a'.repeat(101)}`, 'search'],
      ['?search=a%00b', 'search'],
    ];
    for (const [query, field] of cases) {
      const res = await getStudents(ours, 0, ours.schoolId, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    expect((await getStudents(ours, 0, ours.schoolId, '?page_size=101')).json().message).toBe(
      PAGINATION_MESSAGES.pageSize,
    );
    // A class in the path that no class can be (below 0, past int4) names nothing: 404.
    await expectStatus(getStudents(ours, -1, ours.schoolId), 404, 'Not found');
    await expectStatus(getStudents(ours, 2 ** 31, ours.schoolId), 404, 'Not found');
  });

  it('refuses another school (403), another school’s class (404) and no token (401)', async () => {
    await expectStatus(getStudents(ours, 0, theirs.schoolId), 403);
    await expectStatus(getStudents(ours, theirClass, theirs.schoolId), 403);
    await expectStatus(getStudents(ours, theirClass, ours.schoolId), 404, 'Class not found');
    await expectStatus(getStudents(ours, 999999, ours.schoolId, '?search=x'), 404);
    await expectStatus(getStudents(null, 0, ours.schoolId), 401);
    // Our whole-school list holds none of theirs.
    const res = await getStudents(ours, 0, ours.schoolId, `?page_size=${MAX_PAGE_SIZE}`);
    const mine: StudentListResponse = res.json();
    expect(mine.students.every((s) => s._class.id === form1 || s._class.id === form2)).toBe(true);
  });
});

describe('the students list, written without the zod encode', () => {
  it('send exactly the bytes their response schemas would: no field missing or extra, same order', async () => {
    const school = await registerSchool(t.app, 'Contract School');
    const k = await createClassFixture(t.app, school, 'Grade "5" \\ Wanjirũ');
    await admitFixture(t.app, school, k.id, {
      first_name: 'Nyambura "Shiku"',
      last_name: "O'Neil \\ Wanjirũ 😀",
      profile_photo: await uploadPhotoFixture(t.app, school),
      consents: { photos: 'granted' },
      parent: { first_name: 'Ann', last_name: 'Otieno', phone_number: uniquePhone() },
    });
    const orphan = await admitFixture(t.app, school, k.id, { first_name: 'Baraka' });
    await t.app.db
      .update(students)
      .set({ parentId: null, isActive: false, leftOn: '2026-03-01', leftReason: 'other' })
      .where(eq(students.id, orphan.id));

    for (const [res, schema] of [
      [await getStudents(school, 0, school.schoolId, '?status=all'), studentListResponse],
      [await getStudents(school, k.id, school.schoolId, '?search=shiku'), studentListResponse],
    ] as const) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(schema.parse(JSON.parse(res.body))));
    }
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
    expect(res.json()).toEqual({
      ...student,
      // The parent's own id (siblings share it) and whether they asked for no SMS.
      parent: {
        ...student.parent,
        id: expect.any(Number),
        sms_opt_out: false,
        national_id_number: null,
      },
      subjects: null,
      entry_exam: null,
      entry_index_number: null,
      entry_marks: null,
      consents: {
        photos: { status: 'unknown', recorded_at: null, recorded_by: null },
        sms: { status: 'unknown', recorded_at: null, recorded_by: null },
      },
      upi: null,
      birth_certificate_number: null,
      nationality: null,
      county: null,
      sub_county: null,
      special_needs: null,
      medical_condition: null,
      nhif_number: null,
      assessment_number: null,
      birth_certificate_names: null,
      re_option: null,
      kiswahili_option: null,
      special_needs_code: null,
    });
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
