import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/**
 * 10 East: Amani and Baraka take Biology, Chemistry and Physics, Chebet History, Geography and
 * Business Studies. A Chemistry observation lists Amani and Baraka only, on the four-level scale.
 */
test('a Grade 10 Chemistry assessment lists its takers only, at 1280 and 390 px', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Moi Forces Academy');
  const { headers, schoolId, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: '10 East', level: 'Grade 10' }))
    .class;
  const { pathways } = await (await request.get('/api/senior/pathways/', { headers })).json();
  const pathway = (name: string) => pathways.find((p: { name: string }) => p.name === name);
  const subjectId = (name: string) =>
    pathways
      .flatMap((p: { tracks: { subjects: { id: number; name: string }[] }[] }) =>
        p.tracks.flatMap((t) => t.subjects),
      )
      .find((s: { name: string }) => s.name === name).id as number;
  const bcp = await post('/senior/combinations/', {
    pathway: pathway('STEM').id,
    subjects: ['Biology', 'Chemistry', 'Physics'].map(subjectId),
  });
  const hgb = await post('/senior/combinations/', {
    pathway: pathway('Social Sciences').id,
    subjects: ['History and Citizenship', 'Geography', 'Business Studies'].map(subjectId),
  });
  const choices = [];
  for (const [first_name, combination] of [
    ['Amani', bcp],
    ['Baraka', bcp],
    ['Chebet', hgb],
  ] as const) {
    const added = await post(`/classes/${east.id}/add_student/`, {
      first_name,
      last_name: 'Odhiambo',
      date_of_birth: '2010-02-14',
      gender: 'female',
      parent: { first_name: 'Grace', last_name: 'Odhiambo', phone_number: uniquePhone() },
    });
    choices.push({
      student: added.student.id,
      pathway: combination === bcp ? pathway('STEM').id : pathway('Social Sciences').id,
      combination: combination.id,
      mathematics: combination === bcp ? 'core' : 'essential',
      language: 'KIS',
      from: '2026-01-05',
    });
  }
  const chosen = await request.put(`/api/classes/${east.id}/subjects/`, {
    headers,
    data: { students: choices },
  });
  expect(chosen.ok(), await chosen.text()).toBeTruthy();
  const { levels } = await (await request.get('/api/levels/', { headers })).json();
  const grade10 = levels.find((l: { name: string }) => l.name === 'Grade 10');
  const { learning_areas } = await (
    await request.get(`/api/cbc/learning_areas/?level=${grade10.id}`, { headers })
  ).json();
  const chemistry = learning_areas.find((a: { name: string }) => a.name === 'Chemistry');
  const assessment = await post('/cbc/assessments/', {
    class: east.id,
    learning_area: chemistry.id,
    kind: 'observation',
    date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()),
    title: 'Rates of reaction',
  });

  await loginViaUi(page, school);
  await page.goto(`/assessments/${assessment.id}`);
  const learners = page.getByRole('list', { name: 'Learners' });
  await expect(learners.getByRole('listitem')).toHaveCount(2);
  await expect(learners).toContainText('Amani Odhiambo');
  await expect(learners).toContainText('Baraka Odhiambo');
  await expect(learners).not.toContainText('Chebet');
  const levelsOf = (name: string) =>
    learners
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('radiogroup', { name: `Chemistry: level of ${name}` });
  await expect(levelsOf('Amani Odhiambo').getByRole('radio')).toHaveCount(4);
  await levelsOf('Amani Odhiambo')
    .getByRole('radio', { name: 'ME - Meeting Expectations' })
    .click();
  await expect(page.getByTestId('queue-state')).toHaveText('All saved');
  await expect(page.getByTestId('entered-count')).toHaveText('1 of 2 entered');
  await shoot(page, 'cbc-senior-level-entry');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
});
