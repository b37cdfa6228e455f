import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

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
async function seedForm4(request: APIRequestContext, school: { phone: string; password: string }) {
  const { token, schoolId } = await apiToken(request, school);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data?: object) => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return res.json();
  };
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

/** Counts window.print() calls instead of opening the print dialog. */
const stubPrint = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
const printed = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed: number }).printed);

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('marks typed in, the class’s report forms as a PDF, and one form on a 390 px phone', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  const { east, exam } = await seedForm4(request, school);
  await stubPrint(page);
  await loginViaUi(page, school);

  // Wanjiru's marks, typed on the grading screen.
  await page.goto(`/exams/${exam.id}?class=${east.id}`);
  await page.getByRole('button', { name: /Wanjiru Kamau/ }).click();
  const panel = page.getByRole('region', { name: 'Scores of Wanjiru Kamau' });
  const marks: Record<string, string> = {
    English: '72',
    Kiswahili: '66',
    Mathematics: '80',
    Biology: '70',
    Chemistry: '61',
    'History and Government': '75',
    'Christian Religious Education': '58',
  };
  for (const [subject, mark] of Object.entries(marks)) {
    await panel.getByLabel(subject, { exact: true }).fill(mark);
  }
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Scores updated successfully')).toBeVisible();

  // The class's forms: one PDF, one A4 page per student, with the wait shown meanwhile (held
  // until seen: three forms are made faster than a test can look).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/exams/*/report_cards/?*format=pdf*', async (route) => {
    await held;
    await route.continue();
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Report forms for this class' }).click();
  await expect(page.getByText('Preparing 3 report forms…')).toBeVisible();
  release();
  const file = await download;
  expect(file.suggestedFilename()).toBe('report-forms-4-east-end-term.pdf');
  const pdf = readFileSync((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
  await expect(page.getByText('Report forms ready')).toBeVisible();
  await expect(page.getByText('Preparing 3 report forms…')).toBeHidden();

  // Print Report on a phone: the form on screen, printed half a second after it appears.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Print Report of Wanjiru Kamau' }).click();
  const form = page.getByRole('article', { name: 'Report form of Wanjiru Kamau' });
  await expect(form).toBeVisible();
  await expect(
    form.getByText('ACADEMIC REPORT FORM · Form 4 · End term · 2026 Term 2'),
  ).toBeVisible();
  const box = (label: string) => form.getByTestId(`box-${label}`).getByTestId('this-exam');
  await expect(box('MEAN GRADE')).toHaveText('B+');
  await expect(box('TOTAL MARKS')).toHaveText('482');
  await expect(box('TOTAL POINTS')).toHaveText('67');
  await expect(box('STREAM POSITION')).toHaveText('1');
  await expect(form.getByText('Next term opens on 31 August 2026.')).toBeVisible();
  await expect.poll(() => printed(page)).toBe(1);
  await expect(page).not.toHaveURL(/print=1/);
  expect(await fitsWidth(page)).toBe(true);

  // Remarks written here are kept.
  const remark = page.getByLabel("CLASS TEACHER'S REMARKS");
  await expect(remark).toHaveValue('Good.');
  await remark.fill('A strong term. Keep reading.');
  await page.getByRole('button', { name: 'Save remarks' }).click();
  await expect(page.getByText('Remarks saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("CLASS TEACHER'S REMARKS")).toHaveValue(
    'A strong term. Keep reading.',
  );
  expect(await printed(page)).toBe(0);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  expect(await printed(page)).toBe(1);
});
