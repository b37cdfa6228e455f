/** Report cards shaped like the service's answer, for the tests of the PDF, the screen and the format (not used by the apps). */
import type { ReportCard, ReportSummary } from './report-cards';

const SUBJECTS = [
  ['ENG', 'English', 66, 'B', 9],
  ['KIS', 'Kiswahili', 56, 'C+', 7],
  ['MAT', 'Mathematics', 80, 'A', 12],
  ['BIO', 'Biology', 70, 'B+', 10],
  ['CHE', 'Chemistry', 62, 'B-', 8],
  ['PHY', 'Physics', 58, 'C+', 7],
  ['HIS', 'History and Government', 75, 'A-', 11],
  ['CRE', 'Christian Religious Education', 45, 'C-', 5],
  ['AGR', 'Agriculture', 'X', null, null],
] as const;

export const sampleSummary = (overrides: Partial<ReportSummary> = {}): ReportSummary => ({
  mean_grade: 'B',
  mean_mark: 64,
  total_marks: 512,
  total_marks_of: 800,
  total_points: 64,
  total_points_of: 84,
  mean_points: 9.14,
  class_position: 1,
  class_size: 45,
  level_position: 3,
  level_size: 125,
  status: 'complete',
  reason: null,
  ...overrides,
});

/** A form 4 student's card on the KCSE scale, as the report cards service answers it. */
export function sampleCard(i = 0, overrides: Partial<ReportCard> = {}): ReportCard {
  return {
    student: {
      id: 100 + i,
      name: `Amina Wanjiru ${i}`,
      admission_number: `ADM${1000 + i}`,
      class: { id: 7, name: '4 East' },
      level: 'Form 4',
      photo: null,
    },
    school: {
      name: 'Alliance High School',
      postal_address: 'P.O. Box 7-00902, Kikuyu',
      phone_number: '0720000000',
      email: 'info@alliance.ac.ke',
      motto: 'Strong to Serve',
      logo: null,
    },
    exam: { id: 3, name: 'End term', term: 'Term 2', year: '2026' },
    title: 'ACADEMIC REPORT FORM · Form 4 · End term · 2026 Term 2',
    ranks: true,
    components: [],
    summary: sampleSummary({ class_position: (i % 45) + 1, level_position: i + 1 }),
    previous_exam: { id: 2, name: 'Mid term' },
    previous: sampleSummary({
      mean_grade: 'B-',
      total_points: 60,
      mean_points: 8.57,
      total_marks: 490,
    }),
    subjects: SUBJECTS.map(([code, name, mark, grade, points], j) => ({
      subject: j + 1,
      name,
      code,
      mark,
      component_marks: [],
      rescaled: false,
      deviation: typeof mark === 'number' ? (j % 3) - 1 : null,
      grade,
      points,
      position: typeof mark === 'number' ? j + 2 : null,
      entries: 124,
      comment: grade ? 'Good work; keep it up' : null,
      teacher: j % 2 ? 'Peter Otieno' : null,
    })),
    trend: [
      { exam: 1, name: 'Opener', mean: 7.43 },
      { exam: 2, name: 'Mid term', mean: 8.57 },
      { exam: 3, name: 'End term', mean: 9.14 },
    ],
    remarks: { class_teacher: 'Good.', principal: 'Good.' },
    next_term_opens: '2026-09-01',
    fee_balance_cents: 1_250_000,
    attendance: { recorded: 55, present: 50, absent: 3, late: 2, excused: 0, rate: 94.5 },
    ...overrides,
  };
}

/**
 * The same student's card for a combined exam: CAT 1 at 30% and End term at 70%, Agriculture
 * absent from the CAT (rescaled to End term alone) and from both papers.
 */
export function sampleCombinedCard(i = 0): ReportCard {
  const card = sampleCard(i, {
    exam: { id: 4, name: 'Term 2 result', term: 'Term 2', year: '2026' },
    title: 'ACADEMIC REPORT FORM · Form 4 · Term 2 result · 2026 Term 2',
    components: [
      { exam: { id: 1, name: 'CAT 1' }, weight: 30 },
      { exam: { id: 3, name: 'End term' }, weight: 70 },
    ],
  });
  return {
    ...card,
    subjects: card.subjects.map((row, j) =>
      row.code === 'PHY'
        ? { ...row, component_marks: ['X', 58], rescaled: true }
        : typeof row.mark === 'number'
          ? // 30% of (m + 7k) and 70% of (m - 3k) is m.
            {
              ...row,
              component_marks: [row.mark + 7 * ((j % 3) - 1), row.mark - 3 * ((j % 3) - 1)],
            }
          : { ...row, component_marks: ['X', 'X'] },
    ),
  };
}
