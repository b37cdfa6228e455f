import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi } from '../support/school';

/** With SHOTS_DIR set, each state is photographed at 1280 and at 390 px wide. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** True when nothing on the page is wider than the screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('the setup wizard saves each step, resumes after a reload and finishes', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  await loginViaUi(page, school);

  // A new school's dashboard offers the wizard.
  await expect(page.getByRole('heading', { name: 'Set up your school' })).toBeVisible();
  await shoot(page, '01-dashboard-offer');
  await page.getByRole('link', { name: 'Start setup' }).click();
  await page.waitForURL('**/setup');

  // 1. Welcome.
  await expect(page.getByRole('heading', { name: 'Welcome to Shule' })).toBeVisible();
  await shoot(page, '02-welcome');
  await page.getByRole('button', { name: 'Get Started' }).click();

  // 2. Academic year: the field messages first, then saved.
  await expect(page.getByRole('heading', { name: 'Academic year' })).toBeVisible();
  await next(page);
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill('2026');
  await page.getByLabel('Start Date').fill('2026-01-05');
  await page.getByLabel('End Date').fill('2026-11-27');
  await shoot(page, '03-academic-year');
  await next(page);

  // 3. Terms, with "Add another term"; a term outside the year is refused by the server.
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
  const term1 = page.getByRole('listitem', { name: 'Term 1' });
  await expect(term1.getByLabel('Name')).toHaveValue('Term 1');
  await expect(term1.getByLabel('Start Date')).toHaveValue('2026-01-05');
  await term1.getByLabel('End Date').fill('2026-04-02');
  await page.getByRole('button', { name: 'Add another term' }).click();
  const term2 = page.getByRole('listitem', { name: 'Term 2' });
  await expect(term2.getByLabel('Name')).toHaveValue('Term 2');
  await term2.getByLabel('Start Date').fill('2026-04-27');
  await term2.getByLabel('End Date').fill('2026-12-20');
  await shoot(page, '04-terms');
  await next(page);
  await expect(term2.getByText(/must lie within its academic year 2026/)).toBeVisible();
  await term2.getByLabel('End Date').fill('2026-07-31');
  await next(page);

  // 4. Classes, then a reload: the wizard comes back at the classes step.
  await expect(page.getByRole('heading', { name: 'Classes' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Classes' })).toBeVisible();
  await expect(page.getByText('Step 4 of 6')).toBeHidden(); // the desktop shows the six steps
  await expect(page.getByRole('list', { name: 'Setup steps' })).toContainText('Classes');

  // Back to the terms: both were saved once (moving on again adds none).
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('listitem', { name: /^Term \d$/ })).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: 'Term 2' }).getByLabel('End Date')).toHaveValue(
    '2026-07-31',
  );
  await next(page);

  const class1 = page.getByRole('listitem', { name: 'Class 1' });
  await class1.getByLabel('Class Name').fill('Form 1 East');
  await class1.getByLabel('Level').fill('Form 1');
  await page.getByRole('button', { name: 'Add another class' }).click();
  const class2 = page.getByRole('listitem', { name: 'Class 2' });
  await expect(class2.getByLabel('Level')).toHaveValue('Form 1');
  await class2.getByLabel('Class Name').fill('Form 1 West');
  await page.getByRole('button', { name: 'Add another class' }).click();
  const class3 = page.getByRole('listitem', { name: 'Class 3' });
  await class3.getByLabel('Class Name').fill('Form 2');
  await class3.getByLabel('Level').fill('Form 2');
  await shoot(page, '05-classes');
  await next(page);

  // 5. Fees: a fee's name, duration, terms and each ticked class's amount.
  await expect(page.getByRole('heading', { name: 'Fee structures' })).toBeVisible();
  const fee1 = page.getByRole('listitem', { name: 'Fee 1' });
  await next(page);
  await expect(fee1.getByText('Duration is required')).toBeVisible();
  await expect(fee1.getByText('Category name is required')).toBeVisible();
  await fee1.getByLabel('Fee Category Name').fill('Tuition');
  await fee1.getByLabel('Duration').selectOption('termly');
  await fee1.getByLabel('Form 1 East amount').fill('12,500');
  await fee1.getByLabel('Form 1 West amount').fill('12500');
  await fee1.getByLabel('Form 2 amount').fill('13,000.50');
  await page.getByRole('button', { name: 'Add another fee' }).click();
  const fee2 = page.getByRole('listitem', { name: 'Fee 2' });
  await fee2.getByLabel('Fee Category Name').fill('Boarding');
  await fee2.getByLabel('Duration').selectOption('termly');
  await fee2.getByLabel('Vote Head').selectOption('boarding');
  await fee2.getByRole('checkbox', { name: 'Term 2' }).uncheck();
  await fee2.getByRole('checkbox', { name: 'Form 2' }).uncheck();
  await expect(fee2.getByLabel('Form 2 amount')).toBeDisabled();
  await fee2.getByLabel('Form 1 East amount').fill('9000');
  await fee2.getByLabel('Form 1 West amount').fill('abc');
  await next(page);
  await expect(
    fee2.getByText('Amount must be in shillings, like 12500 or 12,500.50'),
  ).toBeVisible();
  await fee2.getByLabel('Form 1 West amount').fill('9,000');
  await shoot(page, '06-fees');
  await next(page);

  // 6. Review: everything read back from what was saved.
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByText('2026: 5 Jan 2026 – 27 Nov 2026')).toBeVisible();
  await expect(page.getByText('Terms (2)')).toBeVisible();
  await expect(page.getByText('Classes (3)')).toBeVisible();
  await expect(page.getByText('(Termly; Term 1, Term 2)')).toBeVisible();
  await expect(page.getByText('Form 2 KES 13,000.50')).toBeVisible();
  await expect(page.getByText('(Termly; Term 1)')).toBeVisible();
  await expect(page.getByText('Form 1 East KES 9,000.00 · Form 1 West KES 9,000.00')).toBeVisible();

  // A reload keeps the review, and the fees step shows the fees as saved.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await shoot(page, '07-review');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('listitem', { name: /^Fee \d$/ })).toHaveCount(2);
  const savedBoarding = page.getByRole('listitem', { name: 'Fee 2' });
  await expect(savedBoarding.getByLabel('Fee Category Name')).toHaveValue('Boarding');
  await expect(savedBoarding.getByRole('checkbox', { name: 'Term 2' })).not.toBeChecked();
  await expect(savedBoarding.getByLabel('Form 1 West amount')).toHaveValue('9000');
  await expect(savedBoarding.getByLabel('Form 2 amount')).toBeDisabled();
  await next(page);

  // The fee structure's own endpoint holds what the wizard saved, term by term.
  const { headers } = await apiSession(request, school);
  const api = async (path: string) => (await request.get(`/api${path}`, { headers })).json();
  const [first, second] = (await api('/setup/')).terms;
  const cents = async (termId: number) =>
    ((await api(`/fees/structures/?term=${termId}`)).amounts as { amount_cents: number }[])
      .map((a) => a.amount_cents)
      .sort((a, b) => a - b);
  expect(await cents(first.id)).toEqual([900_000, 900_000, 1_250_000, 1_250_000, 1_300_050]);
  expect(await cents(second.id)).toEqual([1_250_000, 1_250_000, 1_300_050]);

  await page.getByRole('button', { name: 'Finish Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Setup complete' })).toBeVisible();
  const links = page.getByRole('list', { name: 'Where to go next' }).getByRole('link');
  await expect(links).toHaveCount(3);
  for (const [i, href] of ['/students', '/fees', '/dashboard'].entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', href);
  }
  await shoot(page, '08-complete');
  expect(await fitsWidth(page)).toBe(true);
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('stat-Total Classes')).toHaveText('3');
  await expect(
    page.getByRole('heading', { name: /Set up your school|Finish setting up/ }),
  ).toBeHidden();
  await page.goto('/setup');
  await expect(page.getByRole('heading', { name: 'Setup complete' })).toBeVisible();
});

test('a phone walks the wizard at 390 px and the dashboard says where setup stopped', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Bungoma High School');
  await loginViaUi(page, school);
  await page.goto('/setup');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText('Step 2 of 6: Academic year')).toBeVisible();
  await page.getByLabel('Name').fill('2026');
  await page.getByLabel('Start Date').fill('2026-01-05');
  await page.getByLabel('End Date').fill('2026-11-27');
  await next(page);
  await expect(page.getByText('Step 3 of 6: Terms')).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Finish setting up your school' })).toBeVisible();
  await expect(page.getByText('You stopped at step 3 of 6')).toBeVisible();
  await page.getByRole('link', { name: 'Continue setup' }).click();
  await expect(page.getByText('Step 3 of 6: Terms')).toBeVisible();
});
