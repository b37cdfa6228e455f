import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/**
 * A junior school's Grade 8 after a few weeks of assessments: the admin opens 8 East's CBC term
 * summary from the classes page, sees Mathematics' levels and the learner below expectations,
 * and downloads the class's progress reports.
 */
test('a class’s CBC term summary and its progress reports', async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Kilimani Junior School');
  const { post, headers, schoolId } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: '8 East', level: 'Grade 8' }))
    .class;
  const admit = async (first_name: string, last_name: string, gender: 'male' | 'female') =>
    (
      await post(`/classes/${east.id}/add_student`, {
        first_name,
        last_name,
        date_of_birth: '2013-05-14',
        gender,
        parent: { first_name: 'Grace', last_name, phone_number: uniquePhone() },
      })
    ).student;
  const achieng = await admit('Achieng', 'Otieno', 'female');
  const baraka = await admit('Baraka', 'Mwangi', 'male');
  const chebet = await admit('Chebet', 'Kiprop', 'female');
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  await post('/fees/terms/', {
    name: 'Term 3',
    academic_year: year.id,
    start_date: '2026-08-31',
    end_date: '2026-12-18',
  });
  const levels = await (await request.get('/api/levels/', { headers })).json();
  const grade8 = levels.levels.find((l: { name: string }) => l.name === 'Grade 8');
  const { learning_areas } = await (
    await request.get(`/api/cbc/learning_areas/?level=${grade8.id}`, { headers })
  ).json();
  const maths = learning_areas.find((a: { name: string }) => a.name === 'Mathematics');
  const numbers = await post('/cbc/strands/', { learning_area: maths.id, strand: 'Numbers' });
  const geometry = await post('/cbc/strands/', { learning_area: maths.id, strand: 'Geometry' });
  const assessment = await post('/cbc/assessments/', {
    class: east.id,
    learning_area: maths.id,
    kind: 'observation',
    date: '2026-11-10',
    strands: [numbers.id, geometry.id],
  });
  const entries = [
    [achieng.id, 'EE1', 'EE2'],
    [baraka.id, 'BE2', 'BE1'],
  ].flatMap(([student, n, g]) => [
    { student, strand: numbers.id, level: n },
    { student, strand: geometry.id, level: g },
  ]);
  entries.push({ student: chebet.id, strand: numbers.id, absent: true } as never);
  const saved = await request.put(`/api/cbc/assessments/${assessment.id}/levels/`, {
    headers,
    data: { entries },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  await loginViaUi(page, school);
  await page.goto('/classes');
  await page.getByRole('link', { name: 'CBC term summary of 8 East' }).first().click();
  await expect(page.getByRole('heading', { name: '8 East: CBC term summary' })).toBeVisible();
  await expect(page.getByLabel('Term')).toHaveValue(/\d+/);
  const mathsCard = page.getByRole('region', { name: 'Mathematics' });
  await expect(mathsCard.getByText('2 of 3 assessed')).toBeVisible();
  await expect(mathsCard.getByRole('link', { name: 'Baraka Mwangi' })).toBeVisible();
  await expect(mathsCard.getByText('BE1 - Below Expectations')).toBeVisible();
  await shoot(page, 'cbc-term-summary');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Progress reports' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe('progress-reports-8-east-term-3.pdf');
});
