import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedForm4, typeMarks, WANJIRU_MARKS } from '../support/results';
import { loginViaUi, registerSchoolViaApi } from '../support/school';

test('marks typed in, the class’s merit list with positions and mean grades, and its PDF', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Machakos School');
  const { east, exam } = await seedForm4(request, school);
  await loginViaUi(page, school);

  await page.goto(`/exams/${exam.id}?class=${east.id}`);
  await typeMarks(page, 'Wanjiru Kamau', WANJIRU_MARKS);

  // Generate Merit List, for the class being graded.
  await page.getByRole('button', { name: 'Generate Merit List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Merit List' });
  await expect(dialog.getByRole('radio', { name: /A class/ })).toBeChecked();
  await expect(dialog.getByLabel('Class', { exact: true })).toHaveValue(String(east.id));
  await dialog.getByRole('button', { name: 'Open merit list' }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/merit-list\\?class=${east.id}$`));
  await expect(
    page.getByRole('heading', { name: '4 East · End term · 2026 Term 2' }),
  ).toBeVisible();

  // Wanjiru 67 points (B+) first; Baraka 7 × C+ = 49 (C+); Chebet 7 × C- = 35 (C-).
  const heads = await page.getByRole('columnheader').allTextContents();
  const cell = (student: string, head: string) =>
    page
      .getByRole('row', { name: new RegExp(student) })
      .getByRole('cell')
      .nth(heads.indexOf(head));
  await expect(cell('Wanjiru Kamau', 'OVR POS')).toHaveText('1/3');
  await expect(cell('Wanjiru Kamau', 'GR')).toHaveText('B+');
  await expect(cell('Wanjiru Kamau', 'TT PTS')).toHaveText('67');
  await expect(cell('Wanjiru Kamau', 'TT MKS')).toHaveText('482');
  await expect(cell('Baraka Otieno', 'STR POS')).toHaveText('2/3');
  await expect(cell('Baraka Otieno', 'GR')).toHaveText('C+');
  await expect(cell('Chebet Kiprop', 'OVR POS')).toHaveText('3/3');
  await expect(cell('Chebet Kiprop', 'GR')).toHaveText('C-');

  // The printed list: a PDF named after the class and exam.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('merit-list-4-east-end-term-2026-term-2.pdf');
  const pdf = readFileSync((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

  // On a phone: cards with the position and the mean grade, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Merit list' }).getByRole('listitem').first();
  await expect(card).toContainText('Wanjiru Kamau');
  await expect(card).toContainText('1/3');
  await expect(card).toContainText('B+');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
});
