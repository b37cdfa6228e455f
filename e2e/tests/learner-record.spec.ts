import { mkdir, readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { NEMIS_COLUMNS } from '@shule/shared/student-columns';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

/** Screenshots of the screens, looked at by whoever changes them. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-learner-record';

async function shoot(page: Page, name: string, width: number) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/**
 * On a phone, an admin fills a student's learner record on the profile, sees it there, and
 * exports the school's students for NEMIS: the file has the register's header and her row.
 */
test('an admin records a learner for NEMIS on a phone and exports the register', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kisumu Girls');
  const { schoolId, post } = await apiSession(request, school);
  const grade = (
    await post(`/classes/?school=${schoolId}`, { name: 'Grade 7 Blue', level: 'Grade 7' })
  ).class;
  const phone = uniquePhone();
  const { student } = await post(`/classes/${grade.id}/add_student/`, {
    first_name: 'Achieng',
    last_name: 'Odhiambo',
    date_of_birth: '2013-03-21',
    gender: 'female',
    parent: { first_name: 'Mary', last_name: 'Odhiambo', phone_number: phone },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaUi(page, school);
  await page.goto(`/students/${student.id}`);
  const section = page.getByRole('region', { name: 'Learner record (NEMIS)' });
  await expect(section.getByText('Not recorded').first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'section-empty', 390);

  await section.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Learner record (NEMIS)' });
  await dialog.getByLabel('UPI').fill('abc123x');
  await dialog.getByLabel('Index number').fill('1234');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Index number must be 11 digits')).toBeVisible();
  await dialog.getByLabel('Index number').fill('41234567890');
  await dialog.getByLabel('Birth certificate number').fill('556677/2013');
  await dialog.getByLabel('NHIF/SHA number').fill('SHA445566');
  await dialog.getByLabel('Nationality').fill('Kenyan');
  await dialog.getByLabel('County', { exact: true }).selectOption('Kisumu');
  await dialog.getByLabel('Sub-county').fill('Kisumu Central');
  await dialog.getByLabel("Parent's national ID").fill('23456789');
  await dialog.getByLabel('Special needs').fill('Hearing aid: sits at the front');
  await dialog.getByLabel('Medical condition').fill('Asthma');
  await shoot(page, 'dialog', 390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'dialog', 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Learner record updated')).toBeVisible();

  for (const shown of [
    'ABC123X',
    '556677/2013',
    '41234567890',
    'Kisumu Central',
    'SHA445566',
    '23456789',
    'Hearing aid: sits at the front',
  ]) {
    await expect(section.getByText(shown, { exact: true })).toBeVisible();
  }
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'section', 390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'section', 1280);

  await page.goto('/students');
  await page.getByRole('button', { name: /Export/ }).click();
  await shoot(page, 'export-menu', 1280);
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Export for NEMIS/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^nemis-learners-kisumu-girls-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe(`\uFEFF${NEMIS_COLUMNS.map((c) => c.header).join(',')}`);
  expect(lines.slice(1)).toEqual([
    `ABC123X,0001,Achieng,Odhiambo,female,2013-03-21,Grade 7 Blue,556677/2013,,41234567890,,Kenyan,Kisumu,Kisumu Central,Hearing aid: sits at the front,Asthma,SHA445566,Mary,Odhiambo,${phone},23456789`,
    '',
  ]);
});
