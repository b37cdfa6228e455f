import { expect, type Page, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

/**
 * SHOTS_DIR=/tmp/shots-fees keeps a screenshot of each state at 1280 and at 390 px wide (the
 * page is resized for the second and back), to be looked at; without it, nothing is written.
 */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** A school with 4 East (Wanjiru, Baraka) and 4 West (Chebet), in Term 3 of 2026. */
async function seedSchool(request: Parameters<typeof registerSchoolViaApi>[0]) {
  const school = await registerSchoolViaApi(request, 'Fees Academy');
  const { schoolId, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: '4 East', level: 'Form 4' }))
    .class;
  const west = (await post(`/classes/?school=${schoolId}`, { name: '4 West', level: 'Form 4' }))
    .class;
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  await post('/fees/terms/', {
    name: 'Term 3',
    academic_year: year.id,
    start_date: '2026-08-31',
    end_date: '2026-12-04',
  });
  const admit = async (classId: number, first_name: string, last_name: string, phone: string) =>
    (
      await post(`/classes/${classId}/add_student/`, {
        first_name,
        last_name,
        date_of_birth: '2009-05-14',
        gender: 'female',
        parent: { first_name: 'Grace', last_name, phone_number: phone },
      })
    ).student;
  const wanjiru = await admit(east.id, 'Wanjiru', 'Kamau', uniquePhone());
  const baraka = await admit(east.id, 'Baraka', 'Otieno', uniquePhone());
  const chebet = await admit(west.id, 'Chebet', 'Kiprop', uniquePhone());
  return { school, post, east, west, wanjiru, baraka, chebet };
}

test("a term's fee structure set in shillings and billed once, at 1280 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { school } = await seedSchool(request);
  await loginViaUi(page, school);

  // ── The fee structure ─────────────────────────────────────────────────────────────────────
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Fee structure' })
    .click();
  await expect(page.getByRole('heading', { name: 'Fee Categories' })).toBeVisible();
  await expect(page.getByText('No fee categories yet').first()).toBeVisible();
  await expect(page.getByLabel('Term')).toHaveValue(/\d+/);
  await shot(page, '01-structure-empty');

  await page.getByRole('button', { name: 'Add Fee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Fee Category' });
  await expect(dialog.getByText('Fill the details below to add a new fee category')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await expect(dialog.getByText('Category name is required')).toBeVisible();
  await expect(dialog.getByText('Duration is required')).toBeVisible();
  await expect(dialog.getByLabel('Amount for 4 East')).toBeDisabled();
  await shot(page, '02-add-fee-errors');

  await dialog.getByLabel('Category name').fill('Tuition');
  await dialog.getByLabel('Duration').selectOption('termly');
  await dialog.getByRole('checkbox', { name: '4 East' }).check();
  await dialog.getByLabel('Amount for 4 East').fill('15,000');
  await dialog.getByRole('checkbox', { name: '4 West' }).check();
  await dialog.getByLabel('Amount for 4 West').fill('14000.50');
  await shot(page, '03-add-fee-filled');
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Tuition for 4 East')).toHaveValue('15000');
  await expect(page.getByLabel('Tuition for 4 West')).toHaveValue('14000.50');

  await page.getByRole('button', { name: 'Add Fee' }).click();
  await dialog.getByLabel('Category name').fill('Activity');
  await dialog.getByLabel('Duration').selectOption('yearly');
  await dialog.getByLabel('Vote head').selectOption('activity');
  await dialog.getByRole('checkbox', { name: '4 East' }).check();
  await dialog.getByLabel('Amount for 4 East').fill('2500');
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await expect(dialog).toBeHidden();

  // The grid: 4 West's activity fee typed in, a wrong amount refused beside its box.
  const westActivity = page.getByLabel('Activity for 4 West');
  await westActivity.fill('2,5OO');
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await expect(
    page.getByText('Amount must be in shillings, like 12500 or 12,500.50'),
  ).toBeVisible();
  await westActivity.fill('2,500');
  await expect(page.getByRole('button', { name: 'Bill this term' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await expect(page.getByText('Fee structure saved')).toBeVisible();
  await expect(page.getByText('KES 17,500.00 a student')).toBeVisible();
  await expect(page.getByText('KES 16,500.50 a student')).toBeVisible();
  await shot(page, '04-structure-saved');

  await page.getByRole('button', { name: 'Bill this term' }).click();
  const bill = page.getByRole('dialog', { name: /^Bill Term 3/ });
  await shot(page, '05-bill-confirm');
  await bill.getByRole('button', { name: 'Bill students' }).click();
  await expect(
    page.getByText('Billed 3 students: 6 new charges, KES 51,500.50 in all.'),
  ).toBeVisible();
  await expect(page.getByText('billed to 2 students').first()).toBeVisible();
  await shot(page, '06-billed');
  // Billing again bills nothing new.
  await page.getByRole('button', { name: 'Bill this term' }).click();
  await bill.getByRole('button', { name: 'Bill students' }).click();
  await expect(page.getByText(/^Nothing new to bill/)).toBeVisible();
});
