import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { NOTHING_TO_CHANGE_MESSAGE } from '@shule/shared/fields';
import type { ReportCards } from '@shule/shared/results/report-cards';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceMarks, ledgerEntries, schools, students } from '../../db/schema/index';
import {
  authAs,
  countQueries,
  expectStatus,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import { photoRefOf, uploadPhotoFixture } from '../../test/fixtures';
import { readPdf } from '../../test/read-pdf';
import { kcseForm4, type Marks as MarksOf, signedInClassTeacher } from '../../test/results-school';
import { insertStudent } from '../../test/seed';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT', 'BIO', 'CHE', 'PHY', 'HIS', 'CRE'] as const;
type Code = (typeof SUBJECTS)[number];
type Marks = MarksOf<Code>;

/**
 * A Form 4 of two streams on the one-click KCSE scale, in the 2026 year's Term 2, worked by hand
 * under KNEC's rule since 2023 (Mathematics + the better language + the best five):
 *
 * End term (2026-07-27):
 * | Amina  | East | MAT 12 + ENG 9 + (HIS 11, BIO 10, CHE 8, KIS 7, PHY 7) = 64, B; 512 marks | 1 of 2 | 1 of 3 |
 * | Baraka | East | the same grades, 505 marks                                                 | 2 of 2 | 2 of 3 |
 * | Chebet | West | Baraka's marks                                                             | 1 of 1 | 2 of 3 |
 * | Daudi  | East | X in Mathematics: incomplete                                               |   -    |   -    |
 * Mid term (2026-06-15), Amina alone: MAT 11 + ENG 9 + (BIO 9, HIS 9, CHE 8, KIS 7, PHY 7) = 60,
 *   B, 491 marks, 1 of 1. Opener (2026-05-04), Amina alone: 50 everywhere, 6 × 7 = 42, C.
 * Trend of Amina: 6, 8.571, 9.143. Term 3 opens 2026-08-31; an exam in it and one of 2025 stay
 * out of the trend.
 */
const END_TERM: Record<string, { stream: 'east' | 'west'; marks: Marks }> = {
  Amina: {
    stream: 'east',
    marks: { ENG: 66, KIS: 56, MAT: 80, BIO: 70, CHE: 62, PHY: 58, HIS: 75, CRE: 45 },
  },
  Baraka: {
    stream: 'east',
    marks: { ENG: 65, KIS: 55, MAT: 80, BIO: 70, CHE: 60, PHY: 55, HIS: 75, CRE: 45 },
  },
  Chebet: {
    stream: 'west',
    marks: { ENG: 65, KIS: 55, MAT: 80, BIO: 70, CHE: 60, PHY: 55, HIS: 75, CRE: 45 },
  },
  Daudi: {
    stream: 'east',
    marks: { ENG: 50, KIS: 50, MAT: 'X', BIO: 50, CHE: 50, PHY: 50, HIS: 50, CRE: 50 },
  },
};
const AMINA_MID_TERM: Marks = {
  ENG: 65,
  KIS: 56,
  MAT: 75,
  BIO: 65,
  CHE: 62,
  PHY: 58,
  HIS: 65,
  CRE: 45,
};
const FIFTY: Marks = Object.fromEntries(SUBJECTS.map((code) => [code, 50]));

async function form4(who: SignedInSchool, examExtra: object = {}) {
  const school = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const year = async (name: string, start: string, end: string) =>
    (await create(who, '/api/fees/academic_years/', { name, start_date: start, end_date: end }))
      .id as number;
  const term = async (name: string, yearId: number, start: string, end: string) =>
    (
      await create(who, '/api/fees/terms/', {
        name,
        academic_year: yearId,
        start_date: start,
        end_date: end,
      })
    ).id as number;
  const y2025 = await year('2025', '2025-01-01', '2025-12-31');
  const y2026 = await year('2026', '2026-01-01', '2026-12-31');
  const t3of2025 = await term('Term 3', y2025, '2025-09-01', '2025-11-01');
  await term('Term 1', y2026, '2026-01-05', '2026-04-02');
  const term2 = await term('Term 2', y2026, '2026-04-27', '2026-08-07');
  const term3 = await term('Term 3', y2026, '2026-08-31', '2026-10-30');
  const exam = async (name: string, start: string, termId: number, extra: object = {}) =>
    (
      await create(who, '/api/grades/exams/', {
        name,
        start_date: start,
        end_date: start,
        term: termId,
        ...extra,
      })
    ).id as number;
  const mock2025 = await exam('Mock 2025', '2025-09-15', t3of2025);
  const opener = await exam('Opener', '2026-05-04', term2);
  const midTerm = await exam('Mid term', '2026-06-15', term2);
  const endTerm = await exam('End term', '2026-07-27', term2, examExtra);
  const laterExam = await exam('Opener T3', '2026-09-07', term3);

  const ids: Record<string, number> = {};
  for (const [name, { stream: s, marks }] of Object.entries(END_TERM)) {
    ids[name] = await school.admit(name, s === 'east' ? school.east : school.west);
    await school.saveMarks(ids[name]!, endTerm, marks);
  }
  await school.saveMarks(ids.Amina!, midTerm, AMINA_MID_TERM);
  await school.saveMarks(ids.Amina!, opener, FIFTY);
  await school.saveMarks(ids.Amina!, mock2025, FIFTY);
  await school.saveMarks(ids.Amina!, laterExam, FIFTY);
  // In the class, but without marks in End term.
  ids.Esther = await school.admit('Esther', school.east);
  return { ...school, endTerm, midTerm, opener, ids };
}

type Who = SignedInSchool | Record<string, string>;
const headers = (who: Who) => ('auth' in who ? (who.auth as Record<string, string>) : who);
const getCards = (who: Who, exam: number, query: string) =>
  call('GET', `/api/exams/${exam}/report_cards/?${query}`, headers(who));
const putRemarks = (who: Who, exam: number, student: number, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/exams/${exam}/report_cards/${student}/remarks/`,
    headers: headers(who),
    payload: body,
  });
const cardsOf = async (who: Who, exam: number, query: string) =>
  ((await expectStatus(getCards(who, exam, `${query}&format=json`), 200)).json() as ReportCards)
    .report_cards;
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('report cards (JSON)', () => {
  it('fills a form from the results, the previous exam, the year and the terms', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const cards = await cardsOf(who, f.endTerm, `class=${f.east}`);
    expect(cards.map((c) => c.student.name)).toEqual(['Amina Test', 'Baraka Test', 'Daudi Test']);
    const amina = cards[0]!;
    expect(amina.student).toMatchObject({
      id: f.ids.Amina,
      class: { id: f.east, name: '4 East' },
      level: 'Form 4',
      photo: null,
    });
    expect(amina.school).toMatchObject({
      name: 'Moi Girls High School',
      phone_number: '0720000000',
    });
    expect(amina.exam).toEqual({ id: f.endTerm, name: 'End term', term: 'Term 2', year: '2026' });
    expect(amina.title).toBe('ACADEMIC REPORT FORM · Form 4 · End term · 2026 Term 2');
    expect(amina.ranks).toBe(true);
    expect(amina.summary).toEqual({
      mean_grade: 'B',
      mean_mark: 64,
      total_marks: 512,
      total_marks_of: 800,
      total_points: 64,
      total_points_of: 84,
      mean_points: 9.143,
      class_position: 1,
      class_size: 2,
      level_position: 1,
      level_size: 3,
      status: 'complete',
      reason: null,
    });
    expect(amina.previous_exam).toEqual({ id: f.midTerm, name: 'Mid term' });
    expect(amina.previous).toMatchObject({
      mean_grade: 'B',
      total_marks: 491,
      total_points: 60,
      mean_points: 8.571,
      class_position: 1,
      class_size: 1,
      level_position: 1,
      level_size: 1,
    });
    const row = (code: Code) => amina.subjects.find((s) => s.code === code)!;
    expect(amina.subjects.map((s) => s.code)).toEqual([
      'ENG',
      'KIS',
      'MAT',
      'BIO',
      'PHY',
      'CHE',
      'HIS',
      'CRE',
    ]);
    expect(row('ENG')).toEqual({
      subject: f.subjectIds.ENG,
      name: 'ENG',
      code: 'ENG',
      mark: 66,
      component_marks: [],
      rescaled: false,
      deviation: 1,
      grade: 'B',
      points: 9,
      position: 1,
      entries: 4,
      comment: 'Fairly good',
      teacher: null,
    });
    expect(row('HIS')).toMatchObject({
      mark: 75,
      deviation: 10,
      grade: 'A-',
      comment: 'Very good',
    });
    // Mathematics: 80 for Amina, Baraka and Chebet (a shared first place), X for Daudi.
    expect(row('MAT')).toMatchObject({ mark: 80, deviation: 5, position: 1, entries: 3 });
    expect(amina.trend).toEqual([
      { exam: f.opener, name: 'Opener', mean: 6 },
      { exam: f.midTerm, name: 'Mid term', mean: 8.571 },
      { exam: f.endTerm, name: 'End term', mean: 9.143 },
    ]);
    expect(amina.remarks).toEqual({
      class_teacher: 'Fairly good.',
      principal: 'Fairly good. Mean grade B.',
    });
    expect(amina.next_term_opens).toBe('2026-08-31');

    const [, baraka, daudi] = cards;
    expect(baraka!.summary).toMatchObject({
      total_marks: 505,
      class_position: 2,
      level_position: 2,
    });
    expect(baraka!.previous).toBeNull();
    expect(baraka!.previous_exam).toBeNull();
    expect(baraka!.subjects.every((s) => s.deviation === null)).toBe(true);
    expect(baraka!.trend.map((p) => p.mean)).toEqual([null, null, 9.143]);
    expect(daudi!.summary).toMatchObject({
      status: 'incomplete',
      mean_grade: null,
      class_position: null,
      level_position: null,
    });
    expect(daudi!.subjects.find((s) => s.code === 'MAT')).toMatchObject({
      mark: 'X',
      deviation: null,
      grade: null,
      position: null,
      comment: null,
    });
    expect(daudi!.remarks.class_teacher).toMatch(/Mathematics|MAT/);
    expect(daudi!.remarks.principal).toBe('');

    const west = await cardsOf(who, f.endTerm, `class=${f.west}`);
    expect(
      west.map((c) => [c.student.name, c.summary.class_position, c.summary.level_position]),
    ).toEqual([['Chebet Test', 1, 2]]);
  });

  it('answers one student’s form, and 404 for a student not in the class or without marks', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const one = await cardsOf(who, f.endTerm, `class=${f.east}&student=${f.ids.Baraka}`);
    expect(one.map((c) => c.student.name)).toEqual(['Baraka Test']);
    await expectStatus(
      getCards(who, f.endTerm, `class=${f.east}&student=${f.ids.Chebet}&format=json`),
      404,
      'Student not found',
    );
    await expectStatus(
      getCards(who, f.endTerm, `class=${f.east}&student=${f.ids.Esther}`),
      404,
      'Esther Test has no marks in End term',
    );
  });

  it('has no positions under CBC, and means in marks outside the KCSE rules', async () => {
    const who = await newSchool();
    const f = await form4(who, { grading_scheme: 'cbc' });
    const [amina] = await cardsOf(who, f.endTerm, `class=${f.east}&student=${f.ids.Amina}`);
    expect(amina!.ranks).toBe(false);
    expect(amina!.summary).toMatchObject({ class_position: null, level_position: null });

    await call('PATCH', `/api/grades/exams/${f.endTerm}/`, who.auth, { grading_scheme: 'average' });
    const [average] = await cardsOf(who, f.endTerm, `class=${f.east}&student=${f.ids.Amina}`);
    expect(average!.summary).toMatchObject({ mean_mark: 64, total_points_of: 8 * 12 });
    // One chart, one measure: the mean mark of every exam, whatever each was graded by.
    expect(average!.trend.map((p) => p.mean)).toEqual([50, 61.38, 64]);
  });

  it('reads a class in a constant number of queries whatever its size', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const few = await countQueries(t.app, () => cardsOf(who, f.endTerm, `class=${f.east}`));
    for (let i = 0; i < 12; i++) {
      const id = await insertStudent(t.app, who.schoolId, f.east, { first: `Extra${i}` });
      await expectStatus(
        call('POST', '/api/grades/student_subject_grades/', who.auth, {
          student: id,
          exam: f.endTerm,
          subject_marks: { [f.subjectIds.MAT]: 40 + i, [f.subjectIds.ENG]: 50 },
        }),
        200,
      );
    }
    const many = await countQueries(t.app, async () => {
      expect(await cardsOf(who, f.endTerm, `class=${f.east}`)).toHaveLength(15);
    });
    expect(many).toBe(few);
    // The request's session check, this exam's and the previous exam's results, the class's
    // students and remarks, the year's exams, the next term, and the Opener's marks.
    expect(few).toBeLessThanOrEqual(16);
  });
});

describe('report cards (PDF)', () => {
  it('answers one A4 page per student as an attachment by default', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const res = await expectStatus(getCards(who, f.endTerm, `class=${f.east}`), 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="report-forms-4-east-end-term.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(res.rawPayload)).toBe(3);
    const one = await expectStatus(
      getCards(who, f.endTerm, `class=${f.east}&student=${f.ids.Amina}&format=pdf`),
      200,
    );
    expect(pageCount(one.rawPayload)).toBe(1);
    expect(one.headers['content-disposition']).toMatch(
      /^attachment; filename="report-form-.+-end-term\.pdf"$/,
    );
  });

  it('answers 404 for a class without marks', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const empty = (await create(who, '/api/classes/', { name: '4 North', level: 'Form 4' })).class
      .id as number;
    await expectStatus(
      getCards(who, f.endTerm, `class=${empty}`),
      404,
      'No student of this class has marks in this exam',
    );
    expect(await cardsOf(who, f.endTerm, `class=${empty}`)).toEqual([]);
  });
});

describe('report cards show the fee balance to admins', () => {
  it('carries each student’s balance when they have fees, for an admin only, and prints it', async () => {
    const who = await newSchool();
    const f = await form4(who);
    // Amina owes 7,999.50; Baraka paid 500 more than charged; Daudi has no fees in Shule.
    await t.app.db.insert(ledgerEntries).values([
      { schoolId: who.schoolId, studentId: f.ids.Amina!, kind: 'charge', amountCents: 799_950 },
      { schoolId: who.schoolId, studentId: f.ids.Baraka!, kind: 'charge', amountCents: 100_000 },
      { schoolId: who.schoolId, studentId: f.ids.Baraka!, kind: 'waiver', amountCents: -150_000 },
    ]);
    const cards = await cardsOf(who, f.endTerm, `class=${f.east}`);
    expect(cards.map((c) => [c.student.name, c.fee_balance_cents])).toEqual([
      ['Amina Test', 799_950],
      ['Baraka Test', -50_000],
      ['Daudi Test', null],
    ]);
    const teacher = await signedInClassTeacher({ t, call, create }, who, f.east);
    const theirs = await cardsOf(teacher, f.endTerm, `class=${f.east}`);
    expect(theirs.map((c) => c.fee_balance_cents)).toEqual([null, null, null]);
    const pdf = await expectStatus(
      getCards(who, f.endTerm, `class=${f.east}&student=${f.ids.Amina}&format=pdf`),
      200,
    );
    if (process.env.SAVE_PDFS) {
      writeFileSync(path.join(process.env.SAVE_PDFS, 'report-card.pdf'), pdf.rawPayload);
    }
    expect(pageCount(pdf.rawPayload)).toBe(1);
    expect(readPdf(pdf.rawPayload).text).toContain('Fee balance: KES 7,999.50');
    const forTeacher = await expectStatus(
      getCards(teacher, f.endTerm, `class=${f.east}&student=${f.ids.Amina}&format=pdf`),
      200,
    );
    expect(readPdf(forTeacher.rawPayload).text).not.toContain('Fee balance');
  });
});

describe('report cards carry attendance in the exam’s term', () => {
  it('counts days attended (present or late) of days recorded, for the class in one query', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const mark = (student: string, date: string, status: string) => ({
      schoolId: who.schoolId,
      classId: f.east,
      studentId: f.ids[student]!,
      date,
      status,
      recordedBy: who.userId,
    });
    // Term 2 is 2026-04-27 to 2026-08-07: the marks of Term 1 and Term 3 do not count.
    await t.app.db
      .insert(attendanceMarks)
      .values([
        mark('Amina', '2026-05-04', 'present'),
        mark('Amina', '2026-05-05', 'present'),
        mark('Amina', '2026-05-06', 'late'),
        mark('Amina', '2026-05-07', 'absent'),
        mark('Amina', '2026-05-08', 'present'),
        mark('Amina', '2026-03-02', 'absent'),
        mark('Amina', '2026-09-01', 'absent'),
        mark('Daudi', '2026-05-04', 'excused'),
      ]);
    const cards = await cardsOf(who, f.endTerm, `class=${f.east}`);
    expect(cards.map((c) => [c.student.name, c.attendance])).toEqual([
      ['Amina Test', { recorded: 5, present: 3, absent: 1, late: 1, excused: 0, rate: 80 }],
      ['Baraka Test', { recorded: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null }],
      ['Daudi Test', { recorded: 1, present: 0, absent: 0, late: 0, excused: 1, rate: 0 }],
    ]);
    const [one] = await cardsOf(who, f.endTerm, `class=${f.east}&student=${f.ids.Amina}`);
    expect(one!.attendance.recorded).toBe(5);
    const pdf = await expectStatus(getCards(who, f.endTerm, `class=${f.east}`), 200);
    if (process.env.SAVE_PDFS) {
      writeFileSync(path.join(process.env.SAVE_PDFS, 'report-card-attendance.pdf'), pdf.rawPayload);
    }
    const text = readPdf(pdf.rawPayload).text;
    expect(text).toContain('Attendance: 4 of 5 days (80%)');
    expect(text).toContain('Attendance: no registers taken');
  });
});

describe('report card remarks', () => {
  it('keeps what is written, one remark at a time, and an emptied one goes back to the default', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const amina = f.ids.Amina!;
    const saved = await expectStatus(
      putRemarks(who, f.endTerm, amina, { class_teacher: '  A steady term; aim higher.  ' }),
      200,
    );
    expect(saved.json()).toEqual({
      class_teacher: 'A steady term; aim higher.',
      principal: 'Fairly good. Mean grade B.',
    });
    await expectStatus(putRemarks(who, f.endTerm, amina, { principal: 'Well done.' }), 200);
    const card = async () =>
      (await cardsOf(who, f.endTerm, `class=${f.east}&student=${amina}`))[0]!.remarks;
    expect(await card()).toEqual({
      class_teacher: 'A steady term; aim higher.',
      principal: 'Well done.',
    });
    const cleared = await expectStatus(
      putRemarks(who, f.endTerm, amina, { class_teacher: '' }),
      200,
    );
    expect(cleared.json()).toEqual({ class_teacher: 'Fairly good.', principal: 'Well done.' });
    expect(await card()).toEqual({ class_teacher: 'Fairly good.', principal: 'Well done.' });
    // Kept per exam: the Mid term's form still has its own default.
    const [mid] = await cardsOf(who, f.midTerm, `class=${f.east}&student=${amina}`);
    expect(mid!.remarks.principal).toBe('Fairly good. Mean grade B.');
  });

  it('answers 400 for nothing to change or a bad remark, 404 for student 0, 401 without a token', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const amina = f.ids.Amina!;
    await expectStatus(putRemarks(who, f.endTerm, amina, {}), 400, NOTHING_TO_CHANGE_MESSAGE);
    const long = await expectStatus(
      putRemarks(who, f.endTerm, amina, { principal: 'x'.repeat(5000) }),
      400,
    );
    expect(long.json().errors.principal).toBeDefined();
    await expectStatus(putRemarks(who, f.endTerm, amina, { class_teacher: 5 }), 400);
    await expectStatus(putRemarks(who, f.endTerm, 0, { principal: 'Good' }), 404);
    await expectStatus(putRemarks({}, f.endTerm, amina, { principal: 'Good' }), 401);
  });

  it('answers 404 for another school’s exam or student, and a student without marks', async () => {
    const ours = await newSchool();
    const theirs = await newSchool();
    const mine = await form4(ours);
    const other = await form4(theirs);
    await expectStatus(
      putRemarks(ours, other.endTerm, mine.ids.Amina!, { principal: 'Good' }),
      404,
      'Exam not found',
    );
    await expectStatus(
      putRemarks(ours, mine.endTerm, other.ids.Amina!, { principal: 'Good' }),
      404,
      'Student not found',
    );
    await expectStatus(
      putRemarks(ours, mine.endTerm, mine.ids.Esther!, { principal: 'Good' }),
      404,
      'Esther Test has no marks in End term',
    );
    const [card] = await cardsOf(
      theirs,
      other.endTerm,
      `class=${other.east}&student=${other.ids.Amina}`,
    );
    expect(card!.remarks.principal).toBe('Fairly good. Mean grade B.');
  });
});

describe('report cards: scope and refusals', () => {
  it('answers 400 for bad parameters, 404 for a path id no exam can have', async () => {
    const who = await newSchool();
    const f = await form4(who);
    await expectStatus(getCards(who, f.endTerm, ''), 400, 'Class is required');
    await expectStatus(getCards(who, f.endTerm, 'class=abc'), 400);
    await expectStatus(
      getCards(who, f.endTerm, `class=${f.east}&format=doc`),
      400,
      'Format must be json or pdf',
    );
    await expectStatus(getCards(who, f.endTerm, `class=${f.east}&student=-1`), 400);
    await expectStatus(call('GET', `/api/exams/0/report_cards/?class=${f.east}`, who.auth), 404);
  });

  it('refuses another school’s exam or class (404) and no token (401)', async () => {
    const ours = await newSchool();
    const theirs = await newSchool();
    const mine = await form4(ours);
    const other = await form4(theirs);
    await expectStatus(getCards(ours, other.endTerm, `class=${mine.east}`), 404, 'Exam not found');
    await expectStatus(getCards(ours, mine.endTerm, `class=${other.east}`), 404, 'Class not found');
    await expectStatus(getCards({}, mine.endTerm, `class=${mine.east}`), 401);
  });

  it('shows a teacher the forms of the class they lead, and lets them write its remarks', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const auth = await signedInClassTeacher({ t, call, create }, who, f.east);
    expect(await cardsOf(auth, f.endTerm, `class=${f.east}`)).toHaveLength(3);
    await expectStatus(putRemarks(auth, f.endTerm, f.ids.Amina!, { class_teacher: 'Good.' }), 200);
    const forbidden = 'You can see the results of the class you teach';
    await expectStatus(getCards(auth, f.endTerm, `class=${f.west}`), 403, forbidden);
    await expectStatus(
      putRemarks(auth, f.endTerm, f.ids.Chebet!, { class_teacher: 'Good.' }),
      403,
      forbidden,
    );
    const student = await authAs(t.app, who.schoolId, 'student');
    await expectStatus(getCards(student, f.endTerm, `class=${f.east}`), 403);
    await expectStatus(putRemarks(student, f.endTerm, f.ids.Amina!, { principal: 'x' }), 403);
  });
});

describe('report cards carry photos as signed links', () => {
  it('the student’s photo and an uploaded crest, each a link that serves it', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const photo = await uploadPhotoFixture(t.app, who);
    const crest = await uploadPhotoFixture(t.app, who);
    await t.app.db
      .update(students)
      .set({ profilePhoto: photoRefOf(photo) })
      .where(eq(students.id, f.ids.Amina!));
    await t.app.db
      .update(schools)
      .set({ logo: photoRefOf(crest) })
      .where(eq(schools.id, who.schoolId));
    const [amina] = await cardsOf(who, f.endTerm, `class=${f.east}&student=${f.ids.Amina}`);
    for (const [link, ref] of [
      [amina!.student.photo, photoRefOf(photo)],
      [amina!.school.logo, photoRefOf(crest)],
    ] as const) {
      expect(link).toMatch(new RegExp(`^${ref}\\?expires=\\d+&signature=[\\w-]{43}$`));
      await expectStatus(call('GET', link!, {}), 200);
    }
  });
});
