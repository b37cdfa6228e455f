import { expect, test } from '@playwright/test';
import { KJSEA_LEARNING_AREAS } from '@shule/shared/kjsea';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/**
 * On a phone, an admin records a Grade 10 entrant's KJSEA result on her page: the levels show in
 * their section and, as the baseline, in her results; the import screen offers the entry list.
 */
test("an admin records a Grade 10 learner's KJSEA baseline on a phone", async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Maranda High School');
  const { schoolId, post } = await apiSession(request, school);
  const stream = (
    await post(`/classes/?school=${schoolId}`, { name: '10 East', level: 'Grade 10' })
  ).class;
  const { student } = await post(`/classes/${stream.id}/add_student/`, {
    first_name: 'Achieng',
    last_name: 'Odhiambo',
    date_of_birth: '2010-03-21',
    gender: 'female',
    parent: { first_name: 'Mary', last_name: 'Odhiambo', phone_number: uniquePhone() },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaUi(page, school);
  await page.goto(`/students/${student.id}`);
  const section = page.getByRole('region', { name: 'KJSEA baseline' });
  await expect(section.getByText('No KJSEA result recorded')).toBeVisible();
  await section.getByRole('button', { name: 'Record result' }).click();
  const dialog = page.getByRole('dialog', { name: 'KJSEA result' });
  await dialog.getByLabel('Assessment Number').fill('a1234567');
  await dialog.getByLabel('Junior school').fill('Kisumu Junior School');
  for (const area of KJSEA_LEARNING_AREAS.slice(1)) {
    await dialog
      .getByLabel(area, { exact: true })
      .selectOption(area === 'Mathematics' ? 'EE1' : 'ME1');
  }
  await dialog.getByRole('button', { name: 'Record result' }).click();
  await expect(
    dialog.getByText('English has no KJSEA level: choose one from EE1 to BE2'),
  ).toBeVisible();
  await dialog.getByLabel('English', { exact: true }).selectOption('EE2');
  await shoot(page, 'kjsea-dialog');
  await dialog.getByRole('button', { name: 'Record result' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('57')).toBeVisible();
  await expect(page.getByTestId('kjsea-baseline')).toContainText('KJSEA baseline 57/72');
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'kjsea-student');

  await section.getByRole('link', { name: 'Import a file' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Grade 10 entry list (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('entry-list-grade-10.csv');
  await expect(page.getByText('1 learner has no subject choice yet')).toBeVisible();
  await shoot(page, 'kjsea-import');

  const heads = ['Admission number', 'Junior school', ...KJSEA_LEARNING_AREAS].join(',');
  const csv = [
    heads,
    `${student.admission_number},Kisumu Junior School,${KJSEA_LEARNING_AREAS.map(() => 'EE1').join(',')}`,
    `9999,Other JS,${KJSEA_LEARNING_AREAS.map(() => 'ME2').join(',')}`,
  ].join('\r\n');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'kjsea.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByText(/1\s+ready,\s+1\s+with problems/)).toBeVisible();
  await expect(page.getByTestId('import-row-3')).toContainText(
    'No student of this school has admission number 9999',
  );
  await shoot(page, 'kjsea-import-check');
});
