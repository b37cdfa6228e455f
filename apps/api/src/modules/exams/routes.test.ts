import { describe, expect, it } from 'vitest';
import { examScores, subjects } from '../../db/schema/index';
import { authAs, expectStatus, useTestApp } from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';

const { t, call, create, schools, newSchool } = useTestApp(
  'Alliance High School',
  'Bahati Secondary',
);
const [a, b] = schools;
const createExam = (who: typeof a, body: object) => create(who, '/api/grades/exams/', body);

const END_MESSAGE = 'End date must be on or after the start date';

describe('exams', () => {
  it('creates an exam with its derived status', async () => {
    const res = await call('POST', '/api/grades/exams/', a.auth, {
      name: 'End of year',
      start_date: '2000-01-01',
      end_date: '2099-12-31',
      school: a.schoolId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'End of year',
      start_date: '2000-01-01',
      end_date: '2099-12-31',
      is_completed: false,
      is_ongoing: true,
      status: 'Ongoing',
      school: a.schoolId,
      term: null,
      grading_scheme: null,
      classes: [],
      levels: [],
      components: [],
    });
  });

  it('accepts start and end, and derives Upcoming, Completed and marked Completed', async () => {
    const upcoming = await createExam(a, { name: 'Mock', start: '2090-03-01', end: '2090-03-05' });
    expect(upcoming).toMatchObject({ is_ongoing: false, status: 'Upcoming' });
    const past = await createExam(a, {
      name: 'Opener 2001',
      start: '2001-01-10',
      end: '2001-01-12',
    });
    expect(past).toMatchObject({ is_completed: false, is_ongoing: false, status: 'Completed' });
    const marked = await createExam(a, {
      name: 'Marked',
      start_date: '2000-01-01',
      end_date: '2099-12-31',
      is_completed: true,
    });
    expect(marked).toMatchObject({ is_completed: true, is_ongoing: false, status: 'Completed' });
  });

  it('lists the school exams, latest first, and reads one', async () => {
    const a = await newSchool();
    await createExam(a, { name: 'End of year', start: '2000-01-01', end: '2099-12-31' });
    await createExam(a, { name: 'Marked', start: '2000-01-01', end: '2099-12-31' });
    await createExam(a, { name: 'Opener 2001', start: '2001-01-10', end: '2001-01-12' });
    await createExam(a, { name: 'Mock', start: '2090-03-01', end: '2090-03-05' });
    const theirs = await createExam(b, { name: 'Theirs', start: '2024-01-01', end: '2024-01-02' });
    const res = await call('GET', `/api/grades/exams/?school=${a.schoolId}`, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { name: string }) => e.name)).toEqual([
      'Mock',
      'Opener 2001',
      'Marked',
      'End of year',
    ]);
    const one = await call('GET', `/api/grades/exams/${res.json()[0].id}/`, a.auth);
    expect(one.json()).toEqual(res.json()[0]);
    await expectStatus(call('GET', `/api/grades/exams/${theirs.id}/`, a.auth), 404);
  });

  it('refuses an end before the start and a missing name', async () => {
    const res = await call('POST', '/api/grades/exams/', a.auth, {
      name: 'Opener',
      start_date: '2024-01-12',
      end_date: '2024-01-10',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: END_MESSAGE, errors: { end_date: [END_MESSAGE] } });
    const noName = await call('POST', '/api/grades/exams/', a.auth, {
      start_date: '2024-01-10',
      end_date: '2024-01-12',
    });
    expect(noName.json().errors).toEqual({ name: ['Name is required'] });
  });

  it('lets a teacher read but not write; 401 without a token; 403 for another school', async () => {
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    expect((await call('GET', '/api/grades/exams/', teacher)).statusCode).toBe(200);
    const body = { name: 'x', start_date: '2024-01-10', end_date: '2024-01-12' };
    await expectStatus(call('POST', '/api/grades/exams/', teacher, body), 403);
    await expectStatus(call('GET', '/api/grades/exams/', {}), 401);
    await expectStatus(call('POST', '/api/grades/exams/', {}, body), 401);
    await expectStatus(call('GET', `/api/grades/exams/?school=${b.schoolId}`, a.auth), 403);
    const post = await call('POST', '/api/grades/exams/', a.auth, { ...body, school: b.schoolId });
    expect(post.statusCode).toBe(403);
  });

  it('edits an exam, marks it completed, and checks dates as they will be', async () => {
    const exam = await createExam(a, { name: 'CAT 1', start: '2090-02-01', end: '2090-02-03' });
    const res = await call('PATCH', `/api/grades/exams/${exam.id}/`, a.auth, {
      name: 'CAT one',
      end: '2090-02-04',
      is_completed: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...exam,
      name: 'CAT one',
      end_date: '2090-02-04',
      is_completed: true,
      status: 'Completed',
    });
    const bad = await call('PATCH', `/api/grades/exams/${exam.id}/`, a.auth, {
      start_date: '2090-03-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ end_date: [END_MESSAGE] });
    const notBool = await call('PATCH', `/api/grades/exams/${exam.id}/`, a.auth, {
      is_completed: 'yes',
    });
    expect(notBool.statusCode).toBe(400);
  });

  it("answers 404 for another school's exam, changing or deleting it", async () => {
    const theirs = await createExam(b, {
      name: 'Their CAT',
      start: '2024-01-01',
      end: '2024-01-02',
    });
    const patch = await call('PATCH', `/api/grades/exams/${theirs.id}/`, a.auth, { name: 'x' });
    expect(patch.statusCode).toBe(404);
    await expectStatus(call('DELETE', `/api/grades/exams/${theirs.id}/`, a.auth), 404);
    expect((await call('GET', `/api/grades/exams/${theirs.id}/`, b.auth)).json().name).toBe(
      'Their CAT',
    );
  });

  it('deletes an exam with no scores', async () => {
    const exam = await createExam(a, { name: 'Gone', start: '2024-01-01', end: '2024-01-02' });
    expect((await call('DELETE', `/api/grades/exams/${exam.id}/`, a.auth)).statusCode).toBe(204);
    await expectStatus(call('DELETE', `/api/grades/exams/${exam.id}/`, a.auth), 404);
  });

  it('refuses (409) to delete an exam that has scores, deleting nothing', async () => {
    const exam = await createExam(a, { name: 'Scored', start: '2024-01-01', end: '2024-01-02' });
    const classId = await insertClass(t.app, a.schoolId, 'Form 3');
    const studentId = await insertStudent(t.app, a.schoolId, classId);
    const [subject] = await t.app.db
      .insert(subjects)
      .values({ schoolId: a.schoolId, name: 'Physics', code: 'PHY' })
      .returning({ id: subjects.id });
    await t.app.db.insert(examScores).values({
      schoolId: a.schoolId,
      examId: exam.id,
      studentId,
      subjectId: subject!.id,
      classId,
      score: 61,
    });
    const res = await call('DELETE', `/api/grades/exams/${exam.id}/`, a.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Exam Scored has 1 score; remove it before deleting the exam');
    expect((await call('GET', `/api/grades/exams/${exam.id}/`, a.auth)).statusCode).toBe(200);
  });
});
