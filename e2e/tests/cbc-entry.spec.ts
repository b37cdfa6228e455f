import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiSession,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  type TestSchool,
  uniquePhone,
} from '../support/school';
import { shoot } from '../support/shots';

const LEARNERS = [
  ['Amina', 'Wanjiru'],
  ['Baraka', 'Otieno'],
  ['Chebet', 'Kiprop'],
  ['Daudi', 'Mwangi'],
  ['Esther', 'Njeri'],
] as const;

/**
 * 8 East (Grade 8, the eight-level junior scale) of five learners, its Mathematics with the
 * strand Numbers: Integers, and Jane Mutua assigned to teach it there.
 */
async function seed(request: APIRequestContext, school: TestSchool) {
  const { schoolId, post, headers } = await apiSession(request, school);
  const get = async (path: string) => (await request.get(`/api${path}`, { headers })).json();
  const east = (await post(`/classes/?school=${schoolId}`, { name: '8 East', level: 'Grade 8' }))
    .class;
  for (const [first_name, last_name] of LEARNERS) {
    await post(`/classes/${east.id}/add_student`, {
      first_name,
      last_name,
      date_of_birth: '2013-05-14',
      gender: 'female',
      parent: { first_name: 'Grace', last_name, phone_number: uniquePhone() },
    });
  }
  const { levels } = await get('/levels/');
  const level = levels.find((l: { name: string }) => l.name === 'Grade 8');
  const { learning_areas } = await get(`/cbc/learning_areas/?level=${level.id}`);
  const maths = learning_areas.find((a: { name: string }) => a.name === 'Mathematics');
  await post('/cbc/strands/', {
    learning_area: maths.id,
    strand: 'Numbers',
    sub_strand: 'Integers',
  });
  const phone = uniquePhone();
  const added = await post('/staff/teachers/', {
    first_name: 'Jane',
    last_name: 'Mutua',
    phone_number: phone,
    tsc_number: `TSC${Date.now() % 1_000_000}`,
  });
  const password = /one-time password (\S+);/.exec(added.message)![1]!;
  await post(`/staff/teachers/${added.teacher.id}/assignments/`, {
    class: east.id,
    learning_area: maths.id,
  });
  return { teacher: await replaceOneTimePassword(request, phone, password) };
}

test('a teacher enters a strand’s levels on a phone by keys and taps, through a dropped connection', async ({
  browser,
  request,
  page: adminPage,
}) => {
  const school = await registerSchoolViaApi(request, 'Kilimani Junior School');
  const { teacher } = await seed(request, school);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginViaUi(page, teacher);

  // From the dashboard's learning area to its assessments, and a new one by strand.
  await expect(page.getByRole('list', { name: 'My learning areas' })).toBeVisible();
  await shoot(page, 'cbc-teacher-dashboard');
  await page
    .getByRole('list', { name: 'My learning areas' })
    .getByRole('link', { name: '8 East · Mathematics' })
    .click();
  await expect(page.getByRole('heading', { name: '8 East · Mathematics' })).toBeVisible();
  await expect(page.getByText('No assessments yet')).toBeVisible();
  await page.getByRole('button', { name: 'New assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New assessment' });
  await dialog.getByLabel('Kind').selectOption('observation');
  await dialog.getByLabel('Title (optional)').fill('Integers on a number line');
  await dialog.getByRole('checkbox', { name: 'Numbers: Integers' }).check();
  await shoot(page, 'cbc-new-assessment');
  await dialog.getByRole('button', { name: 'Add' }).click();

  await expect(page).toHaveURL(/\/assessments\/\d+$/);
  await expect(page.getByText('Observation · Integers on a number line').first()).toBeVisible();
  const learners = page.getByRole('list', { name: 'Learners' });
  const row = (name: string) => learners.getByRole('listitem').filter({ hasText: name });
  const levels = (name: string) =>
    row(name).getByRole('radiogroup', { name: `Numbers: Integers: level of ${name}` });
  await expect(levels('Amina Wanjiru').getByRole('radio')).toHaveCount(8);
  await expect(page.getByText(/Keys: 8 to 1 \(8 EE1 … 1 BE2\), or the code/)).toBeVisible();

  // Keys: a level's points, or its code, set it and go to the next learner.
  await levels('Amina Wanjiru').getByRole('radio').first().focus();
  await page.keyboard.press('6');
  await page.keyboard.press('e');
  await page.keyboard.press('1');
  await expect(levels('Chebet Kiprop').getByRole('radio').first()).toBeFocused();
  await expect(levels('Amina Wanjiru').getByRole('radio', { checked: true })).toHaveText('ME1');
  await expect(row('Amina Wanjiru')).toContainText('ME1 - Meeting Expectations');
  await expect(levels('Baraka Otieno').getByRole('radio', { checked: true })).toHaveText('EE1');
  // A tap.
  await levels('Chebet Kiprop').getByRole('radio', { name: 'ME2 - Meeting Expectations' }).click();
  await expect(page.getByTestId('queue-state')).toHaveText('All saved');
  await expect(row('Chebet Kiprop')).toContainText('Saved');
  await expect(page.getByTestId('entered-count')).toHaveText('3 of 5 entered');
  await shoot(page, 'cbc-level-entry');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  // The connection drops: a tap and an absence wait in the browser.
  await context.setOffline(true);
  await levels('Daudi Mwangi').getByRole('radio', { name: 'EE2 - Exceeding Expectations' }).click();
  await row('Esther Njeri').getByRole('button', { name: 'Esther Njeri absent' }).click();
  await expect(page.getByTestId('queue-state')).toHaveText('2 learners waiting for a connection', {
    timeout: 5_000,
  });
  await expect(row('Daudi Mwangi')).toContainText('Waiting for network');
  await shoot(page, 'cbc-level-entry-offline');

  // Back online: they go; a reload shows every level saved.
  await context.setOffline(false);
  await expect(page.getByTestId('queue-state')).toHaveText('All saved', { timeout: 20_000 });
  await page.reload();
  const checked = (name: string) => levels(name).getByRole('radio', { checked: true });
  await expect(checked('Amina Wanjiru')).toHaveText('ME1');
  await expect(checked('Baraka Otieno')).toHaveText('EE1');
  await expect(checked('Chebet Kiprop')).toHaveText('ME2');
  await expect(checked('Daudi Mwangi')).toHaveText('EE2');
  await expect(checked('Esther Njeri')).toHaveCount(0);
  await expect(
    row('Esther Njeri').getByRole('button', { name: 'Esther Njeri absent' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('entered-count')).toHaveText('5 of 5 entered');

  // Each learner's changes, with who and when.
  await row('Amina Wanjiru').getByRole('button', { name: 'History of Amina Wanjiru' }).click();
  const history = page.getByRole('dialog', { name: 'History: Amina Wanjiru' });
  await expect(history.getByTestId('entry-change')).toHaveCount(1);
  await expect(history.getByTestId('entry-change')).toContainText(
    'ME1 - Meeting Expectations by Jane Mutua',
  );
  await shoot(page, 'cbc-entry-history');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'All assessments' }).click();
  await expect(page.getByRole('list', { name: 'Assessments' })).toContainText(
    'Observation · Integers on a number line',
  );
  await shoot(page, 'cbc-assessments');
  await context.close();

  // The admin comes to the same list from the level's learning areas.
  await loginViaUi(adminPage, school);
  await adminPage.goto('/classes');
  await adminPage.getByRole('link', { name: 'Learning areas of Grade 8' }).click();
  await adminPage
    .getByRole('list', { name: 'Learning areas' })
    .getByRole('button', { name: /^Mathematics/ })
    .click();
  await shoot(adminPage, 'cbc-learning-area-assessments');
  await adminPage.getByRole('link', { name: 'Assessments of Mathematics in 8 East' }).click();
  await expect(adminPage.getByRole('list', { name: 'Assessments' })).toContainText(
    'Observation · Integers on a number line',
  );
  await adminPage.getByRole('link', { name: /Integers on a number line/ }).click();
  await expect(
    adminPage
      .getByRole('radiogroup', { name: 'Numbers: Integers: level of Amina Wanjiru' })
      .getByRole('radio', { checked: true }),
  ).toHaveText('ME1');
});
