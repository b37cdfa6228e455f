import { describe, expect, it } from 'vitest';
import { examScores, subjects } from '../../db/schema/index';
import { expectStatus, useTestApp } from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';

const { t, call, create, schools } = useTestApp('Kapsabet Boys', 'Moi Girls Eldoret');
const [a, b] = schools;
const createExam = (who: typeof a, body: object) => create(who, '/api/grades/exams/', body);
const exam = (who: typeof a, name: string, start: string) =>
  createExam(who, { name, start, end: start });
/** A combined exam on `start` of `parts`: [exam id, weight]. */
const combine = (who: typeof a, name: string, start: string, parts: [number, number][]) =>
  createExam(who, {
    name,
    start,
    end: start,
    components: parts.map(([exam, weight]) => ({ exam, weight })),
  });

/** One score for `examId`, straight into the database. */
async function score(who: typeof a, examId: number) {
  const classId = await insertClass(t.app, who.schoolId, `Form 2 ${examId}`);
  const studentId = await insertStudent(t.app, who.schoolId, classId);
  const [subject] = await t.app.db
    .insert(subjects)
    .values({ schoolId: who.schoolId, name: `Chemistry ${examId}`, code: `C${examId}` })
    .returning({ id: subjects.id });
  await t.app.db.insert(examScores).values({
    schoolId: who.schoolId,
    examId,
    studentId,
    subjectId: subject!.id,
    classId,
    score: 55,
  });
  return { studentId, subjectId: subject!.id };
}

describe('combined exams', () => {
  it('creates a combined exam of two exams weighted 30/70 and lists its components in date order', async () => {
    const end = await exam(a, 'End term', '2026-04-01');
    const cat = await exam(a, 'CAT 1', '2026-02-01');
    const combined = await combine(a, 'Term 1 result', '2026-04-05', [
      [end.id, 70],
      [cat.id, 30],
    ]);
    expect(combined.components).toEqual([
      { exam: cat.id, weight: 30 },
      { exam: end.id, weight: 70 },
    ]);
    const listed = (await call('GET', '/api/grades/exams/', a.auth)).json();
    expect(listed.find((e: { id: number }) => e.id === combined.id).components).toHaveLength(2);
    expect(listed.find((e: { id: number }) => e.id === cat.id).components).toEqual([]);
  });

  it('refuses (400 on components) weights not adding up to 100, the exam itself, a combined exam and another school’s exam', async () => {
    const one = await exam(a, 'Opener', '2026-01-10');
    const two = await exam(a, 'Mid term', '2026-02-20');
    const theirs = await exam(b, 'Their CAT', '2026-02-01');
    const body = (parts: [number, number][]) => ({
      name: 'Average',
      start: '2026-03-01',
      end: '2026-03-01',
      components: parts.map(([exam, weight]) => ({ exam, weight })),
    });
    const refused = async (res: Promise<{ statusCode: number; json(): unknown }>) => {
      const answer = await res;
      expect(answer.statusCode).toBe(400);
      const { message, errors } = answer.json() as {
        message: string;
        errors: Record<string, string[]>;
      };
      expect(errors.components).toEqual([message]);
      return message;
    };
    const refusedCreate = (parts: [number, number][]) =>
      refused(call('POST', '/api/grades/exams/', a.auth, body(parts)));
    expect(
      await refusedCreate([
        [one.id, 50],
        [two.id, 40],
      ]),
    ).toBe('The weights must add up to 100, not 90');
    expect(
      await refusedCreate([
        [one.id, 50],
        [theirs.id, 50],
      ]),
    ).toBe('Combine exams of your school');
    const average = await createExam(
      a,
      body([
        [one.id, 50],
        [two.id, 50],
      ]),
    );
    expect(
      await refusedCreate([
        [average.id, 50],
        [two.id, 50],
      ]),
    ).toBe('Average is a combined exam itself: combine exams whose marks were entered');
    expect(
      await refused(
        call('PATCH', `/api/grades/exams/${average.id}/`, a.auth, {
          components: [
            { exam: average.id, weight: 50 },
            { exam: one.id, weight: 50 },
          ],
        }),
      ),
    ).toBe('An exam cannot be combined with itself');
    // Nothing changed.
    const kept = (await call('GET', `/api/grades/exams/${average.id}/`, a.auth)).json();
    expect(kept.components.map((c: { exam: number }) => c.exam)).toEqual([one.id, two.id]);
  });

  it('changes the weights, and makes a combined exam ordinary again with []', async () => {
    const one = await exam(a, 'CAT A', '2026-05-01');
    const two = await exam(a, 'CAT B', '2026-05-20');
    const combined = await combine(a, 'CATs', '2026-05-25', [
      [one.id, 50],
      [two.id, 50],
    ]);
    const url = `/api/grades/exams/${combined.id}/`;
    const changed = await call('PATCH', url, a.auth, {
      components: [
        { exam: one.id, weight: 40 },
        { exam: two.id, weight: 60 },
      ],
    });
    expect(changed.json().components).toEqual([
      { exam: one.id, weight: 40 },
      { exam: two.id, weight: 60 },
    ]);
    expect((await call('PATCH', url, a.auth, { components: [] })).json().components).toEqual([]);
    // An ordinary exam again: it may be deleted, and so may its former components.
    await expectStatus(call('DELETE', `/api/grades/exams/${one.id}/`, a.auth), 204);
  });

  it('refuses (409) to make an exam with scores, or one a combined exam uses, combined', async () => {
    const scored = await exam(a, 'Scored', '2026-06-01');
    await score(a, scored.id);
    const one = await exam(a, 'Paper 1', '2026-06-02');
    const two = await exam(a, 'Paper 2', '2026-06-03');
    const components = [
      { exam: one.id, weight: 50 },
      { exam: two.id, weight: 50 },
    ];
    await expectStatus(
      call('PATCH', `/api/grades/exams/${scored.id}/`, a.auth, { components }),
      409,
      'Scored has 1 score; an exam with marks entered cannot take its marks from other exams',
    );
    await createExam(a, { name: 'Papers', start: '2026-06-04', end: '2026-06-04', components });
    const three = await exam(a, 'Paper 3', '2026-06-05');
    await expectStatus(
      call('PATCH', `/api/grades/exams/${one.id}/`, a.auth, {
        components: [
          { exam: two.id, weight: 50 },
          { exam: three.id, weight: 50 },
        ],
      }),
      409,
      'Paper 1 is part of combined exam Papers',
    );
  });

  it('refuses (409, naming the combined exam) to delete a component; deleting the combined exam frees it', async () => {
    const one = await exam(a, 'Opener 2', '2026-07-01');
    const two = await exam(a, 'End term 2', '2026-07-20');
    const combined = await combine(a, 'Term 2 result', '2026-07-25', [
      [one.id, 30],
      [two.id, 70],
    ]);
    await expectStatus(
      call('DELETE', `/api/grades/exams/${two.id}/`, a.auth),
      409,
      'End term 2 is part of combined exam Term 2 result',
    );
    await expectStatus(call('DELETE', `/api/grades/exams/${combined.id}/`, a.auth), 204);
    await expectStatus(call('DELETE', `/api/grades/exams/${two.id}/`, a.auth), 204);
  });

  it('refuses (409) marks entered for a combined exam, writing nothing', async () => {
    const one = await exam(a, 'Paper A', '2026-08-01');
    const { studentId, subjectId } = await score(a, one.id);
    const two = await exam(a, 'Paper B', '2026-08-02');
    const combined = await combine(a, 'Papers A and B', '2026-08-03', [
      [one.id, 50],
      [two.id, 50],
    ]);
    await expectStatus(
      call('POST', '/api/grades/student_subject_grades/', a.auth, {
        student: studentId,
        exam: combined.id,
        subject_marks: { [subjectId]: 70 },
      }),
      409,
      'Papers A and B is a combined exam: its marks come from the exams it combines, enter them there',
    );
  });

  it('answers 401 without a token and 404 for another school’s combined exam', async () => {
    const one = await exam(a, 'Own 1', '2026-09-01');
    const two = await exam(a, 'Own 2', '2026-09-02');
    const combined = await combine(a, 'Own combined', '2026-09-03', [
      [one.id, 50],
      [two.id, 50],
    ]);
    await expectStatus(
      call('PATCH', `/api/grades/exams/${combined.id}/`, {}, { components: [] }),
      401,
    );
    await expectStatus(
      call('PATCH', `/api/grades/exams/${combined.id}/`, b.auth, { components: [] }),
      404,
    );
  });
});
