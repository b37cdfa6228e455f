import { expect, test } from '@playwright/test';
import {
  apiSession,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  uniquePhone,
} from '../support/school';
import { shoot } from '../support/shots';

/** Today in Nairobi moved by `days`, as yyyy-mm-dd. */
function day(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Two Grade 10 streams whose learners take Chemistry: on a phone, the admin generates the
 * teaching groups and gives Chemistry's group a teacher; the teacher signs in, finds the group
 * on their dashboard and enters its marks, learners of both streams in one list.
 */
test('teaching groups across streams at 390 px: generated, a teacher assigned, marks entered, results by group', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Moi Forces Academy');
  const { headers, schoolId, post } = await apiSession(request, school);
  const streams = [];
  for (const name of ['10 East', '10 West']) {
    streams.push((await post(`/classes/?school=${schoolId}`, { name, level: 'Grade 10' })).class);
  }
  const pathways = await (await request.get('/api/senior/pathways/', { headers })).json();
  const stem = pathways.pathways.find((p: { name: string }) => p.name === 'STEM');
  const subjectId = (name: string) =>
    stem.tracks
      .flatMap((t: { subjects: { id: number; name: string }[] }) => t.subjects)
      .find((s: { name: string }) => s.name === name).id as number;
  const combination = await post('/senior/combinations/', {
    pathway: stem.id,
    subjects: ['Biology', 'Chemistry', 'Physics'].map(subjectId),
  });
  const learners: Record<string, string[]> = {
    '10 East': ['Amani', 'Baraka'],
    '10 West': ['Chebet', 'Dalia'],
  };
  for (const stream of streams) {
    const ids: number[] = [];
    for (const first_name of learners[stream.name]!) {
      const added = await post(`/classes/${stream.id}/add_student/`, {
        first_name,
        last_name: 'Odhiambo',
        date_of_birth: '2010-02-14',
        gender: 'female',
        parent: { first_name: 'Grace', last_name: 'Odhiambo', phone_number: uniquePhone() },
      });
      ids.push(added.student.id);
    }
    const chosen = await request.put(`/api/classes/${stream.id}/subjects/`, {
      headers,
      data: {
        students: ids.map((student) => ({
          student,
          pathway: stem.id,
          combination: combination.id,
          mathematics: 'core',
          language: 'KIS',
          from: day(-30),
        })),
      },
    });
    expect(chosen.ok(), await chosen.text()).toBeTruthy();
  }
  const phone = uniquePhone();
  const created = await post('/staff/teachers/', {
    first_name: 'Otieno',
    last_name: 'Were',
    phone_number: phone,
    tsc_number: `TSC${phone.slice(-6)}`,
  });
  const password = /one-time password (\S+?);/.exec(created.message)?.[1];
  const teacher = await replaceOneTimePassword(request, phone, password!);
  const exam = await post('/grades/exams/', {
    name: 'Opener',
    start_date: day(-1),
    end_date: day(3),
  });

  await loginViaUi(page, school);
  await page.goto('/teaching-groups');
  await page.getByRole('button', { name: 'Generate Grade 10 groups' }).click();
  const chemistry = page.getByRole('region', { name: 'Chemistry' });
  await expect(chemistry.getByText('Grade 10 Chemistry', { exact: true })).toBeVisible();
  await expect(chemistry.getByText('4 learners', { exact: true })).toBeVisible();
  await chemistry.getByLabel('Teacher').selectOption({ label: 'Otieno Were' });
  await expect(chemistry.getByLabel('Teacher')).toHaveValue(String(created.teacher.id));
  await chemistry.getByRole('button', { name: /^Grade 10 Chemistry/ }).click();
  const members = page.getByRole('list', { name: 'Members of Grade 10 Chemistry' });
  await expect(members.getByRole('listitem')).toHaveCount(4);
  await expect(members.getByText('10 West')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await shoot(page, 'teaching-groups');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, teacher);
  await expect(page.getByRole('list', { name: 'My teaching groups' })).toContainText(
    'Grade 10 Chemistry',
  );
  const link = page.getByRole('link', { name: 'Enter marks: Grade 10 Chemistry, 0 of 4 entered' });
  await shoot(page, 'teaching-groups-dashboard');
  await link.click();
  await expect(
    page.getByRole('heading', { name: 'Grade 10 Chemistry', exact: true }),
  ).toBeVisible();
  for (const [name, mark] of [
    ['Amani Odhiambo', '64'],
    ['Chebet Odhiambo', '71'],
  ]) {
    await page.getByLabel(`Mark of ${name}`).fill(mark!);
  }
  await expect(page.getByTestId('queue-state')).toHaveText('All saved', { timeout: 15_000 });
  await expect(page.getByTestId('entered-count')).toHaveText('2 of 4 entered');
  await shoot(page, 'teaching-groups-marks');

  // The admin reads the group's results beside the level's analysis.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, school);
  await page.goto(`/results?exam=${exam.id}&level=Grade%2010`);
  const byGroup = page.getByTestId('analysis-table-teaching-groups');
  const row = byGroup.getByRole('row', { name: /^Chemistry/ });
  await expect(row).toContainText('Grade 10 Chemistry');
  await expect(row).toContainText('Otieno Were');
  await expect(row).toContainText('67.50');
  await expect(page.getByTestId('analysis-table-combinations')).toContainText('BIO/CHE/PHY');
  await byGroup.scrollIntoViewIfNeeded();
  await shoot(page, 'senior-analysis');
});
