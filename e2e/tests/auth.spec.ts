import { expect, test } from '@playwright/test';
import { loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';
import { nextCodeTo, smsTo } from '../support/sms';

test('register a school, see its dashboard, log out, and be sent to /login from a protected route', async ({
  page,
}) => {
  const adminPhone = uniquePhone();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register_institution$/);
  await expect(
    page.getByRole('heading', { name: 'Welcome, create your Institution account' }),
  ).toBeVisible();

  await page.getByLabel('Institution name *').fill('Lenana School');
  await page.getByLabel('Type *').selectOption('County School');
  await page.getByLabel('Senior School / Secondary (Grade 10–12, Form 1–4)').check();
  await page.getByLabel('County *').fill('Nairobi');
  await page.getByLabel('Postal code *').fill('00100');
  await page.getByLabel('Phone *', { exact: true }).fill('0720123456');
  await page.getByLabel('Year established *').fill('1949');
  await page.getByLabel('First name *').fill('Peter');
  await page.getByLabel('Last name *').fill('Kamau');
  await page.getByLabel('Admin phone *').fill(adminPhone);
  await page.getByLabel('Password *', { exact: true }).fill('secret123');
  await page.getByLabel('Repeat password *').fill('secret123');
  await shoot(page, 'registration-form');
  await page.getByRole('button', { name: 'Register institution' }).click();

  // A code goes to the admin phone; with it the school is made and the admin signed in.
  const codeStep = page.getByTestId('code-step');
  await expect(codeStep).toContainText(`We sent an SMS to ${adminPhone}`);
  await shoot(page, 'registration-code');
  await codeStep.getByLabel('Code from the SMS').fill('000000');
  await codeStep.getByRole('button', { name: 'Register institution' }).click();
  await expect(codeStep.getByText(/That code is not right|That code was tried/)).toBeVisible();
  await codeStep.getByLabel('Code from the SMS').fill(await nextCodeTo(adminPhone, 0));
  await codeStep.getByRole('button', { name: 'Register institution' }).click();

  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('school-name')).toHaveText('Lenana School');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Peter');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('admin');
  await expect(page.getByTestId('stat-Total Students')).toHaveText('0');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(
    await page.evaluate(() => [
      localStorage.getItem('access_token'),
      localStorage.getItem('refresh_token'),
      localStorage.getItem('school_info'),
    ]),
  ).toEqual([null, null, null]);

  await page.goto('/students');
  await expect(page).toHaveURL(/\/login$/);
});

test('registration shows each field message as it is typed and refuses to submit with errors', async ({
  page,
}) => {
  await page.goto('/register_institution');
  await page.getByLabel('Phone *', { exact: true }).fill('12345');
  await expect(page.getByText("Phone number must be 10 digits starting with '0'")).toBeVisible();
  await page.getByLabel('Year established *').fill('2999');
  await expect(page.getByText('Enter valid year')).toBeVisible();
  await page.getByRole('button', { name: 'Register institution' }).click();
  await expect(page.getByText('Input Error')).toBeVisible();
  await expect(page).toHaveURL(/\/register_institution$/);
});

test('a failed login shows the banner; a good one shows the toast and the dashboard', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Alliance High School');
  await page.goto('/login');
  // The form's rules load after the page, as the user starts: they still stop an empty form.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Phone Number').fill(school.phone);
  await page.getByLabel('Password').fill('wrong-password1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Login Failed. Please check phone number and password',
  );

  await page.getByLabel('Password').fill(school.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('school-name')).toHaveText('Alliance High School');

  // A signed-in user who opens /login goes straight back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-up checks its fields and creates an account with the code sent to the phone', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByText('All fields have to be filled and valid').first()).toBeVisible();

  await page.getByLabel('First name').fill('Mary');
  await page.getByLabel('Last name').fill('Atieno');
  await page.getByLabel('Username').fill('mary');
  const phone = uniquePhone();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Repeat Password').fill('secret124');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByText('Passwords have to match')).toBeVisible();

  await page.getByLabel('Repeat Password').fill('secret123');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByTestId('code-step')).toContainText(`We sent an SMS to ${phone}`);
  await shoot(page, 'signup-code');
  await page.getByLabel('Code from the SMS').fill(await nextCodeTo(phone, 0));
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.waitForURL('**/dashboard');
  // A plain account has no school yet: the dashboard says what to do next.
  await expect(page.getByRole('link', { name: 'Register an institution' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer opens with the mobile-only links and navigates', async ({ page, request }) => {
    const school = await registerSchoolViaApi(request, 'Starehe Boys Centre');
    await loginViaUi(page, school);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Fee analytics' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Reports' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Results' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Academic Years' }).click();
    await expect(page).toHaveURL(/\/academic_years$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test('two devices: a logout on one leaves the other signed in; a new password on one signs the other out', async ({
  browser,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Alliance High School');
  const phone = await (await browser.newContext()).newPage();
  const laptop = await (await browser.newContext()).newPage();
  await loginViaUi(phone, school);
  await loginViaUi(laptop, school);
  const accessOf = (page: typeof phone) =>
    page.evaluate(() => localStorage.getItem('access_token'));

  // The logout ends the phone's session only: the laptop's access token goes on working.
  const before = await accessOf(laptop);
  await phone.getByRole('button', { name: 'User menu' }).click();
  await phone.getByRole('menuitem', { name: 'Logout' }).click();
  await phone.waitForURL('**/login');
  await laptop.goto('/dashboard');
  await expect(laptop.getByTestId('school-name')).toHaveText('Alliance High School');
  expect(await accessOf(laptop)).toBe(before);

  // A new password on the laptop: the phone, signed in again, is sent to /login on its next page.
  await loginViaUi(phone, school);
  await laptop.getByRole('button', { name: 'User menu' }).click();
  await laptop.getByRole('menuitem', { name: 'My Account' }).click();
  await laptop.getByLabel('Current password').fill(school.password);
  await laptop.getByLabel('New password', { exact: true }).fill('alliance2026');
  await laptop.getByLabel('Repeat new password').fill('alliance2026');
  await laptop.getByRole('button', { name: 'Change password' }).click();
  await expect(laptop.getByText('Your password has been changed')).toBeVisible();

  await phone.goto('/dashboard');
  await phone.waitForURL('**/login');
  expect(await accessOf(phone)).toBeNull();
  // The laptop stays signed in.
  await laptop.goto('/dashboard');
  await expect(laptop.getByTestId('school-name')).toHaveText('Alliance High School');
});

test('a reload while the session is being refreshed keeps the user signed in', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Maseno School');
  await loginViaUi(page, school);
  // The server rotates the refresh token, but the page is gone before the answer arrives.
  let reachedServer!: () => void;
  const rotated = new Promise<void>((resolve) => {
    reachedServer = resolve;
  });
  await page.route('**/api/token/refresh/', async (route) => {
    await route.fetch();
    reachedServer();
    await route.abort();
  });
  // An access token the server refuses (as one past its 15 minutes): the next request refreshes.
  await page.evaluate(() => localStorage.setItem('access_token', 'no-longer-valid'));
  await page.reload();
  await rotated;
  await page.unroute('**/api/token/refresh/');

  // The next page presents the token it still holds, and stays signed in.
  await page.goto('/dashboard');
  await expect(page.getByTestId('school-name')).toHaveText('Maseno School');
});

test('sign-up with a number that has an account looks the same on screen; its owner gets an SMS', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kapsabet Boys');
  const before = (await smsTo(school.phone)).length;
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Eve');
  await page.getByLabel('Last name').fill('Probe');
  await page.getByLabel('Username').fill('eve');
  await page.getByLabel('Phone number').fill(school.phone);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Repeat Password').fill('secret123');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByTestId('code-step')).toContainText(
    `We sent an SMS to ${school.phone}. Enter the code it holds to finish creating your account.`,
  );
  await expect
    .poll(async () => (await smsTo(school.phone)).slice(before), { timeout: 15_000 })
    .toEqual([expect.stringMatching(/^Someone tried to create a Shule account with this number/)]);
});
