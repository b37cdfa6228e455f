import { expect, type Page, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/** Signs up alone on /signup (an account without a school) and waits for the dashboard. */
async function signUpViaUi(
  page: Page,
  person: { first: string; last: string; phone: string; password: string },
) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(person.first);
  await page.getByLabel('Last name').fill(person.last);
  await page.getByLabel('Username').fill(person.first.toLowerCase());
  await page.getByLabel('Phone number').fill(person.phone);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Repeat Password').fill(person.password);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.waitForURL('**/dashboard');
}

test('a teacher signs in with the one-time password the admin was shown, must change it first, then reaches the dashboard', async ({
  page,
  browser,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  await loginViaUi(page, school);

  // The admin adds the teacher and is shown the one-time password once.
  await page.goto('/teachers');
  await page.getByRole('button', { name: 'Add Teacher' }).first().click();
  const addTeacher = page.getByRole('dialog', { name: 'Add Teacher' });
  await addTeacher.getByLabel('First name').fill('Akinyi');
  await addTeacher.getByLabel('Last name').fill('Odera');
  const phone = uniquePhone();
  await addTeacher.getByLabel('Phone number').fill(phone);
  await addTeacher.getByLabel('TSC Number').fill('TSC445566');
  await addTeacher.getByRole('button', { name: 'Add Teacher' }).click();
  const oneTimePassword = (await addTeacher.getByTestId('one-time-password').textContent())!;
  await page.keyboard.press('Escape');

  // The teacher, on a phone: the change screen and nothing else.
  const teacherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const teacher = await teacherContext.newPage();
  await loginViaUi(teacher, { phone, password: oneTimePassword });
  await expect(teacher.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(teacher).toHaveTitle('Choose your own password · Shule');
  await expect(teacher.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await shoot(teacher, 'password-change');
  // Another address shows the same screen.
  await teacher.goto('/students');
  await expect(teacher.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();

  await teacher.getByLabel('One-time password').fill(oneTimePassword);
  await teacher.getByLabel('New password', { exact: true }).fill('kakamega2026');
  await teacher.getByLabel('Repeat new password').fill('kakamega2026');
  await teacher.getByRole('button', { name: 'Save and continue' }).click();
  await teacher.waitForURL('**/dashboard');
  await expect(teacher.getByRole('heading', { name: 'Welcome, Akinyi' })).toBeVisible();
  await expect(teacher.getByTestId('school-name')).toHaveText('Kakamega School');

  // Signed in again with the new password, no change screen.
  await teacher.getByRole('button', { name: 'User menu' }).click();
  await teacher.getByRole('menuitem', { name: 'Logout' }).click();
  await teacher.waitForURL('**/login');
  await loginViaUi(teacher, { phone, password: 'kakamega2026' });
  await expect(teacher.getByRole('heading', { name: 'Welcome, Akinyi' })).toBeVisible();

  // The admin resets the password: asked first, then shown once; the teacher is signed out.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Actions for Akinyi Odera' }).click();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  const confirm = page.getByRole('alertdialog', { name: "Reset Akinyi Odera's password?" });
  await expect(confirm).toContainText('signed out everywhere');
  await confirm.getByRole('button', { name: 'Reset password' }).click();
  const shown = page.getByRole('dialog', { name: 'New password for Akinyi Odera' });
  const newPassword = (await shown.getByTestId('one-time-password').textContent())!;
  expect(newPassword).toMatch(/^[A-Za-z0-9]{10}$/);
  await expect(shown.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await shoot(page, 'reset-password');
  await page.keyboard.press('Escape');

  await teacher.goto('/students');
  await teacher.waitForURL('**/login');
  await loginViaUi(teacher, { phone, password: newPassword });
  await expect(teacher.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await teacherContext.close();
});

test('a person who signed up alone sees what to do next, is added by phone, and is told so at sign-in', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaUi(page, { first: 'Wanjiru', last: 'Kamau', phone, password: 'wanjiru2026' });

  const next = page.getByTestId('no-school');
  await expect(next.getByRole('link', { name: 'Register an institution' })).toBeVisible();
  await expect(next.getByTestId('own-phone')).toHaveText(phone);
  await shoot(page, 'no-school');

  // The school's admin adds them with that phone: linked, no password made.
  const school = await registerSchoolViaApi(request, 'Nyandarua High');
  const { post } = await apiSession(request, school);
  const added = await post('/staff/teachers/', {
    first_name: 'Wanjiru',
    last_name: 'Kamau',
    phone_number: phone,
    tsc_number: `TSC${phone.slice(-6)}`,
  });
  expect(added.linked_existing_account).toBe(true);
  expect(added.message).toContain('sign in with their own password');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await loginViaUi(page, { phone, password: 'wanjiru2026' });
  await expect(page.getByTestId('sign-in-notice')).toHaveText(
    'You were added as a teacher at Nyandarua High',
  );
  await expect(page.getByTestId('school-name')).toHaveText('Nyandarua High');
  await expect(page.getByTestId('no-school')).toHaveCount(0);
  await shoot(page, 'linked-notice');
});

test('a person who signed up alone registers their institution with their own account', async ({
  page,
}) => {
  const phone = uniquePhone();
  await signUpViaUi(page, { first: 'Baraka', last: 'Mutua', phone, password: 'baraka2026' });

  await page.getByRole('link', { name: 'Register an institution' }).click();
  await expect(page).toHaveURL(/\/register_institution$/);
  // Their own account is filled in; they give its password.
  await expect(page.getByLabel('Admin phone *')).toHaveValue(phone);
  await expect(page.getByLabel('First name *')).toHaveValue('Baraka');
  // Signed in already: no "Already registered? Login" for them.
  await expect(page.getByText('Already registered?')).toHaveCount(0);
  await page.getByLabel('Institution name *').fill('Machakos Academy');
  await page.getByLabel('Type *').selectOption('IPS');
  await page.getByLabel('County *').fill('Machakos');
  await page.getByLabel('Postal code *').fill('90100');
  await page.getByLabel('Phone *', { exact: true }).fill('0720123499');
  await page.getByLabel('Year established *').fill('2010');
  await page.getByLabel('Password *', { exact: true }).fill('baraka2026');
  await page.getByLabel('Repeat password *').fill('baraka2026');
  await shoot(page, 'register-own-account');
  await page.getByRole('button', { name: 'Register institution' }).click();

  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('school-name')).toHaveText('Machakos Academy');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('admin');
  await expect(page.getByTestId('no-school')).toHaveCount(0);
});
