import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { seedForm4, typeMarks, WANJIRU_MARKS } from '../support/results';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

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
  // John Mwangi teaches 4 East Mathematics: the forms name him in its TEACHER column.
  const api = await apiSession(request, school);
  const subjects = await (
    await request.get('/api/grades/subjects/', { headers: api.headers })
  ).json();
  const maths = (Array.isArray(subjects) ? subjects : subjects.subjects).find(
    (s: { code: string }) => s.code === 'MAT',
  );
  const john = await api.post('/staff/teachers/', {
    first_name: 'John',
    last_name: 'Mwangi',
    phone_number: uniquePhone(),
    tsc_number: `TSC${Date.now() % 1_000_000}`,
  });
  await api.post(`/staff/teachers/${john.teacher.id}/assignments/`, {
    class: east.id,
    subject: maths.id,
  });
  await stubPrint(page);
  await loginViaUi(page, school);

  // Wanjiru's marks, typed on the grading screen.
  await page.goto(`/exams/${exam.id}?class=${east.id}`);
  await typeMarks(page, 'Wanjiru Kamau', WANJIRU_MARKS);

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
  // No register was taken in Term 2 (a past term's registers cannot be taken now).
  await expect(form.getByText('Attendance: no registers taken')).toBeVisible();
  // The subject teacher, as initials until the admin chooses names.
  const mathsRow = form.getByRole('row').filter({ hasText: 'Mathematics' });
  await expect(mathsRow).toContainText('JM');
  await page.getByLabel('Subject teachers on forms').selectOption('name');
  await expect(page.getByText('Subject teachers updated')).toBeVisible();
  await expect(mathsRow).toContainText('J. Mwangi');
  expect(await fitsWidth(page)).toBe(true);
  if (process.env.SHOTS_DIR) {
    await form.screenshot({ path: `${process.env.SHOTS_DIR}/report-form-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.screenshot({ path: `${process.env.SHOTS_DIR}/report-form-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
  }

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
