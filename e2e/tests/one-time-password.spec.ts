import { expect, test } from '@playwright/test';
import { loginViaUi, registerSchoolViaApi, signUpViaUi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';
import { nextCodeTo, smsTo } from '../support/sms';

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

test("a phone someone signed up with first: the admin adds it as a teacher, is told plainly, and the sign-up's password no longer reaches the school", async ({
  page,
  browser,
  request,
}) => {
  const phone = uniquePhone();
  await page.setViewportSize({ width: 390, height: 844 });
  // Someone signs up alone with the teacher's number (the one who does is not asked whose it is).
  await signUpViaUi(page, { first: 'Wanjiru', last: 'Kamau', phone, password: 'wanjiru2026' });
  const next = page.getByTestId('no-school');
  await expect(next.getByRole('link', { name: 'Register an institution' })).toBeVisible();
  await expect(next.getByTestId('own-phone')).toHaveText(phone);
  await shoot(page, 'no-school');

  // The school's admin adds the teacher with that phone, written as people write it.
  const school = await registerSchoolViaApi(request, 'Nyandarua High');
  const admin = await (await browser.newContext()).newPage();
  await loginViaUi(admin, school);
  await admin.goto('/teachers');
  await admin.getByRole('button', { name: 'Add Teacher' }).first().click();
  const addTeacher = admin.getByRole('dialog', { name: 'Add Teacher' });
  await addTeacher.getByLabel('First name').fill('Wanjiru');
  await addTeacher.getByLabel('Last name').fill('Kamau');
  await addTeacher.getByLabel('Phone number').fill(`+254 ${phone.slice(1, 4)} ${phone.slice(4)}`);
  await addTeacher.getByLabel('TSC Number').fill(`TSC${phone.slice(-6)}`);
  await addTeacher.getByRole('button', { name: 'Add Teacher' }).click();
  const said = addTeacher.getByRole('status');
  await expect(said).toContainText('This phone already had a Shule account');
  await expect(said).toContainText(`your school's teacher account for ${phone}`);
  await expect(said).toContainText('Its old password no longer works');
  const oneTimePassword = (await addTeacher.getByTestId('one-time-password').textContent())!;
  expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{10}$/);
  await shoot(admin, 'add-teacher-existing-account');
  await admin.context().close();

  // The sign-up's own session and password are over.
  await page.goto('/students');
  await page.waitForURL('**/login');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Password').fill('wanjiru2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Login Failed. Please check phone number and password',
  );

  // The teacher signs in with the one-time password, chooses their own, and is told once.
  await loginViaUi(page, { phone, password: oneTimePassword });
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await page.getByLabel('One-time password').fill(oneTimePassword);
  await page.getByLabel('New password', { exact: true }).fill('teacher-2026');
  await page.getByLabel('Repeat new password').fill('teacher-2026');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.waitForURL('**/dashboard');
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
  await page.getByLabel('Primary (Grade 1–6)').check();
  await page.getByLabel('County *').fill('Machakos');
  await page.getByLabel('Postal code *').fill('90100');
  await page.getByLabel('Phone *', { exact: true }).fill('0720123499');
  await page.getByLabel('Year established *').fill('2010');
  await page.getByLabel('Password *', { exact: true }).fill('baraka2026');
  await page.getByLabel('Repeat password *').fill('baraka2026');
  await shoot(page, 'register-own-account');
  const before = (await smsTo(phone)).length;
  await page.getByRole('button', { name: 'Register institution' }).click();
  // The code sent to the admin phone finishes the registration.
  await page.getByLabel('Code from the SMS').fill(await nextCodeTo(phone, before));
  await page.getByRole('button', { name: 'Register institution' }).click();

  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('school-name')).toHaveText('Machakos Academy');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('admin');
  await expect(page.getByTestId('no-school')).toHaveCount(0);
});
