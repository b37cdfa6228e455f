import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi } from '../support/school';
import { shoot } from '../support/shots';

/**
 * A junior school on a phone: its Grade 7 starts with the nine learning areas, the admin adds a
 * strand by hand and imports the rest from a CSV (a wrong row refused in words first), and
 * Form 4 beside it stays on 8-4-4 with no learning areas.
 */
test('a CBC level’s learning areas and strands, by hand and from a CSV, at 390 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Kilimani Junior School');
  const { post, schoolId } = await apiSession(request, school);
  await post(`/classes/?school=${schoolId}`, { name: '7 East', level: 'Grade 7' });
  await post(`/classes/?school=${schoolId}`, { name: '4 East', level: 'Form 4' });
  await loginViaUi(page, school);

  await page.goto('/classes');
  const levels = page.getByRole('region', { name: 'Levels and curricula' });
  await expect(levels.getByLabel('Curriculum of Form 4')).toHaveValue('8-4-4');
  await expect(levels.getByRole('link', { name: 'Learning areas of Form 4' })).toHaveCount(0);
  await levels.getByRole('link', { name: 'Learning areas of Grade 7' }).click();

  await expect(page.getByRole('heading', { name: 'Grade 7: learning areas' })).toBeVisible();
  const areas = page.getByRole('list', { name: 'Learning areas' });
  await expect(areas.getByRole('listitem')).toHaveCount(9);
  await areas.getByRole('button', { name: /^Mathematics/ }).click();
  const add = page.getByRole('form', { name: 'Add a strand to Mathematics' });
  await add.getByLabel('Strand', { exact: true }).fill('Numbers');
  await add.getByLabel('Sub-strand (optional)').fill('Integers');
  await add.getByRole('button', { name: 'Add strand' }).click();
  await expect(page.getByRole('list', { name: 'Strands of Mathematics' })).toContainText(
    'Numbers: Integers',
  );
  await expect(areas.getByRole('button', { name: /^Mathematics/ })).toContainText('1 strand');
  await shoot(page, 'cbc-learning-areas');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  await page.getByRole('link', { name: 'Import strands' }).click();
  const csv = (fixed: boolean) =>
    [
      'Learning area,Grade,Strand,Sub-strand',
      'Mathematics,Grade 7,Numbers,Integers',
      'Mathematics,7,Numbers,Fractions',
      `${fixed ? 'Integrated Science' : 'Integrated Sciences'},Grade 7,Mixtures,Acids and bases`,
    ].join('\r\n');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'strands.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(false)) });
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByText(/2\s+ready,\s+1\s+with problems/)).toBeVisible();
  await expect(page.getByTestId('import-row-4')).toContainText(
    'Grade 7 has no learning area Integrated Sciences: add it first',
  );
  await expect(page.getByTestId('import-row-4')).toContainText('Mixtures');
  await shoot(page, 'cbc-strand-import-problems');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'strands.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(true)) });
  await expect(page.getByText(/3\s+ready,\s+0\s+with problems/)).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 strands' }).click();

  await expect(page.getByRole('heading', { name: 'Grade 7: learning areas' })).toBeVisible();
  await expect(page.getByText('Imported 2 strands')).toBeVisible();
  await areas.getByRole('button', { name: /^Integrated Science/ }).click();
  await expect(page.getByRole('list', { name: 'Strands of Integrated Science' })).toContainText(
    'Mixtures: Acids and bases',
  );
  await expect(areas.getByRole('button', { name: /^Mathematics/ })).toContainText('2 strands');
});
