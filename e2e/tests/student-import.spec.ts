import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi } from '../support/school';
import { shoot } from '../support/shots';

const FIRST_NAMES = ['Akinyi', 'Baraka', 'Chebet', 'Daudi', 'Wanjiru', 'Otieno', 'Zawadi', 'Kamau'];

/** 50 students as a school's spreadsheet might hold them: its own header names and date style. */
function spreadsheet(phonePrefix: string, fix: boolean) {
  const lines = [
    'First Name,Last Name,Date of Birth,Sex,Class,Parent First Name,Parent Last Name,Parent Phone,Notes',
  ];
  for (let i = 0; i < 50; i += 1) {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]}${i}`;
    let cls = i % 2 ? 'Form 1' : 'form 2';
    let phone = `${phonePrefix}${String(i).padStart(3, '0')}`;
    if (!fix && i === 9) cls = 'Form 5';
    if (!fix && i === 30) phone = '12345';
    lines.push(
      `${name},Ng'ang'a,${(i % 28) + 1}/3/2011,${i % 2 ? 'F' : 'M'},${cls},Mary,Wa'Njeri,${phone},`,
    );
  }
  return lines.join('\r\n');
}

/**
 * An admin imports a 50-row spreadsheet: the columns are matched (Sex as Gender too), two
 * rows have problems (a class the school lacks, a short phone) and say so in words; the fixed
 * file is chosen, checked, imported, and the students are in the list.
 */
test('importing 50 students from a CSV, fixing two bad rows first', async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  const { schoolId, post } = await apiSession(request, school);
  await post(`/classes/?school=${schoolId}`, { name: 'Form 1' });
  await post(`/classes/?school=${schoolId}`, { name: 'Form 2' });
  const prefix = `07${String(Date.now()).slice(-5)}`;

  await loginViaUi(page, school);
  await page.goto('/students');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: '1. Choose a CSV file' })).toBeVisible();
  await shoot(page, 'student-import-1-choose');

  await page.locator('input[type=file]').setInputFiles({
    name: 'form1-2.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(spreadsheet(prefix, false)),
  });
  await expect(page.getByRole('heading', { name: '2. What is each column?' })).toBeVisible();
  await expect(page.getByLabel('Column Sex is')).toHaveValue('gender');
  await expect(page.getByLabel('Column Notes is')).toHaveValue('');
  await shoot(page, 'student-import-2-columns');
  await page.getByRole('button', { name: 'Check the rows' }).click();

  await expect(page.getByRole('heading', { name: '3. Check and import' })).toBeVisible();
  await expect(page.getByText(/48\s+ready,\s+2\s+with problems/)).toBeVisible();
  const classRow = page.getByTestId('import-row-11');
  await expect(classRow).toContainText("Class 'Form 5' does not exist: create it first");
  await expect(page.getByTestId('import-row-32')).toContainText(
    "Phone number must be 10 digits starting with '0'",
  );
  await expect(page.getByRole('button', { name: 'Import 0 students' })).toBeDisabled();
  await shoot(page, 'student-import-3-problems');

  await page.locator('input[type=file]').setInputFiles({
    name: 'form1-2-fixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(spreadsheet(prefix, true).replace('Sex', 'Gender')),
  });
  await expect(page.getByText(/50\s+ready,\s+0\s+with problems/)).toBeVisible();
  await shoot(page, 'student-import-4-fixed');
  await page.getByRole('button', { name: 'Import 50 students' }).click();

  await expect(page.getByText('Imported 50 students')).toBeVisible();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByText("Akinyi0 Ng'ang'a").locator('visible=true').first()).toBeVisible();
  await shoot(page, 'student-import-5-list');
});
