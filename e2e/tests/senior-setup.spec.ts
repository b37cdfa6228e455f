import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi } from '../support/school';
import { shoot } from '../support/shots';

/**
 * The admin of a secondary school with a Grade 10 stream, on a phone, records the two
 * combinations the Ministry approved for it, and is told why a third one is not allowed.
 */
test('an admin sets up two combinations and sees a wrong one refused', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kapsabet Boys High School');
  const { post, schoolId } = await apiSession(request, school);
  await post(`/classes/?school=${schoolId}`, { name: '10 East', level: 'Grade 10' });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaUi(page, school);
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Senior school' }).click();
  await expect(page.getByRole('heading', { name: 'Senior school', level: 1 })).toBeVisible();
  const stem = page.getByRole('region', { name: 'STEM' });
  await expect(stem.getByText('Pure Sciences')).toBeVisible();
  await expect(page.getByText('No combinations yet')).toBeVisible();

  const add = async (subjects: string[], capacity?: string) => {
    await page.getByRole('button', { name: 'Add combination' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add combination' });
    await dialog.getByLabel('Pathway').selectOption({ label: 'STEM' });
    for (const [i, label] of ['First elective', 'Second elective', 'Third elective'].entries()) {
      await dialog.getByLabel(label).selectOption({ label: subjects[i]! });
    }
    if (capacity) await dialog.getByLabel('Capacity (optional)').fill(capacity);
    await dialog.getByRole('button', { name: 'Add' }).click();
    return dialog;
  };

  const list = page.getByRole('list', { name: 'Combinations' });
  await expect(await add(['Biology', 'Chemistry', 'Physics'], '90')).toHaveCount(0);
  await expect(list.getByText('BIO/CHE/PHY')).toBeVisible();
  await expect(list.getByText('Capacity 90 · 0 learners')).toBeVisible();
  await expect(await add(['Biology', 'Chemistry', 'Geography'])).toHaveCount(0);
  await expect(list.getByText('BIO/CHE/GEO')).toBeVisible();

  const wrong = await add(['Physics', 'Geography', 'History and Citizenship']);
  await expect(
    wrong.getByText(
      'At most one elective may come from outside STEM: Geography and History and Citizenship are not STEM subjects',
    ),
  ).toBeVisible();
  await shoot(page, 'senior-setup-refused');
  await wrong.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  // The refusal's toast is the shared toast's (its own contrast is not this screen's to judge).
  while ((await page.getByRole('button', { name: 'Dismiss' }).count()) > 0) {
    await page.getByRole('button', { name: 'Dismiss' }).first().click();
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`),
  ).toEqual([]);
  await shoot(page, 'senior-setup');
});
