import type { StudentsWithGrades } from '@shule/shared/scores';
import { describe, expect, it } from 'vitest';
import { authAs, expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';

const { t, call, create, newSchool } = useTestApp();

/** A Form 3 with Mathematics, English and Agriculture (an optional subject), an exam, two students. */
async function form3(who: SignedInSchool) {
  const classId = await insertClass(t.app, who.schoolId, 'Form 3 East');
  const subject = async (name: string, code: string) =>
    (await create(who, '/api/grades/subjects/', { name, code, classes: [classId] })).id as number;
  return {
    classId,
    mat: await subject('Mathematics', 'MAT'),
    eng: await subject('English', 'ENG'),
    agr: await subject('Agriculture', 'AGR'),
    exam: (
      await create(who, '/api/grades/exams/', {
        name: 'Opener',
        start_date: '2026-01-12',
        end_date: '2026-01-16',
      })
    ).id as number,
    wanjiku: await insertStudent(t.app, who.schoolId, classId, { first: 'Wanjiku' }),
    otieno: await insertStudent(t.app, who.schoolId, classId, { first: 'Otieno' }),
  };
}

const save = (who: SignedInSchool, body: object) =>
  call('POST', '/api/grades/student_subject_grades/', who.auth, body);

async function classMarks(who: SignedInSchool, examId: number, classId: number) {
  const res = await expectStatus(
    call('GET', `/api/students/students_with_grades/?exam=${examId}&class=${classId}`, who.auth),
    200,
  );
  return (res.json() as StudentsWithGrades).students;
}

describe('X (absent) and Y (withheld) marks', () => {
  it('saves X and Y in either case, answers them as such, and replaces them by a score', async () => {
    const who = await newSchool();
    const f = await form3(who);
    const res = await expectStatus(
      save(who, {
        student: f.wanjiku,
        exam: f.exam,
        subject_marks: { [f.mat]: 'x', [f.eng]: ' Y ', [f.agr]: 64.5 },
      }),
      200,
    );
    expect(res.json().subject_scores).toEqual([
      { subject__name: 'Agriculture', subject: f.agr, score: 64.5 },
      { subject__name: 'English', subject: f.eng, score: 'Y' },
      { subject__name: 'Mathematics', subject: f.mat, score: 'X' },
    ]);
    let [wanjiku] = (await classMarks(who, f.exam, f.classId)).filter((s) => s.id === f.wanjiku);
    expect(wanjiku!.marks).toEqual({ [f.mat]: 'X', [f.eng]: 'Y', [f.agr]: 64.5 });

    await expectStatus(
      save(who, { student: f.wanjiku, exam: f.exam, subject_marks: { [f.mat]: 71, [f.eng]: '' } }),
      200,
    );
    [wanjiku] = (await classMarks(who, f.exam, f.classId)).filter((s) => s.id === f.wanjiku);
    expect(wanjiku!.marks).toEqual({ [f.mat]: 71, [f.agr]: 64.5 });
  });

  it('refuses any other letter with the subject’s message', async () => {
    const who = await newSchool();
    const f = await form3(who);
    const res = await expectStatus(
      save(who, { student: f.otieno, exam: f.exam, subject_marks: { [f.mat]: 'Z' } }),
      400,
      'Score for Mathematics must be a number from 0 to 100, X or Y',
    );
    expect(res.json().errors).toEqual({
      [`subject_marks.${f.mat}`]: ['Score for Mathematics must be a number from 0 to 100, X or Y'],
    });
  });
});

describe('a student’s own subjects', () => {
  it('drops an optional subject: listed on the student and the grading screen, marks refused', async () => {
    const who = await newSchool();
    const f = await form3(who);
    const patched = await expectStatus(
      call('PATCH', `/api/students/${f.otieno}/`, who.auth, {
        subjects: [f.mat, f.eng],
        entry_exam: 'KCPE',
        entry_index_number: '12345678001',
        entry_marks: 398,
      }),
      200,
    );
    expect(patched.json()).toMatchObject({
      id: f.otieno,
      subjects: [f.mat, f.eng].sort((x, y) => x - y),
      entry_exam: 'KCPE',
      entry_index_number: '12345678001',
      entry_marks: 398,
    });
    const rows = await classMarks(who, f.exam, f.classId);
    expect(rows.find((s) => s.id === f.otieno)!.subjects).toEqual(
      [f.mat, f.eng].sort((x, y) => x - y),
    );
    expect(rows.find((s) => s.id === f.wanjiku)!.subjects).toBeNull();

    await expectStatus(
      save(who, { student: f.otieno, exam: f.exam, subject_marks: { [f.agr]: 50 } }),
      400,
      'This student does not take Agriculture',
    );
    await expectStatus(
      save(who, { student: f.wanjiku, exam: f.exam, subject_marks: { [f.agr]: 50 } }),
      200,
    );

    // Every subject of the class, or null, is the class's list again.
    const all = await call('PATCH', `/api/students/${f.otieno}/`, who.auth, {
      subjects: [f.mat, f.eng, f.agr],
    });
    expect(all.json().subjects).toBeNull();
    await call('PATCH', `/api/students/${f.otieno}/`, who.auth, { subjects: [f.mat] });
    const reset = await call('PATCH', `/api/students/${f.otieno}/`, who.auth, { subjects: null });
    expect(reset.json()).toMatchObject({ subjects: null, entry_marks: 398 });
  });

  it('refuses subjects not taught in the class, none, or bad entry marks (400)', async () => {
    const who = await newSchool();
    const f = await form3(who);
    const elsewhere = await insertClass(t.app, who.schoolId, 'Form 1');
    const { id: french } = await create(who, '/api/grades/subjects/', {
      name: 'French',
      code: 'FRE',
      classes: [elsewhere],
    });
    const notTaught = await expectStatus(
      call('PATCH', `/api/students/${f.otieno}/`, who.auth, { subjects: [f.mat, french] }),
      400,
    );
    expect(notTaught.json().errors.subjects).toEqual(['Choose subjects taught in Form 3 East']);
    await expectStatus(
      call('PATCH', `/api/students/${f.otieno}/`, who.auth, { subjects: [] }),
      400,
      'Choose at least one subject',
    );
    const bad = await expectStatus(
      call('PATCH', `/api/students/${f.otieno}/`, who.auth, {
        entry_exam: 'KCSE',
        entry_marks: 12.5,
      }),
      400,
    );
    expect(bad.json().errors).toMatchObject({
      entry_exam: ['Choose KCPE, KPSEA or KJSEA'],
      entry_marks: ['Entry marks must be a whole number'],
    });
    await expectStatus(call('PATCH', `/api/students/${f.otieno}/`, who.auth, {}), 400);
  });

  it('is an admin’s change of their own school’s student: 404, 403 and 401 otherwise', async () => {
    const ours = await newSchool();
    const theirs = await newSchool();
    const f = await form3(theirs);
    await expectStatus(
      call('PATCH', `/api/students/${f.otieno}/`, ours.auth, { entry_marks: 300 }),
      404,
      'Student not found',
    );
    await expectStatus(call('GET', `/api/students/${f.otieno}/`, ours.auth), 404);
    const teacher = await authAs(t.app, theirs.schoolId, 'teacher');
    await expectStatus(
      call('PATCH', `/api/students/${f.otieno}/`, teacher, { entry_marks: 300 }),
      403,
    );
    await expectStatus(call('PATCH', `/api/students/${f.otieno}/`, {}, { entry_marks: 300 }), 401);
  });
});
