import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loginViaUi, registerSchoolViaApi } from '../support/school';
import { shoot } from '../support/shots';

/**
 * An admin imports three teachers from a spreadsheet with its own header names, sees a phone
 * written twice refused in words, fixes the file, imports, downloads the one-time passwords,
 * and one of the teachers logs in with theirs.
 */
test('importing 3 teachers, downloading their passwords, one logs in', async ({
  page,
  request,
  browser,
}) => {
  const school = await registerSchoolViaApi(request, 'Kisumu Day School');
  const prefix = `07${String(Date.now()).slice(-7)}`;
  const file = (fixed: boolean) =>
    [
      'First Name,Surname,Phone,TSC,Email',
      `Achieng,Odhiambo,${prefix}1,TSC${prefix}1,`,
      `Juma,Mwangi,${prefix}2,TSC${prefix}2,juma@example.com`,
      `Wanjiru,Kamau,${fixed ? `${prefix}3` : `${prefix}2`},TSC${prefix}3,`,
    ].join('\r\n');

  await loginViaUi(page, school);
  await page.goto('/teachers');
  await page.getByRole('link', { name: 'Import' }).first().click();
  await expect(page.getByRole('heading', { name: '1. Choose a CSV file' })).toBeVisible();
  await shoot(page, 'teacher-import-1-choose');

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(file(false)) });
  await expect(page.getByRole('heading', { name: '2. What is each column?' })).toBeVisible();
  await expect(page.getByText('Choose a column for: Last name.')).toBeVisible();
  await page.getByLabel('Column Surname is').selectOption('last_name');
  await shoot(page, 'teacher-import-2-columns');
  await page.getByRole('button', { name: 'Check the rows' }).click();

  await expect(page.getByText(/1\s+ready,\s+2\s+with problems/)).toBeVisible();
  await expect(page.getByTestId('import-row-4')).toContainText(
    `Phone number ${prefix}2 is also on row 3 of the file`,
  );
  await expect(page.getByRole('button', { name: 'Import 0 teachers' })).toBeDisabled();
  await shoot(page, 'teacher-import-3-problems');

  await page.locator('input[type=file]').setInputFiles({
    name: 'staff-fixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file(true)),
  });
  await expect(page.getByText(/3\s+ready,\s+0\s+with problems/)).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 teachers' }).click();

  await expect(page.getByRole('heading', { name: 'Imported 3 teachers' })).toBeVisible();
  await expect(page.getByText('they are shown only this once')).toBeVisible();
  await shoot(page, 'teacher-import-4-passwords');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the one-time passwords (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('teachers-one-time-passwords.csv');
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('first_name,last_name,phone_number,one_time_password');
  expect(lines).toHaveLength(4);
  const [, , phone, password] = lines[2]!.split(',');
  expect(phone).toBe(`${prefix}2`);

  await page.getByRole('link', { name: 'Back to teachers' }).click();
  await expect(page.getByText('Juma Mwangi').filter({ visible: true })).toBeVisible();
  await shoot(page, 'teacher-import-5-teachers');

  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await loginViaUi(teacherPage, { phone: phone!, password: password! });
  await expect(teacherPage.getByText('Juma', { exact: false }).first()).toBeVisible();
  await expect(
    teacherPage.getByRole('heading', { name: 'Choose your own password' }),
  ).toBeVisible();
  await teacherContext.close();
});
