import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/**
 * What the teachers write on a CBC progress report, on a phone: the admin (here the class
 * teacher too) taps competencies and values and writes both remarks for a learner, picks an
 * English comment from the bank, and adds a comment to the bank.
 */
test('competencies, values, remarks and comments for a class’s progress reports, at 390 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Kilimani Primary School');
  const { post, schoolId } = await apiSession(request, school);
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  await post('/fees/terms/', {
    name: 'Term 3',
    start_date: '2026-08-24',
    end_date: '2026-10-23',
    academic_year: year.id,
  });
  const { class: east } = await post(`/classes/?school=${schoolId}`, {
    name: '4 East',
    level: 'Grade 4',
  });
  for (const [first, last] of [
    ['Achieng', 'Otieno'],
    ['Baraka', 'Mwangi'],
  ]) {
    await post(`/classes/${east.id}/add_student/`, {
      first_name: first,
      last_name: last,
      date_of_birth: '2017-03-02',
      gender: 'female',
      parent: { first_name: 'Ruth', last_name: last, phone_number: uniquePhone() },
    });
  }
  await loginViaUi(page, school);

  await page.goto('/classes');
  await page
    .getByRole('region', { name: 'Levels and curricula' })
    .getByRole('link', { name: 'Learning areas of Grade 4' })
    .click();
  await expect(page.getByRole('heading', { name: 'Progress reports' })).toBeVisible();
  await shoot(page, 'cbc-learning-areas-reports');
  await page.getByRole('link', { name: '4 East: competencies and remarks' }).click();
  await expect(
    page.getByRole('heading', { name: '4 East: competencies, values and remarks' }),
  ).toBeVisible();
  const citizenship = page.getByRole('group', { name: 'Citizenship' });
  await citizenship.getByRole('button', { name: 'ME Meeting Expectations' }).click();
  await expect(
    citizenship.getByRole('button', { name: 'ME Meeting Expectations' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('group', { name: 'Integrity' })
    .getByRole('button', { name: 'EE Exceeding Expectations' })
    .click();
  await expect(page.getByRole('option', { name: 'Achieng Otieno (2 of 15 rated)' })).toBeAttached();
  await page.getByLabel("Class teacher's remark").fill('A kind and helpful member of the class.');
  await page.getByLabel("Head teacher's remark").fill('Well done, Achieng.');
  await shoot(page, 'cbc-report-inputs');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await page.getByRole('button', { name: 'Save and next learner' }).click();
  await expect(page.getByText(/Learner 2 of 2/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Class teacher's remark")).toHaveValue(
    'A kind and helpful member of the class.',
  );
  await expect(
    page.getByRole('group', { name: 'Citizenship' }).getByRole('button', { name: /^ME/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.goBack();
  await page.getByRole('button', { name: /^English/ }).click();
  await page.getByRole('link', { name: 'Comments in English' }).click();
  await expect(page.getByRole('heading', { name: "English: teacher's comments" })).toBeVisible();
  await page.getByRole('button', { name: "Write Baraka Mwangi's comment" }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'AE - Approaching Expectations' }).click();
  await dialog.getByRole('button', { name: /^Is making progress/ }).click();
  await shoot(page, 'cbc-comment-picker');
  await dialog.getByRole('button', { name: 'Save comment' }).click();
  await expect(page.getByText('Is making progress. More practice will help.')).toBeVisible();
  await expect(page.getByText('1 of 2 learners have a comment in English.')).toBeVisible();
  await shoot(page, 'cbc-comments');

  await page.goto('/comment-bank');
  await page.getByRole('button', { name: 'Add a comment at BE' }).click();
  await page.getByRole('dialog').getByLabel('Comment').fill('Practise reading at home every day.');
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Comments at BE' })).toContainText(
    'Practise reading at home every day.',
  );
  await shoot(page, 'cbc-comment-bank');
});
