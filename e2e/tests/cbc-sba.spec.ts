import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/**
 * Before KNEC's deadline the admin of a junior school checks Grade 8's SBA: who has no score in
 * Agriculture and Nutrition, who has no Assessment Number; puts the class column first in the
 * export and downloads the CSV, the learner without a number in it with an empty first cell.
 */
test('the SBA completeness check and the CSV for the CBA portal', async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Kilimani Junior School');
  const { post, headers, schoolId } = await apiSession(request, school);
  const { class: east } = await post(`/classes/?school=${schoolId}`, {
    name: '8 East',
    level: 'Grade 8',
  });
  const admit = async (first_name: string, last_name: string, gender: string, knec: object) => {
    const { student } = await post(`/classes/${east.id}/add_student/`, {
      first_name,
      last_name,
      date_of_birth: '2012-03-21',
      gender,
      parent: { first_name: 'Mary', last_name, phone_number: uniquePhone() },
    });
    const res = await request.patch(`/api/students/${student.id}/`, { headers, data: knec });
    expect(res.ok(), await res.text()).toBeTruthy();
    return student;
  };
  const achieng = await admit('Achieng', 'Otieno', 'female', {
    assessment_number: '30412345001',
    re_option: 'CRE',
    kiswahili_option: 'KIS',
  });
  const baraka = await admit('Baraka', 'Mwangi', 'male', { re_option: 'IRE' });
  const levels = await (await request.get('/api/levels/', { headers })).json();
  const grade8 = levels.levels.find((l: { name: string }) => l.name === 'Grade 8');
  const areas = await (
    await request.get(`/api/cbc/learning_areas/?level=${grade8.id}`, { headers })
  ).json();
  const agriculture = areas.learning_areas.find(
    (a: { name: string }) => a.name === 'Agriculture and Nutrition',
  );
  const year = new Date().getFullYear();
  const project = await post('/cbc/assessments/', {
    class: east.id,
    learning_area: agriculture.id,
    kind: 'sba_project',
    date: `${year}-01-02`,
  });
  const saved = await request.put(`/api/cbc/assessments/${project.id}/levels/`, {
    headers,
    data: {
      entries: [
        { student: achieng.id, strand: null, level: 'EE2' },
        { student: baraka.id, strand: null, absent: true },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  await loginViaUi(page, school);
  await page.goto('/sba');
  await expect(page.getByRole('heading', { name: 'School-based assessment (KNEC)' })).toBeVisible();
  await expect(page.getByLabel('Grade')).toHaveValue(String(grade8.id));
  await expect(
    page.getByText('1 learner has no Agriculture and Nutrition SBA score: Baraka Mwangi'),
  ).toBeVisible();
  await expect(page.getByText(/1 learner has no Assessment Number/)).toBeVisible();
  await expect(page.getByText('Exceeding Expectations').first()).toBeVisible();
  await shoot(page, 'cbc-sba');

  await page.getByRole('button', { name: 'Class' }).click();
  for (let i = 0; i < 7; i += 1) await page.getByRole('button', { name: 'Move Class up' }).click();
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Column order saved')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sba-grade-8-${year}.csv`);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Class,Assessment Number,Names,Gender,RE option,Kiswahili or KSL,Special-needs code,English,Kiswahili,Mathematics,Religious Education,Integrated Science,Pre-Technical Studies,Agriculture and Nutrition,Social Studies,Creative Arts and Sports',
  );
  expect(lines.slice(1)).toEqual([
    '8 East,30412345001,Achieng Otieno,F,CRE,KIS,,,,,,,,EE2,,',
    '8 East,,Baraka Mwangi,M,IRE,,,,,,,,,,,',
  ]);

  // Baraka's number is entered on his page, in the learner record.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Baraka Mwangi' }).click();
  const record = page.getByRole('region', { name: 'Learner record (NEMIS)' });
  await record.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Learner record (NEMIS)' });
  await dialog.getByLabel('Assessment Number').fill('30412345002');
  await dialog.getByLabel('Kiswahili or KSL').selectOption('KSL');
  await dialog.getByLabel('Names as on the birth certificate').fill('Mwangi Baraka Kamau');
  await dialog.getByLabel('Assessment Number').scrollIntoViewIfNeeded();
  await shoot(page, 'cbc-sba-learner-record');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(record).toContainText('KSL - Kenyan Sign Language');

  await page.goto('/sba');
  await expect(
    page.getByText('1 learner has no Agriculture and Nutrition SBA score: Baraka Mwangi'),
  ).toBeVisible();
  await expect(page.getByText(/has no Assessment Number/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
});
