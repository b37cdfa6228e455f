import { expect, test } from '@playwright/test';
import {
  apiToken,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  TEACHER_OWN_PASSWORD,
  uniquePhone,
} from '../support/school';

test('a teacher changes their password under My Account', async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Maseno School');
  const { token } = await apiToken(request, school);
  const phone = uniquePhone();
  const created = await request.post('/api/staff/teachers/', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Otieno', last_name: 'Were', phone_number: phone, tsc_number: 'TSC778899' },
  });
  expect(created.status()).toBe(201);
  const oneTimePassword = /one-time password (\S+?);/.exec((await created.json()).message)?.[1];
  expect(oneTimePassword).toBeTruthy();

  await loginViaUi(page, await replaceOneTimePassword(request, phone, oneTimePassword!));
  await expect(page.getByText('No classes assigned yet')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();

  await page.getByLabel('Current password').fill('wrong-one-1');
  await page.getByLabel('New password', { exact: true }).fill('maseno2026');
  await page.getByLabel('Repeat new password').fill('maseno2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct').first()).toBeVisible();

  await page.getByLabel('Current password').fill(TEACHER_OWN_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await loginViaUi(page, { phone, password: 'maseno2026' });
  await expect(page.getByTestId('school-name')).toHaveText('Maseno School');
});
