import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  seniorChoices,
  seniorSettings,
  studentSubjects,
  subjectClasses,
  teachingGroupMembers,
  teachingGroups,
} from '../../db/schema/index';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { meritListOf } from '../../test/merit-list-answer';
import { insertStudent } from '../../test/seed';

const { t, call, create, newSchool, schools } = useTestApp('Another Senior School');
const [other] = schools;

type Subjects = Record<string, number>;

/**
 * A Grade 10 stream on the four-level rubric with senior school's subjects: Amina and Baraka
 * take STEM Pure Sciences (English, Kiswahili, Core Mathematics, CSL; Biology, Chemistry,
 * Physics), Chebet has no choice recorded.
 */
async function grade10(who: SignedInSchool) {
  await expectStatus(call('POST', '/api/grades/grades/cbc/', who.auth, { scale: 'rubric' }), 201);
  const east = (await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' })).class
    .id as number;
  const { pathways, core } = (await call('GET', '/api/senior/pathways/', who.auth)).json();
  const all = [
    ...core,
    ...pathways.flatMap((p: { tracks: { subjects: object[] }[] }) =>
      p.tracks.flatMap((tr) => tr.subjects),
    ),
  ] as { id: number; name: string }[];
  const id: Subjects = Object.fromEntries(all.map((s) => [s.name, s.id]));
  await t.app.db
    .insert(subjectClasses)
    .values(all.map((s) => ({ schoolId: who.schoolId, subjectId: s.id, classId: east })))
    .onConflictDoNothing();
  const stem = pathways.find((p: { name: string }) => p.name === 'STEM');
  const pure = ['Biology', 'Chemistry', 'Physics'].map((n) => id[n]!);
  const combination = await create(who, '/api/senior/combinations/', {
    pathway: stem.id,
    subjects: pure,
  });
  const takes = [
    ...['English', 'Kiswahili', 'Core Mathematics', 'Community Service Learning'].map(
      (n) => id[n]!,
    ),
    ...pure,
  ];
  const learner = async (first: string, choice: boolean) => {
    const student = await insertStudent(t.app, who.schoolId, east, { first, last: 'Test' });
    if (!choice) return student;
    await t.app.db.insert(seniorChoices).values({
      schoolId: who.schoolId,
      studentId: student,
      pathwayId: stem.id,
      combinationId: combination.id,
      mathematics: 'core',
      language: 'KIS',
      fromDate: '2026-01-12',
      setBy: who.userId,
    });
    await t.app.db
      .insert(studentSubjects)
      .values(
        takes.map((subjectId) => ({ schoolId: who.schoolId, studentId: student, subjectId })),
      );
    return student;
  };
  const exam = (
    await create(who, '/api/grades/exams/', {
      name: 'Opener',
      start_date: '2026-02-02',
      end_date: '2026-02-06',
      grading_scheme: 'cbc',
    })
  ).id as number;
  const saveMarks = (student: number, marks: Record<string, number>) =>
    expectStatus(
      call('POST', '/api/grades/student_subject_grades/', who.auth, {
        student,
        exam,
        subject_marks: Object.fromEntries(Object.entries(marks).map(([n, m]) => [id[n], m])),
      }),
      200,
    );
  return { east, exam, id, learner, saveMarks, combination: combination.id as number };
}

const SEVEN = {
  English: 70,
  Kiswahili: 60,
  'Core Mathematics': 80,
  Biology: 65,
  Chemistry: 75,
  Physics: 50,
};

describe('a Grade 10 exam', () => {
  it('asks each learner for the subjects they take: a missing one is incomplete, one they do not take is not missing', async () => {
    const who = await newSchool();
    const g10 = await grade10(who);
    const amina = await g10.learner('Amina', true);
    const baraka = await g10.learner('Baraka', true);
    const chebet = await g10.learner('Chebet', false);
    // Nobody has a CSL mark: the opener did not examine it, so no one is asked for it.
    await g10.saveMarks(amina, SEVEN);
    const { 'Core Mathematics': _, ...withoutMaths } = SEVEN;
    await g10.saveMarks(baraka, withoutMaths);
    await g10.saveMarks(chebet, { English: 50, Geography: 60 });

    const list = meritListOf(
      await expectStatus(
        call('GET', `/api/exams/${g10.exam}/merit_list/?level=Grade%2010`, who.auth),
        200,
      ),
    );
    const row = (name: string) => list.rows.find((r) => r.name.startsWith(name))!;
    expect(row('Amina')).toMatchObject({
      status: 'complete',
      mean_grade: 'ME',
      class_position: null,
    });
    expect(row('Baraka')).toMatchObject({
      status: 'incomplete',
      reason: 'No mark in Core Mathematics',
      mean_grade: null,
    });
    // A learner with no senior choice recorded is graded on what they sat, as before.
    expect(row('Chebet')).toMatchObject({ status: 'complete' });
    expect(list.exam.ranks).toBe(false);
  });

  it('asks for the subjects of the choice the learner held on the exam’s date', async () => {
    const who = await newSchool();
    const g10 = await grade10(who);
    const amina = await g10.learner('Amina', true);
    const chebet = await g10.learner('Chebet', false);
    await g10.saveMarks(amina, SEVEN);
    await g10.saveMarks(chebet, { English: 50, Geography: 60 });
    // From March Amina takes Geography in place of Physics: the February opener is as it was.
    const { pathways } = (await call('GET', '/api/senior/pathways/', who.auth)).json();
    const geo = await create(who, '/api/senior/combinations/', {
      pathway: pathways[0].id,
      subjects: [g10.id.Biology, g10.id.Chemistry, g10.id.Geography],
    });
    await expectStatus(
      call('PUT', `/api/students/${amina}/subjects/`, who.auth, {
        pathway: pathways[0].id,
        combination: geo.id,
        mathematics: 'core',
        language: 'KIS',
        from: '2026-03-01',
      }),
      200,
    );
    const list = meritListOf(
      await expectStatus(
        call('GET', `/api/exams/${g10.exam}/merit_list/?class=${g10.east}`, who.auth),
        200,
      ),
    );
    expect(list.rows.find((r) => r.name.startsWith('Amina'))).toMatchObject({
      status: 'complete',
      subject_count: 6,
    });
  });

  it('ranks on the internal merit list only when the school turns it on, never on the report form', async () => {
    const who = await newSchool();
    const g10 = await grade10(who);
    const amina = await g10.learner('Amina', true);
    const baraka = await g10.learner('Baraka', true);
    await g10.saveMarks(amina, SEVEN);
    await g10.saveMarks(baraka, { ...SEVEN, English: 40 });
    const meritList = async () =>
      meritListOf(
        await expectStatus(
          call('GET', `/api/exams/${g10.exam}/merit_list/?class=${g10.east}`, who.auth),
          200,
        ),
      );
    expect((await meritList()).rows.map((r) => r.class_position)).toEqual([null, null]);

    await t.app.db.insert(seniorSettings).values({
      schoolId: who.schoolId,
      internalRanking: true,
      updatedBy: who.userId,
    });
    const ranked = await meritList();
    expect(ranked.exam.ranks).toBe(true);
    expect(ranked.rows.map((r) => [r.name.split(' ')[0], r.class_position])).toEqual([
      ['Amina', 1],
      ['Baraka', 2],
    ]);
    const forms = await expectStatus(
      call('GET', `/api/exams/${g10.exam}/report_cards/?class=${g10.east}&format=json`, who.auth),
      200,
    );
    expect(forms.json().report_cards.map((c: { ranks: boolean }) => c.ranks)).toEqual([
      false,
      false,
    ]);
    await t.app.db.delete(seniorSettings).where(eq(seniorSettings.schoolId, who.schoolId));
  });
});

describe('a Grade 10 exam by teaching group and by combination', () => {
  it('answers each group’s members’ marks in its subject and each combination’s results', async () => {
    const who = await newSchool();
    const g10 = await grade10(who);
    const amina = await g10.learner('Amina', true);
    const baraka = await g10.learner('Baraka', true);
    await g10.saveMarks(amina, SEVEN);
    await g10.saveMarks(baraka, { ...SEVEN, Chemistry: 30 });
    const [group] = await t.app.db
      .insert(teachingGroups)
      .values({
        schoolId: who.schoolId,
        level: 'Grade 10',
        subjectId: g10.id.Chemistry!,
        name: 'Grade 10 Chemistry',
      })
      .returning({ id: teachingGroups.id });
    await t.app.db.insert(teachingGroupMembers).values(
      [amina, baraka].map((studentId) => ({
        schoolId: who.schoolId,
        groupId: group!.id,
        studentId,
      })),
    );
    const res = await expectStatus(
      call('GET', `/api/exams/${g10.exam}/senior_analysis/?level=Grade%2010`, who.auth),
      200,
    );
    expect(res.json()).toEqual({
      exam: { id: g10.exam, name: 'Opener' },
      level: 'Grade 10',
      grades: ['EE', 'ME', 'AE', 'BE'],
      groups: [
        {
          id: group!.id,
          name: 'Grade 10 Chemistry',
          subject: { id: g10.id.Chemistry, name: 'Chemistry', code: 'CHE' },
          teacher: null,
          learners: 2,
          sat: 2,
          mean_mark: 52.5,
          grades: [
            { code: 'EE', count: 1 },
            { code: 'AE', count: 1 },
          ],
        },
      ],
      combinations: [
        {
          id: g10.combination,
          name: 'BIO/CHE/PHY',
          learners: 2,
          complete: 2,
          // Amina 66.67, Baraka 59.17 (Chemistry 30): their mean.
          mean_mark: 62.92,
          grades: [{ code: 'ME', count: 2 }],
        },
      ],
    });
  });

  it('is for senior levels of the school, to an admin', async () => {
    const who = await newSchool();
    const g10 = await grade10(who);
    await create(who, '/api/classes/', { name: '4 East', level: 'Form 4' });
    const url = (level: string) => `/api/exams/${g10.exam}/senior_analysis/?level=${level}`;
    await expectStatus(
      call('GET', url('Form%204'), who.auth),
      400,
      'Form 4 is not a senior-school level: choose Grade 10, 11 or 12',
    );
    await expectStatus(call('GET', url(''), who.auth), 400, 'Level is required');
    await expectStatus(call('GET', url('Grade%2010'), {}), 401);
    await expectStatus(call('GET', url('Grade%2010'), other!.auth), 404);
  });
});
