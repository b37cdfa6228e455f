import { CBC_SCALE_GRADES } from '@shule/shared/grading-scales';
import { KCSE_SCALE } from '@shule/shared/kcse';
import { describe, expect, it } from 'vitest';
import {
  authAs,
  expectStatus,
  registerSchool,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';

const { t, call, create, schools, newSchool } = useTestApp(
  'Alliance High School',
  'Bahati Secondary',
);
const [a, b] = schools;
const createGrade = (who: SignedInSchool, body: object) => create(who, '/api/grades/grades/', body);

async function bandsOf(who: SignedInSchool, subjectId: number) {
  const res = await call('GET', `/api/grades/subject_grades/?subject=${subjectId}`, who.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { grade: { code: string }; min_score: number; max_score: number }[];
}

describe('grades', () => {
  it('creates a grade with its code in upper case', async () => {
    const a = await newSchool();
    const res = await call('POST', '/api/grades/grades/', a.auth, {
      name: 'Distinction',
      code: ' dist ',
      comments: 'Top marks',
      points: 12,
      school: a.schoolId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Distinction',
      code: 'DIST',
      points: 12,
      comments: 'Top marks',
      school: a.schoolId,
    });
  });

  it('lists the grades of the school only, most points first', async () => {
    const a = await newSchool();
    await createGrade(a, { name: 'Distinction', code: 'DIST', points: 12 });
    await createGrade(a, { name: 'Pass', code: 'pass', points: 4 });
    await createGrade(b, { name: 'Other school', code: 'OTH' });
    const res = await call('GET', `/api/grades/grades/?school=${a.schoolId}`, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((g: { code: string }) => g.code)).toEqual(['DIST', 'PASS']);
  });

  it('lets a teacher read the grades but not change them', async () => {
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    expect((await call('GET', '/api/grades/grades/', teacher)).statusCode).toBe(200);
    await expectStatus(call('POST', '/api/grades/grades/', teacher, { name: 'X', code: 'X' }), 403);
  });

  it('refuses a student account', async () => {
    const student = await authAs(t.app, a.schoolId, 'student');
    await expectStatus(call('GET', '/api/grades/grades/', student), 403);
  });

  it('refuses a missing code with its message', async () => {
    const res = await call('POST', '/api/grades/grades/', a.auth, { name: 'Credit', code: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Code is required',
      errors: { code: ['Code is required'] },
    });
  });

  it('refuses points that are not a whole number from 0 to 100', async () => {
    const res = await call('POST', '/api/grades/grades/', a.auth, {
      name: 'Credit',
      code: 'CR',
      points: 101,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.points).toEqual(['Points must be a whole number from 0 to 100']);
  });

  it('refuses a code already used in the school (409), but not in another school', async () => {
    const [a, b] = [await newSchool(), await newSchool()];
    await createGrade(a, { name: 'Distinction', code: 'DIST' });
    const res = await call('POST', '/api/grades/grades/', a.auth, { name: 'Again', code: 'Dist' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A grade with code DIST already exists');
    await createGrade(b, { name: 'Distinction', code: 'DIST' });
  });

  it('answers 401 without a token and 403 for another school', async () => {
    await expectStatus(call('GET', '/api/grades/grades/', {}), 401);
    await expectStatus(call('POST', '/api/grades/grades/', {}, { name: 'X', code: 'X' }), 401);
    await expectStatus(call('GET', `/api/grades/grades/?school=${b.schoolId}`, a.auth), 403);
    const res = await call('POST', '/api/grades/grades/', a.auth, {
      name: 'X',
      code: 'X',
      school: b.schoolId,
    });
    expect(res.statusCode).toBe(403);
  });

  it('edits a grade and answers it whole', async () => {
    const grade = await createGrade(a, { name: 'Merit', code: 'MER', comments: 'Good' });
    const res = await call('PATCH', `/api/grades/grades/${grade.id}/`, a.auth, {
      name: 'Merit plus',
      code: 'mer+',
      comments: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...grade, name: 'Merit plus', code: 'MER+', comments: null });
  });

  it('refuses to rename a code to one in use, and a blank name', async () => {
    const a = await newSchool();
    await createGrade(a, { name: 'Pass', code: 'PASS' });
    const grade = await createGrade(a, { name: 'Fail', code: 'FAIL' });
    const taken = await call('PATCH', `/api/grades/grades/${grade.id}`, a.auth, { code: 'pass' });
    expect(taken.statusCode).toBe(409);
    const blank = await call('PATCH', `/api/grades/grades/${grade.id}`, a.auth, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toEqual(['Name is required']);
  });

  it("answers 404 for another school's grade, changing or deleting it", async () => {
    const theirs = await createGrade(b, { name: 'Theirs', code: 'THR' });
    const patch = await call('PATCH', `/api/grades/grades/${theirs.id}/`, a.auth, { name: 'x' });
    expect(patch.statusCode).toBe(404);
    await expectStatus(call('DELETE', `/api/grades/grades/${theirs.id}/`, a.auth), 404);
    const list = await call('GET', '/api/grades/grades/', b.auth);
    expect(list.json().find((g: { id: number }) => g.id === theirs.id).name).toBe('Theirs');
  });

  it('deletes a grade with its bands', async () => {
    const grade = await createGrade(a, { name: 'Gone', code: 'GONE' });
    const res = await call('DELETE', `/api/grades/grades/${grade.id}/`, a.auth);
    expect(res.statusCode).toBe(204);
    await expectStatus(call('DELETE', `/api/grades/grades/${grade.id}/`, a.auth), 404);
  });

  it('answers 404 for an id that is not a number', async () => {
    const res = await call('PATCH', '/api/grades/grades/abc/', a.auth, { name: 'x' });
    expect(res.statusCode).toBe(404);
  });

  it('gives a new grade an empty band in every subject', async () => {
    const subject = await call('POST', '/api/grades/subjects/', a.auth, {
      name: 'Chemistry',
      code: 'CHEM',
      classes: [],
    });
    expect(subject.statusCode).toBe(201);
    await createGrade(a, { name: 'Late', code: 'LATE' });
    const bands = await bandsOf(a, subject.json().id);
    expect(bands.find((x) => x.grade.code === 'LATE')).toMatchObject({
      min_score: null,
      max_score: null,
    });
    const codes = (await call('GET', '/api/grades/grades/', a.auth))
      .json()
      .map((g: { code: string }) => g.code);
    expect(bands.map((x) => x.grade.code).sort()).toEqual([...codes].sort());
  });
});

describe('grades and subjects created at the same moment', () => {
  it('still give every subject one band per grade', async () => {
    const c = await registerSchool(t.app, 'Maseno School');
    await Promise.all([
      ...['G1', 'G2', 'G3', 'G4'].map((code) =>
        call('POST', '/api/grades/grades/', c.auth, { name: code, code }),
      ),
      ...['S1', 'S2', 'S3', 'S4'].map((code) =>
        call('POST', '/api/grades/subjects/', c.auth, { name: code, code }),
      ),
    ]);
    const subjects = (await call('GET', '/api/grades/subjects/', c.auth)).json();
    expect(subjects).toHaveLength(4);
    for (const subject of subjects) {
      expect((await bandsOf(c, subject.id)).map((x) => x.grade.code).sort()).toEqual([
        'G1',
        'G2',
        'G3',
        'G4',
      ]);
    }
  });
});

describe('KCSE scale', () => {
  it('creates the twelve grades and default bands for every subject, in one step', async () => {
    const c = await registerSchool(t.app, 'Kenya High School');
    const subject = await call('POST', '/api/grades/subjects/', c.auth, {
      name: 'Mathematics',
      code: 'MAT',
    });
    const res = await call('POST', '/api/grades/grades/kcse/', c.auth);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.map((g: { code: string }) => g.code)).toEqual(KCSE_SCALE.map((k) => k.code));
    expect(created[0]).toMatchObject({
      name: 'A plain',
      code: 'A',
      points: 12,
      comments: 'Excellent',
      school: c.schoolId,
    });

    const bands = await bandsOf(c, subject.json().id);
    expect(bands.map((x) => [x.grade.code, x.min_score, x.max_score])).toEqual(
      KCSE_SCALE.map((k) => [k.code, k.min_score, k.max_score]),
    );

    // A subject created afterwards gets the default bands too.
    const later = await call('POST', '/api/grades/subjects/', c.auth, {
      name: 'Biology',
      code: 'BIO',
    });
    const laterBands = await bandsOf(c, later.json().id);
    expect(laterBands.find((x) => x.grade.code === 'B+')).toMatchObject({
      min_score: 70,
      max_score: 74,
    });
  });

  it('answers 409 on a school that already has grades, creating nothing', async () => {
    const a = await newSchool();
    await createGrade(a, { name: 'Credit', code: 'CRE' });
    const res = await call('POST', '/api/grades/grades/kcse/', a.auth, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This school already has grades. The KCSE scale can only be applied when there are none.',
    );
    const codes = (await call('GET', '/api/grades/grades/', a.auth))
      .json()
      .map((g: { code: string }) => g.code);
    expect(codes).not.toContain('A-');
  });

  it('is applied once when clicked twice at the same moment', async () => {
    const c = await registerSchool(t.app, "Mang'u High School");
    const [first, second] = await Promise.all([
      call('POST', '/api/grades/grades/kcse/', c.auth),
      call('POST', '/api/grades/grades/kcse/', c.auth),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect((await call('GET', '/api/grades/grades/', c.auth)).json()).toHaveLength(12);
  });

  it('is for admins only and needs a token', async () => {
    const c = await registerSchool(t.app, 'Starehe Boys Centre');
    const teacher = await authAs(t.app, c.schoolId, 'teacher');
    await expectStatus(call('POST', '/api/grades/grades/kcse/', teacher), 403);
    await expectStatus(call('POST', '/api/grades/grades/kcse/', {}), 401);
  });
});

describe('CBC scales', () => {
  it('applies the KJSEA eight levels with bands for every subject, and later subjects', async () => {
    const c = await newSchool();
    const subject = await create(c, '/api/grades/subjects/', { name: 'Mathematics', code: 'MAT' });
    const res = await expectStatus(
      call('POST', '/api/grades/grades/cbc/', c.auth, { scale: 'kjsea' }),
      201,
    );
    expect(res.json().map((g: { code: string }) => g.code)).toEqual(
      CBC_SCALE_GRADES.kjsea.map((g) => g.code),
    );
    expect(res.json()[0]).toMatchObject({ code: 'EE1', points: 8, school: c.schoolId });
    const bands = await bandsOf(c, subject.id);
    expect(bands.find((x) => x.grade.code === 'ME2')).toMatchObject({
      min_score: 41,
      max_score: 57,
    });
    const later = await create(c, '/api/grades/subjects/', { name: 'Science', code: 'ISC' });
    expect((await bandsOf(c, later.id)).find((x) => x.grade.code === 'EE1')).toMatchObject({
      min_score: 90,
      max_score: 100,
    });
  });

  it('applies the four-level rubric, once, only on a school without grades', async () => {
    const c = await newSchool();
    const res = await expectStatus(
      call('POST', '/api/grades/grades/cbc/', c.auth, { scale: 'rubric' }),
      201,
    );
    expect(res.json().map((g: { code: string }) => g.code)).toEqual(['EE', 'ME', 'AE', 'BE']);
    await expectStatus(
      call('POST', '/api/grades/grades/cbc/', c.auth, { scale: 'kjsea' }),
      409,
      'This school already has grades. A CBC scale can only be applied when there are none.',
    );
    await expectStatus(call('POST', '/api/grades/grades/kcse/', c.auth), 409);
  });

  it('refuses a bad scale (400), a teacher (403) and no token (401)', async () => {
    const c = await newSchool();
    const bad = await expectStatus(
      call('POST', '/api/grades/grades/cbc/', c.auth, { scale: 'kcse' }),
      400,
    );
    expect(bad.json().errors.scale).toEqual(['Choose the KJSEA scale or the four-level rubric']);
    const teacher = await authAs(t.app, c.schoolId, 'teacher');
    await expectStatus(call('POST', '/api/grades/grades/cbc/', teacher, { scale: 'rubric' }), 403);
    await expectStatus(call('POST', '/api/grades/grades/cbc/', {}, { scale: 'rubric' }), 401);
    expect((await call('GET', '/api/grades/grades/', c.auth)).json()).toEqual([]);
  });
});
