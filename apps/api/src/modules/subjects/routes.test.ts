import { beforeAll, describe, expect, it } from 'vitest';
import { examScores } from '../../db/schema/index';
import { authAs, expectStatus, useTestApp } from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';

const { t, call, create, schools, newSchool } = useTestApp(
  'Alliance High School',
  'Bahati Secondary',
);
const [a, b] = schools;
let form1: number;
let form2: number;
let theirClass: number;

beforeAll(async () => {
  form1 = await insertClass(t.app, a.schoolId, 'Form 1');
  form2 = await insertClass(t.app, a.schoolId, 'Form 2');
  theirClass = await insertClass(t.app, b.schoolId, 'Form 1');
});

const createSubject = (who: typeof a, body: object) => create(who, '/api/grades/subjects/', body);

/** A school of the test's own with two classes, for tests that list or reuse codes. */
async function schoolWithClasses() {
  const who = await newSchool();
  return {
    who,
    form1: await insertClass(t.app, who.schoolId, 'Form 1'),
    form2: await insertClass(t.app, who.schoolId, 'Form 2'),
  };
}

describe('subjects', () => {
  it('creates a subject with its classes and an upper-case code', async () => {
    const { who: a, form1, form2 } = await schoolWithClasses();
    const res = await call('POST', '/api/grades/subjects/', a.auth, {
      name: 'Mathematics',
      code: 'mat',
      description: 'Core',
      classes: [form2, form1],
      school: a.schoolId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Mathematics',
      code: 'MAT',
      description: 'Core',
      classes: [form1, form2].sort((x, y) => x - y),
      group: 'languages_mathematics',
      school: a.schoolId,
    });
  });

  it('takes the KCSE group the code suggests until the school chooses one', async () => {
    const { who: a } = await schoolWithClasses();
    const bio = await createSubject(a, { name: 'Biology', code: '231' });
    expect(bio.group).toBe('sciences');
    const unknown = await createSubject(a, { name: 'Life skills', code: 'LSK' });
    expect(unknown.group).toBe('other');
    const chosen = await createSubject(a, { name: 'Drawing', code: 'DRW', group: 'technical' });
    expect(chosen.group).toBe('technical');

    const moved = await call('PATCH', `/api/grades/subjects/${bio.id}/`, a.auth, {
      group: 'humanities',
    });
    expect(moved.json().group).toBe('humanities');
    const derived = await call('PATCH', `/api/grades/subjects/${bio.id}/`, a.auth, { group: null });
    expect(derived.json().group).toBe('sciences');
    const bad = await call('PATCH', `/api/grades/subjects/${bio.id}/`, a.auth, { group: 'arts' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.group).toEqual(['Choose a KCSE group']);
  });

  it('lists the school subjects with their classes, and reads one', async () => {
    const { who: a, form1 } = await schoolWithClasses();
    await createSubject(a, { name: 'Mathematics', code: 'MAT' });
    const english = await createSubject(a, { name: 'English', code: 'ENG', classes: [form1] });
    await createSubject(b, { name: 'English', code: 'ENG', classes: [theirClass] });
    const res = await call('GET', `/api/grades/subjects/?school_id=${a.schoolId}`, a.auth);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((s: { code: string }) => s.code)).toEqual(['ENG', 'MAT']);
    expect(list[0]).toEqual({ ...english, classes: [form1] });

    const one = await call('GET', `/api/grades/subjects/${english.id}/`, a.auth);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(english);
  });

  it('gives a subject with no classes an empty list', async () => {
    const art = await createSubject(a, { name: 'Art', code: 'ART' });
    expect(art.classes).toEqual([]);
    expect(art.description).toBeNull();
  });

  it('lets a teacher read but not write', async () => {
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    expect((await call('GET', '/api/grades/subjects/', teacher)).statusCode).toBe(200);
    const res = await call('POST', '/api/grades/subjects/', teacher, { name: 'X', code: 'X' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a missing name with its message', async () => {
    const res = await call('POST', '/api/grades/subjects/', a.auth, { code: 'PHY' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: ['Name is required'] });
  });

  it('refuses classes that are not a list of ids', async () => {
    const res = await call('POST', '/api/grades/subjects/', a.auth, {
      name: 'Physics',
      code: 'PHY',
      classes: ['x'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Classes must be a list of class ids');
  });

  it('refuses a code already used in the school (409)', async () => {
    const a = await newSchool();
    await createSubject(a, { name: 'Mathematics', code: 'MAT' });
    const res = await call('POST', '/api/grades/subjects/', a.auth, { name: 'Maths', code: 'Mat' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A subject with code MAT already exists');
  });

  it("refuses another school's class (404), creating nothing", async () => {
    const res = await call('POST', '/api/grades/subjects/', a.auth, {
      name: 'Kiswahili',
      code: 'KIS',
      classes: [form1, theirClass],
    });
    await expectStatus(res, 404, 'Class not found');
    const list = (await call('GET', '/api/grades/subjects/', a.auth)).json();
    expect(list.map((s: { code: string }) => s.code)).not.toContain('KIS');
  });

  it('answers 401 without a token and 403 for another school parameter', async () => {
    await expectStatus(call('GET', '/api/grades/subjects/', {}), 401);
    await expectStatus(call('GET', '/api/grades/subjects/1/', {}), 401);
    await expectStatus(call('DELETE', '/api/grades/subjects/1/', {}), 401);
    await expectStatus(call('GET', `/api/grades/subjects/?school_id=${b.schoolId}`, a.auth), 403);
    const post = await call('POST', '/api/grades/subjects/', a.auth, {
      name: 'X',
      code: 'X',
      school: b.schoolId,
    });
    expect(post.statusCode).toBe(403);
  });

  it('edits name, code, description and replaces the classes', async () => {
    const cre = await createSubject(a, { name: 'CRE', code: 'cre', classes: [form1] });
    const res = await call('PATCH', `/api/grades/subjects/${cre.id}/`, a.auth, {
      name: 'Christian Religious Education',
      code: 'c.r.e',
      description: 'Humanities',
      classes: [form2],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...cre,
      name: 'Christian Religious Education',
      code: 'C.R.E',
      description: 'Humanities',
      classes: [form2],
      group: 'other', // the new code suggests no group, and none was chosen
    });
    const keep = await call('PATCH', `/api/grades/subjects/${cre.id}/`, a.auth, { name: 'CRE' });
    expect(keep.json().classes).toEqual([form2]);
    const none = await call('PATCH', `/api/grades/subjects/${cre.id}/`, a.auth, { classes: [] });
    expect(none.json().classes).toEqual([]);
  });

  it('refuses a change to a code in use (409) or to a blank code (400)', async () => {
    await createSubject(a, { name: 'Environmental studies', code: 'ENV' });
    const geo = await createSubject(a, { name: 'Geography', code: 'GEO' });
    const taken = await call('PATCH', `/api/grades/subjects/${geo.id}/`, a.auth, { code: 'env' });
    expect(taken.statusCode).toBe(409);
    const blank = await call('PATCH', `/api/grades/subjects/${geo.id}/`, a.auth, { code: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.code).toEqual(['Code is required']);
    const theirs = await call('PATCH', `/api/grades/subjects/${geo.id}/`, a.auth, {
      classes: [theirClass],
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("answers 404 for another school's subject: reading, changing, deleting", async () => {
    const theirs = await createSubject(b, { name: 'History', code: 'HIS' });
    await expectStatus(call('GET', `/api/grades/subjects/${theirs.id}/`, a.auth), 404);
    const patch = await call('PATCH', `/api/grades/subjects/${theirs.id}/`, a.auth, { name: 'x' });
    expect(patch.statusCode).toBe(404);
    await expectStatus(call('DELETE', `/api/grades/subjects/${theirs.id}/`, a.auth), 404);
    expect((await call('GET', `/api/grades/subjects/${theirs.id}/`, b.auth)).json().name).toBe(
      'History',
    );
  });

  it('deletes a subject that has no scores', async () => {
    const music = await createSubject(a, { name: 'Music', code: 'MUS', classes: [form1] });
    expect((await call('DELETE', `/api/grades/subjects/${music.id}/`, a.auth)).statusCode).toBe(
      204,
    );
    await expectStatus(call('GET', `/api/grades/subjects/${music.id}/`, a.auth), 404);
  });

  it('refuses (409) to delete a subject that has scores, deleting nothing', async () => {
    const bio = await createSubject(a, { name: 'Biology', code: 'BIO', classes: [form1] });
    const exam = await call('POST', '/api/grades/exams/', a.auth, {
      name: 'Opener',
      start_date: '2024-01-10',
      end_date: '2024-01-12',
    });
    const studentIds = [
      await insertStudent(t.app, a.schoolId, form1),
      await insertStudent(t.app, a.schoolId, form1),
    ];
    await t.app.db.insert(examScores).values(
      studentIds.map((studentId) => ({
        schoolId: a.schoolId,
        examId: exam.json().id,
        studentId,
        subjectId: bio.id,
        classId: form1,
        score: 50,
      })),
    );
    const res = await call('DELETE', `/api/grades/subjects/${bio.id}/`, a.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Biology has 2 scores in exams; remove them before deleting the subject',
    );
    expect((await call('GET', `/api/grades/subjects/${bio.id}/`, a.auth)).json()).toEqual(bio);
  });
});
