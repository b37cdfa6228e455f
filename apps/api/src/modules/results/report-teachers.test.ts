import type { ExamAnalysis } from '@shule/shared/results/analysis';
import type { ReportCards } from '@shule/shared/results/report-cards';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teachingAssignments } from '../../db/schema/index';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { addTeacherFixture } from '../../test/fixtures';
import { readPdf } from '../../test/read-pdf';
import { kcseForm4 } from '../../test/results-school';

const { t, call, create, newSchool } = useTestApp();

/**
 * A Form 4 of two streams sitting End term (2026-07-27) in English and Mathematics. English is
 * taught in 4 East by Mary Wanjiku Achieng, in 4 West by Peter Otieno; Mathematics in both by
 * John Mwangi. Grace Njeri taught Mathematics in 4 East until a week before the exam; Paul
 * Kiprop took 4 West's Mathematics up a week after it.
 */
async function taughtForm4(who: SignedInSchool) {
  const school = await kcseForm4({ t, call, create }, who, ['ENG', 'MAT'] as const);
  const endTerm = (
    await create(who, '/api/grades/exams/', {
      name: 'End term',
      start_date: '2026-07-27',
      end_date: '2026-07-31',
    })
  ).id as number;
  const teacher = async (first_name: string, last_name: string) =>
    (await addTeacherFixture(t.app, who, { first_name, last_name })).teacher.id as number;
  const assign = async (teacherId: number, classId: number, code: 'ENG' | 'MAT') =>
    (
      await create(who, `/api/staff/teachers/${teacherId}/assignments/`, {
        class: classId,
        subject: school.subjectIds[code],
      })
    ).id as number;
  const dated = (id: number, set: { createdAt?: Date; endedAt?: Date }) =>
    t.app.db.update(teachingAssignments).set(set).where(eq(teachingAssignments.id, id));

  const mary = await teacher('Mary Wanjiku', 'Achieng');
  const peter = await teacher('Peter', 'Otieno');
  const john = await teacher('John', 'Mwangi');
  const grace = await teacher('Grace', 'Njeri');
  const paul = await teacher('Paul', 'Kiprop');
  await assign(mary, school.east, 'ENG');
  await assign(peter, school.west, 'ENG');
  await dated(await assign(john, school.east, 'MAT'), { createdAt: new Date('2026-01-05') });
  await dated(await assign(john, school.west, 'MAT'), { createdAt: new Date('2026-01-05') });
  await dated(await assign(grace, school.east, 'MAT'), {
    createdAt: new Date('2026-01-05'),
    endedAt: new Date('2026-07-20T09:00:00Z'),
  });
  await dated(await assign(paul, school.west, 'MAT'), { createdAt: new Date('2026-08-03') });

  const amina = await school.admit('Amina', school.east);
  const chebet = await school.admit('Chebet', school.west);
  await school.saveMarks(amina, endTerm, { ENG: 66, MAT: 80 });
  await school.saveMarks(chebet, endTerm, { ENG: 55, MAT: 40 });
  return { ...school, endTerm, amina, chebet };
}

const teachersOnCard = async (who: SignedInSchool, exam: number, classId: number) => {
  const res = await expectStatus(
    call('GET', `/api/exams/${exam}/report_cards/?class=${classId}&format=json`, who.auth),
    200,
  );
  const [card] = (res.json() as ReportCards).report_cards;
  return Object.fromEntries(card!.subjects.map((s) => [s.code, s.teacher]));
};

describe('subject teachers on report forms and in the analysis', () => {
  it("prints each subject's teacher of the student's class, as initials by default", async () => {
    const who = await newSchool();
    const f = await taughtForm4(who);
    // Grace's assignment ended before the exam; Paul's began after it, while John taught it.
    expect(await teachersOnCard(who, f.endTerm, f.east)).toEqual({ ENG: 'MWA', MAT: 'JM' });
    expect(await teachersOnCard(who, f.endTerm, f.west)).toEqual({ ENG: 'PO', MAT: 'JM' });
    const pdf = await expectStatus(
      call('GET', `/api/exams/${f.endTerm}/report_cards/?class=${f.east}&format=pdf`, who.auth),
      200,
    );
    const lines = readPdf(pdf.rawPayload).lines;
    expect(lines).toContain('MWA');
    expect(lines).toContain('JM');
  });

  it('prints names when the school chooses names', async () => {
    const who = await newSchool();
    const f = await taughtForm4(who);
    const changed = await expectStatus(
      call('PATCH', `/api/schools/${who.schoolId}/`, who.auth, { report_teacher_names: 'name' }),
      200,
    );
    expect(changed.json().report_teacher_names).toBe('name');
    expect(await teachersOnCard(who, f.endTerm, f.east)).toEqual({
      ENG: 'M. W. Achieng',
      MAT: 'J. Mwangi',
    });
    const pdf = await expectStatus(
      call('GET', `/api/exams/${f.endTerm}/report_cards/?class=${f.east}&format=pdf`, who.auth),
      200,
    );
    expect(readPdf(pdf.rawPayload).lines).toContain('M. W. Achieng');
  });

  it("names each stream's teachers in the analysis, and all of them for the level", async () => {
    const who = await newSchool();
    const f = await taughtForm4(who);
    const res = await expectStatus(
      call('GET', `/api/exams/${f.endTerm}/analysis/?level=Form 4`, who.auth),
      200,
    );
    const a = res.json() as ExamAnalysis;
    const teachersOf = (rows: ExamAnalysis['overall']['subjects']) =>
      Object.fromEntries(rows.map((s) => [s.subject.code, s.teacher]));
    expect(teachersOf(a.overall.subjects)).toEqual({ ENG: 'MWA / PO', MAT: 'JM' });
    expect(a.streams.map((s) => [s.class.name, teachersOf(s.subjects)])).toEqual([
      ['4 East', { ENG: 'MWA', MAT: 'JM' }],
      ['4 West', { ENG: 'PO', MAT: 'JM' }],
    ]);
    const pdf = await expectStatus(
      call('GET', `/api/exams/${f.endTerm}/analysis/?level=Form 4&format=pdf`, who.auth),
      200,
    );
    expect(readPdf(pdf.rawPayload).lines).toContain('MWA / PO');
  });

  it('leaves the column empty for a subject nobody is assigned', async () => {
    const who = await newSchool();
    const school = await kcseForm4({ t, call, create }, who, ['ENG'] as const);
    const exam = (
      await create(who, '/api/grades/exams/', {
        name: 'Opener',
        start_date: '2026-05-04',
        end_date: '2026-05-04',
      })
    ).id as number;
    await school.saveMarks(await school.admit('Baraka', school.east), exam, { ENG: 50 });
    expect(await teachersOnCard(who, exam, school.east)).toEqual({ ENG: null });
  });
});
