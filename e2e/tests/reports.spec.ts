import { expect, test } from '@playwright/test';
import { seedForm4 } from '../support/results';
import { loginViaUi, registerSchoolViaApi } from '../support/school';
import { shoot } from '../support/shots';

test('a new school on a phone: Reports says what to enter first, and where', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Kisii School');
  await loginViaUi(page, school);
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByText(/No exam yet/)).toBeVisible();
  await expect(page.getByText(/No class yet — add the school's classes on/)).toBeVisible();
  await expect(page.getByText(/No payment recorded yet/)).toBeVisible();
  await shoot(page, 'reports-empty');
  await page.getByRole('main').getByRole('link', { name: 'Classes', exact: true }).click();
  await expect(page).toHaveURL(/\/classes$/);
});

test("an exam's report forms, opened from Reports in the sidebar", async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Kapsabet Boys');
  const { east, exam } = await seedForm4(request, school);
  await loginViaUi(page, school);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page.getByLabel('Exam')).toHaveValue(String(exam.id));
  await expect(page.getByRole('link', { name: 'All of Form 4' })).toHaveCount(2);
  await shoot(page, 'reports-data');
  await page.getByRole('link', { name: 'Open report forms' }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}\\?class=${east.id}$`));
  await expect(page.getByRole('button', { name: 'Report forms for this class' })).toBeEnabled();
});
