import { expect, test } from '@playwright/test';
import { apiToken, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';
import { nextCodeTo, smsTo } from '../support/sms';

/**
 * An admin who forgot their password, on a phone: "Forgot password?" on the login screen, the
 * phone, the code the SMS brings (read from the e2e server's fake gateway), a new password
 * twice, and they are in; the old password and every other session are over.
 */
test('forgot password: phone, code by SMS, new password, signed in; other sessions end', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Forgetful Academy');
  const elsewhere = await apiToken(request, school);

  await page.goto('/login');
  await shoot(page, 'login-with-forgot-link');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot_password$/);
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await shoot(page, 'forgot-password-phone');

  const before = (await smsTo(school.phone)).length;
  // The phone as people write it.
  await page.getByLabel('Phone Number').fill(`+254${school.phone.slice(1)}`);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const step = page.getByTestId('new-password-step');
  await expect(step).toContainText(
    `If ${school.phone} has a Shule account, a code is on its way to it by SMS.`,
  );
  const code = await nextCodeTo(school.phone, before);
  const [sms] = (await smsTo(school.phone)).slice(before);
  expect(sms).toBe(
    `${code} is your code to reset your Shule password. It expires in 5 minutes. Do not share it.`,
  );

  // A wrong code, then passwords that differ: each said beside its field.
  await step.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
  await step.getByLabel('New password', { exact: true }).fill('remembered2026');
  await step.getByLabel('Repeat new password').fill('remembered2026');
  await step.getByRole('button', { name: 'Set new password' }).click();
  await expect(step.getByText('That code is not right')).toBeVisible();
  await shoot(page, 'forgot-password-code');
  await step.getByLabel('Code from the SMS').fill(code);
  await step.getByLabel('Repeat new password').fill('remembered2027');
  await step.getByRole('button', { name: 'Set new password' }).click();
  await expect(step.getByText('Passwords have to match')).toBeVisible();
  await step.getByLabel('Repeat new password').fill('remembered2026');
  await step.getByRole('button', { name: 'Set new password' }).click();

  await page.waitForURL('**/dashboard');
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page.getByTestId('school-name')).toHaveText('Forgetful Academy');

  // The session of another device is over, and so is the old password.
  const other = await request.get('/api/users/user/', {
    headers: { authorization: `Bearer ${elsewhere.token}` },
  });
  expect(other.status()).toBe(401);
  const refreshed = await request.post('/api/token/refresh/', {
    data: { refresh: elsewhere.refresh },
  });
  expect(refreshed.status()).toBe(401);
  const old = await request.post('/api/users/login/', {
    data: { username: school.phone, password: school.password },
  });
  expect(old.status()).toBe(401);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await loginViaUi(page, { phone: school.phone, password: 'remembered2026' });
});

test('forgot password for a number without an account: the same answer, and no SMS', async ({
  page,
}) => {
  const nobody = uniquePhone();
  await page.goto('/forgot_password');
  await page.getByLabel('Phone Number').fill(nobody);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByTestId('new-password-step')).toContainText(
    `If ${nobody} has a Shule account, a code is on its way to it by SMS.`,
  );
  // Give the outbox worker the time it takes to send one.
  await page.waitForTimeout(2_500);
  expect(await smsTo(nobody)).toEqual([]);
});
