import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedForm4, typeMarks, WANJIRU_MARKS } from '../support/results';
import { loginViaUi, registerSchoolViaApi } from '../support/school';

test('the analysis of a level: counts and means by hand, a table as CSV, the PDF, the dashboard card', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kitui School');
  const { east, exam } = await seedForm4(request, school);
  await loginViaUi(page, school);

  // Wanjiru is absent from Mathematics: under the KCSE rule her result is incomplete (an X).
  await page.goto(`/exams/${exam.id}?class=${east.id}`);
  await typeMarks(page, 'Wanjiru Kamau', { ...WANJIRU_MARKS, Mathematics: 'X' });

  // The dashboard's card: the level's mean grade, a link to its analysis.
  await page.goto('/dashboard');
  const card = page.getByRole('link', { name: /^Form 4: mean grade C\. See the analysis/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/results\\?exam=${exam.id}&level=Form%204$`));
  await expect(
    page.getByRole('heading', { name: 'Form 4 · End term · 2026 Term 2' }),
  ).toBeVisible();

  // Baraka 7 × C+ (7 points, 55) and Chebet 7 × C- (5 points, 45) are the complete results:
  // mean mark 50.00, mean points 6.000, grade C (6 points); Wanjiru is counted as X.
  const streams = page.getByTestId('analysis-table-streams');
  const heads = await streams.getByRole('columnheader').allTextContents();
  const cell = (table: typeof streams, row: string, head: string) =>
    table
      .getByRole('row', { name: new RegExp(`^${row}`) })
      .getByRole('cell')
      .nth(heads.indexOf(head));
  await expect(cell(streams, '4 East', 'ENTRIES')).toHaveText('3');
  await expect(cell(streams, 'Form 4', 'MN MKS')).toHaveText('50.00');
  await expect(cell(streams, 'Form 4', 'MN PTS')).toHaveText('6.000');
  await expect(cell(streams, 'Form 4', 'GR')).toHaveText('C');
  await expect(cell(streams, 'Form 4', 'C+')).toHaveText('1');
  await expect(cell(streams, 'Form 4', 'C-')).toHaveText('1');
  await expect(cell(streams, 'Form 4', 'X')).toHaveText('1');
  await expect(page.getByTestId('analysis-mean-grade')).toHaveText('C');

  // English: 72 (B+ 10), 55 (C+ 7), 45 (C- 5): mean 57.33, 7.333 points, C+; Mathematics:
  // 55 and 45 with the X: three entries, mean 50.00.
  const subjects = page.getByTestId('analysis-table-subjects');
  const subjectHeads = await subjects.getByRole('columnheader').allTextContents();
  const subjectCell = (row: string, head: string) =>
    subjects
      .getByRole('row', { name: new RegExp(row) })
      .getByRole('cell')
      .nth(subjectHeads.indexOf(head));
  await expect(subjectCell('ENG English', 'MN MKS')).toHaveText('57.33');
  await expect(subjectCell('ENG English', 'MN PTS')).toHaveText('7.333');
  await expect(subjectCell('ENG English', 'GR')).toHaveText('C+');
  await expect(subjectCell('MAT Mathematics', 'ENTRIES')).toHaveText('3');
  await expect(subjectCell('MAT Mathematics', 'MN MKS')).toHaveText('50.00');
  await expect(subjectCell('MAT Mathematics', 'X')).toHaveText('1');

  // The streams table as CSV, numbers as numbers.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV of Streams' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('analysis-form-4-end-term-2026-term-2-streams.csv');
  const lines = readFileSync((await csv.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toMatch(/^STREAM,ENTRIES,MN MKS,MN PTS,GR,A,A-,B\+,B,B-,C\+,C,C-/);
  expect(lines[2]).toMatch(/^Form 4,3,50,6,C,0,0,0,0,0,1,0,1,/);

  // The whole analysis as A4 pages.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('analysis-form-4-end-term-2026-term-2.pdf');
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // On a phone: nothing wider than the screen (the tables scroll inside their boxes).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(streams).toBeVisible();
  // Polled: the charts take the new width a frame or two after the resize.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
});
