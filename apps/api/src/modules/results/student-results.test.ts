import { studentResultsResponse } from '@shule/shared/results/student-results';
import { describe, expect, it } from 'vitest';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { kcseForm4, signedInClassTeacher } from '../../test/results-school';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT'] as const;

/** Amina sat the Opener in 4 East, moved to 4 West and sat the Mid term there. */
async function twoExams(who: SignedInSchool) {
  const f = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const exam = async (name: string, start: string, end: string) =>
    (await create(who, '/api/grades/exams/', { name, start_date: start, end_date: end }))
      .id as number;
  const opener = await exam('Opener', '2026-01-12', '2026-01-16');
  const mid = await exam('Mid term', '2026-02-16', '2026-02-20');
  await exam('End term', '2026-03-30', '2026-04-03');
  const amina = await f.admit('Amina', f.east);
  await f.saveMarks(amina, opener, { ENG: 60, KIS: 55, MAT: 'X' });
  await expectStatus(call('PATCH', `/api/students/${amina}/`, who.auth, { class: f.west }), 200);
  await f.saveMarks(amina, mid, { ENG: 64, KIS: 50, MAT: 72 });
  return { ...f, opener, mid, amina };
}

const resultsOf = (auth: Record<string, string>, student: number) =>
  call('GET', `/api/students/${student}/results/`, auth);

describe('GET /api/students/{id}/results/', () => {
  it("lists the student's exams newest first, each with the class sat in and the mean", async () => {
    const who = await newSchool();
    const f = await twoExams(who);
    const res = await expectStatus(resultsOf(who.auth, f.amina), 200);
    expect(studentResultsResponse.parse(res.json()).exams).toEqual([
      {
        exam: { id: f.mid, name: 'Mid term', start_date: '2026-02-16', end_date: '2026-02-20' },
        class: { id: f.west, name: '4 West' },
        subjects_marked: 3,
        mean_score: 62,
      },
      {
        exam: { id: f.opener, name: 'Opener', start_date: '2026-01-12', end_date: '2026-01-16' },
        class: { id: f.east, name: '4 East' },
        subjects_marked: 3,
        mean_score: 57.5,
      },
    ]);
  });

  it('gives a class teacher the exams sat in their class only', async () => {
    const who = await newSchool();
    const f = await twoExams(who);
    const teacher = await signedInClassTeacher({ t, call, create }, who, f.west);
    const res = await expectStatus(resultsOf(teacher, f.amina), 200);
    expect(res.json().exams.map((e: { exam: { name: string } }) => e.exam.name)).toEqual([
      'Mid term',
    ]);
  });

  it("answers 404 for an id no student has and another school's student, 401 without a token", async () => {
    const who = await newSchool();
    const other = await newSchool();
    const f = await twoExams(who);
    // A path's id no record can have names none (plugins/errors.ts): 404, as for every path.
    await expectStatus(call('GET', '/api/students/abc/results/', who.auth), 404);
    await expectStatus(call('GET', `/api/students/${f.amina}/results/`, {}), 401);
    await expectStatus(resultsOf(other.auth, f.amina), 404, 'Student not found');
  });
});
