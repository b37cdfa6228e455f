import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSession, uniquePhone } from './school';

const SUBJECTS = [
  ['English', 'ENG'],
  ['Kiswahili', 'KIS'],
  ['Mathematics', 'MAT'],
  ['Biology', 'BIO'],
  ['Chemistry', 'CHE'],
  ['History and Government', 'HIS'],
  ['Christian Religious Education', 'CRE'],
] as const;

/**
 * A Form 4 East of three students on the KCSE scale, seven subjects, an End term exam in a term
 * with a later one. Wanjiru's marks are typed on the grading screen by the test; Baraka's and
 * Chebet's come through the API. Wanjiru: MAT 80 (A 12) + ENG 72 (B+ 10) + KIS 66, BIO 70,
 * CHE 61, HIS 75, CRE 58 (9 + 10 + 8 + 11 + 7) = 67 points, B+; 482 marks.
 */
export async function seedForm4(
  request: APIRequestContext,
  school: { phone: string; password: string },
) {
  const { schoolId, post } = await apiSession(request, school);
  await post('/grades/grades/kcse/');
  const east = (await post(`/classes/?school=${schoolId}`, { name: '4 East', level: 'Form 4' }))
    .class;
  const subjects: Record<string, number> = {};
  for (const [name, code] of SUBJECTS) {
    subjects[code] = (await post('/grades/subjects/', { name, code, classes: [east.id] })).id;
  }
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  const term2 = await post('/fees/terms/', {
    name: 'Term 2',
    academic_year: year.id,
    start_date: '2026-04-27',
    end_date: '2026-08-07',
  });
  await post('/fees/terms/', {
    name: 'Term 3',
    academic_year: year.id,
    start_date: '2026-08-31',
    end_date: '2026-10-30',
  });
  const exam = await post('/grades/exams/', {
    name: 'End term',
    start_date: '2026-07-27',
    end_date: '2026-07-31',
    term: term2.id,
  });
  const admit = async (first_name: string, last_name: string, gender: 'male' | 'female') =>
    (
      await post(`/classes/${east.id}/add_student`, {
        first_name,
        last_name,
        date_of_birth: '2009-05-14',
        gender,
        parent: { first_name: 'Grace', last_name, phone_number: uniquePhone() },
      })
    ).student;
  await admit('Wanjiru', 'Kamau', 'female');
  for (const [first, last, gender, mark] of [
    ['Baraka', 'Otieno', 'male', 55],
    ['Chebet', 'Kiprop', 'female', 45],
  ] as const) {
    const student = await admit(first, last, gender);
    await post('/grades/student_subject_grades/', {
      student: student.id,
      exam: exam.id,
      subject_marks: Object.fromEntries(Object.values(subjects).map((id) => [id, mark])),
    });
  }
  return { east, exam };
}

/** Wanjiru's End term marks, as typed on the grading screen: 67 points (B+), 482 marks. */
export const WANJIRU_MARKS: Record<string, string> = {
  English: '72',
  Kiswahili: '66',
  Mathematics: '80',
  Biology: '70',
  Chemistry: '61',
  'History and Government': '75',
  'Christian Religious Education': '58',
};

/** Types a student's marks on the grading screen (open at their class) and saves them. */
export async function typeMarks(page: Page, student: string, marks: Record<string, string>) {
  await page.getByRole('button', { name: new RegExp(`^${student}`) }).click();
  const panel = page.getByRole('region', { name: `Scores of ${student}` });
  for (const [subject, mark] of Object.entries(marks)) {
    await panel.getByLabel(subject, { exact: true }).fill(mark);
  }
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Scores updated successfully')).toBeVisible();
}
