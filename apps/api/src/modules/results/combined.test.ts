import type { ExamAnalysis } from '@shule/shared/results/analysis';
import type { ReportCards } from '@shule/shared/results/report-cards';
import { describe, expect, it } from 'vitest';
import { countQueries, type SignedInSchool, useTestApp } from '../../test/app';
import { meritListOf } from '../../test/merit-list-answer';
import { kcseForm4 } from '../../test/results-school';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT'] as const;

/**
 * A Form 4 on the KCSE bands, ranked by the average rule, worked by hand:
 *
 * Term 2 result = 30% CAT (2026-05-10) + 70% End term (2026-07-20):
 * | Amina  | East | ENG 30%·47 + 70%·62 = 57.5 → 58 C+ · KIS 30%·60 + 70%·69 = 66.3 → 66 B ·
 *                    MAT 80 and X → 80 A (rescaled) · mean 204 / 3 = 68                         |
 * | Baraka | East | ENG Y and 50 → Y (withheld) · KIS 30%·40 + 70%·50 = 47 · MAT 30%·60 + 70%·70 = 67 |
 * | Chebet | West | End term only: 70 everywhere → 70 (rescaled) · mean 70                            |
 * Term 1 result = 50% Opener (2026-01-10) + 50% Mid term (2026-02-20), Amina alone:
 *   ENG 50/60 → 55 · KIS 60 · MAT 71 → mean 186 / 3 = 62, so her deviation is 68 - 62 = +6.
 */
async function combinedForm4(who: SignedInSchool) {
  const f = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const exam = async (name: string, start: string, components?: object[]) =>
    (
      await create(who, '/api/grades/exams/', {
        name,
        start,
        end: start,
        grading_scheme: 'average',
        components,
      })
    ).id as number;
  const opener = await exam('Opener', '2026-01-10');
  const mid = await exam('Mid term', '2026-02-20');
  const term1 = await exam('Term 1 result', '2026-03-30', [
    { exam: opener, weight: 50 },
    { exam: mid, weight: 50 },
  ]);
  const cat = await exam('CAT', '2026-05-10');
  const end = await exam('End term', '2026-07-20');
  const term2 = await exam('Term 2 result', '2026-07-30', [
    { exam: end, weight: 70 },
    { exam: cat, weight: 30 },
  ]);
  const amina = await f.admit('Amina', f.east);
  const baraka = await f.admit('Baraka', f.east);
  const chebet = await f.admit('Chebet', f.west);
  await f.saveMarks(amina, opener, { ENG: 50, KIS: 60, MAT: 71 });
  await f.saveMarks(amina, mid, { ENG: 60, KIS: 60, MAT: 71 });
  await f.saveMarks(amina, cat, { ENG: 47, KIS: 60, MAT: 80 });
  await f.saveMarks(amina, end, { ENG: 62, KIS: 69, MAT: 'X' });
  await f.saveMarks(baraka, cat, { ENG: 'Y', KIS: 40, MAT: 60 });
  await f.saveMarks(baraka, end, { ENG: 50, KIS: 50, MAT: 70 });
  await f.saveMarks(chebet, end, { ENG: 70, KIS: 70, MAT: 70 });
  return { ...f, opener, mid, term1, cat, end, term2, amina, baraka, chebet };
}

const meritList = (who: SignedInSchool, examId: number, scope: string) =>
  call('GET', `/api/exams/${examId}/merit_list/?${scope}`, who.auth);

describe('results of a combined exam', () => {
  it('derives each mark from the components by their weights, and ranks on them', async () => {
    const who = await newSchool();
    const f = await combinedForm4(who);
    const res = await meritList(who, f.term2, 'level=Form%204');
    expect(res.statusCode, res.body).toBe(200);
    const list = meritListOf(res);
    const marksOf = (id: number) => {
      const row = list.rows.find((r) => r.student_id === id)!;
      return Object.fromEntries(
        SUBJECTS.map((code) => {
          const s = row.subjects.find((s) => s.subject === f.subjectIds[code])!;
          return [code, [s.mark, s.grade]];
        }),
      );
    };
    expect(marksOf(f.amina)).toEqual({ ENG: [58, 'C+'], KIS: [66, 'B'], MAT: [80, 'A'] });
    expect(marksOf(f.baraka)).toEqual({ ENG: ['Y', null], KIS: [47, 'C-'], MAT: [67, 'B'] });
    expect(marksOf(f.chebet)).toEqual({ ENG: [70, 'B+'], KIS: [70, 'B+'], MAT: [70, 'B+'] });
    expect(
      list.rows.map((r) => [r.name, r.mean_mark, r.level_position, r.status, r.deviation]),
    ).toEqual([
      ['Chebet Test', 70, 1, 'complete', null],
      ['Amina Test', 68, 2, 'complete', 6],
      ['Baraka Test', null, null, 'withheld', null],
    ]);
    // Like with like: the combined exam's previous is the earlier combined exam.
    expect(list.previous_exam).toEqual({ id: f.term1, name: 'Term 1 result' });
  });

  it("keeps an ordinary exam's previous exam ordinary", async () => {
    const who = await newSchool();
    const f = await combinedForm4(who);
    const list = meritListOf(await meritList(who, f.end, 'level=Form%204'));
    expect(list.previous_exam).toEqual({ id: f.cat, name: 'CAT' });
  });

  it('reads a combined level in as many queries as an ordinary one', async () => {
    const who = await newSchool();
    const f = await combinedForm4(who);
    const ordinary = await countQueries(t.app, () => meritList(who, f.end, 'level=Form 4'));
    const combined = await countQueries(t.app, () => meritList(who, f.term2, 'level=Form 4'));
    expect(combined).toBe(ordinary);
  });

  it("shows each component's mark beside the combined mark on the report form, rescaled ones flagged", async () => {
    const who = await newSchool();
    const f = await combinedForm4(who);
    const res = await call(
      'GET',
      `/api/exams/${f.term2}/report_cards/?class=${f.east}&student=${f.amina}&format=json`,
      who.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [card] = res.json<ReportCards>().report_cards;
    expect(card!.components).toEqual([
      { exam: { id: f.cat, name: 'CAT' }, weight: 30 },
      { exam: { id: f.end, name: 'End term' }, weight: 70 },
    ]);
    expect(
      card!.subjects.map((s) => [s.code, s.component_marks, s.mark, s.rescaled, s.deviation]),
    ).toEqual([
      ['ENG', [47, 62], 58, false, 3],
      ['KIS', [60, 69], 66, false, 6],
      ['MAT', [80, 'X'], 80, true, 9],
    ]);
    expect(card!.previous_exam).toEqual({ id: f.term1, name: 'Term 1 result' });
    expect(card!.summary.mean_mark).toBe(68);
    expect(card!.previous?.mean_mark).toBe(62);

    const ordinary = await call(
      'GET',
      `/api/exams/${f.end}/report_cards/?class=${f.east}&student=${f.amina}&format=json`,
      who.auth,
    );
    const [plain] = ordinary.json<ReportCards>().report_cards;
    expect(plain!.components).toEqual([]);
    expect(plain!.subjects.every((s) => s.component_marks.length === 0 && !s.rescaled)).toBe(true);
  });

  it("analyses a combined exam's derived marks like any exam's", async () => {
    const who = await newSchool();
    const f = await combinedForm4(who);
    const res = await call('GET', `/api/exams/${f.term2}/analysis/?level=Form%204`, who.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { overall } = res.json<ExamAnalysis>();
    expect(overall.summary.entries).toBe(3);
    // English: Amina 58 and Chebet 70 (mean 64), Baraka's Y counted apart.
    const english = overall.subjects.find((s) => s.subject.code === 'ENG')!;
    expect([english.entries, english.mean_mark, english.grade_counts.Y]).toEqual([3, 64, 1]);
  });

  it("prints the class's combined report forms as a PDF, a page a student", async () => {
    const who = await newSchool();
    const f = await combinedForm4(who);
    const res = await call('GET', `/api/exams/${f.term2}/report_cards/?class=${f.east}`, who.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});
