import { mkdir } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

/** Screenshots of the screens, looked at by whoever changes them. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-students';

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const admit = (first_name: string) => ({
  first_name,
  last_name: 'Wekesa',
  date_of_birth: '2011-04-09',
  gender: 'female',
  parent: { first_name: 'Rose', last_name: 'Wekesa', phone_number: uniquePhone() },
});

/**
 * An admin puts a student's name right, moves her to the other stream, marks her as left (she
 * is then under Left with the day and the reason, not under Active) and rejoins her.
 */
test('an admin edits, moves, marks as left and rejoins a student', async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Bungoma Girls');
  const { schoolId, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: '2 East', level: 'Form 2' }))
    .class;
  await post(`/classes/?school=${schoolId}`, { name: '2 West', level: 'Form 2' });
  const { student } = await post(`/classes/${east.id}/add_student/`, admit('Nafula'));

  await loginViaUi(page, school);
  await page.goto(`/students/${student.id}`);
  await page.getByRole('button', { name: 'Edit student' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit student' });
  await edit.getByLabel('First name').fill('Naliaka');
  await edit.getByLabel('Class').selectOption({ label: '2 West' });
  await expect(edit.getByText('Marks already entered stay with the class')).toBeVisible();
  await shoot(page, 'edit-dialog');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Naliaka Wekesa is now in 2 West.')).toBeVisible();
  await expect(page.getByText('Naliaka Wekesa').first()).toBeVisible();
  await expect(page.getByText('2 West').first()).toBeVisible();

  await page.getByRole('button', { name: 'Mark as left' }).click();
  const leave = page.getByRole('dialog', { name: 'Mark Naliaka Wekesa as left?' });
  await leave.getByLabel('Reason').selectOption({ label: 'Transferred to another school' });
  await leave.getByRole('button', { name: 'Mark as left' }).click();
  await expect(leave).toBeHidden();
  await expect(
    page.getByText(/^Naliaka Wekesa left on .*: Transferred to another school\.$/),
  ).toBeVisible();
  await expect(page.getByText(/Left .* · Transferred to another school/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rejoin' })).toBeVisible();
  await shoot(page, 'left-student');

  await page.goto('/students');
  await expect(page.getByText('No student added to this class yet')).toBeVisible();
  await page.getByLabel('Show', { exact: true }).selectOption('left');
  const row = page.getByTestId('student-row').filter({ hasText: 'Naliaka Wekesa' });
  await expect(row).toContainText('Transferred to another school');
  await shoot(page, 'students-left');
  await row.getByRole('button', { name: 'Naliaka Wekesa' }).click();
  await page.getByRole('link', { name: /View Full Profile/i }).click();

  await page.getByRole('button', { name: 'Rejoin' }).click();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await page.goto('/students');
  await expect(page.getByTestId('student-row').filter({ hasText: 'Naliaka Wekesa' })).toContainText(
    '2 West',
  );
});

/**
 * At the year's end the admin promotes Form 4 to alumni, then Form 1 to Form 2 from the
 * /classes page: the preview pairs the streams, the confirmation counts the students.
 */
test('an admin promotes a level with a preview', async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  const { schoolId, post } = await apiSession(request, school);
  const cls = async (name: string, level: string) =>
    (await post(`/classes/?school=${schoolId}`, { name, level })).class;
  const east1 = await cls('1 East', 'Form 1');
  const west1 = await cls('1 West', 'Form 1');
  await cls('2 East', 'Form 2');
  await cls('2 West', 'Form 2');
  const form4 = await cls('4 North', 'Form 4');
  for (const [first, c] of [
    ['Achieng', east1],
    ['Barasa', east1],
    ['Chepkoech', west1],
    ['Dida', form4],
  ] as const) {
    await post(`/classes/${c.id}/add_student/`, admit(first));
  }

  await loginViaUi(page, school);
  await page.goto('/classes');
  await page.getByRole('link', { name: 'Promote students to the next level' }).click();
  await expect(page.getByRole('heading', { name: 'Promote students' })).toBeVisible();

  await page.getByLabel('Level').selectOption('Form 4');
  await expect(page.getByText('Form 4 is the last level')).toBeVisible();
  await expect(page.getByLabel('Where 4 North goes')).toHaveValue('alumni');
  await page.getByRole('button', { name: 'Promote Form 4' }).click();
  const confirm4 = page.getByRole('alertdialog', { name: 'Promote Form 4?' });
  await expect(confirm4).toContainText('Send 1 student to alumni');
  await confirm4.getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByText('1 student left as alumni.').first()).toBeVisible();

  await page.getByLabel('Level').selectOption('Form 1');
  await expect(page.getByText('goes up to')).toBeVisible();
  const rows = page.getByTestId('promotion-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('2 active students');
  await expect(page.getByLabel('Where 1 East goes').locator('option:checked')).toHaveText(
    '2 East (Form 2)',
  );
  await expect(page.getByLabel('Where 1 West goes').locator('option:checked')).toHaveText(
    '2 West (Form 2)',
  );
  await shoot(page, 'promotion-preview');
  await page.getByRole('button', { name: 'Promote Form 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Promote Form 1?' });
  await expect(confirm).toContainText('Move 3 students of Form 1 up to their new classes?');
  await confirm.getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByText('Moved 3 students to their new classes.').first()).toBeVisible();
  await expect(rows.nth(0)).toContainText('0 active students');

  await page.goto('/students');
  await expect(page.getByTestId('student-row').filter({ hasText: 'Achieng' })).toContainText(
    '2 East',
  );
});
