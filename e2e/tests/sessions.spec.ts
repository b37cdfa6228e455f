import { expect, test } from '@playwright/test';
import { loginViaUi, registerSchoolViaApi } from '../support/school';

test('two devices: each sees both sessions, and one signs the other out', async ({
  browser,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  const laptopContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const laptop = await laptopContext.newPage();
  const phone = await phoneContext.newPage();
  await loginViaUi(phone, school);
  await loginViaUi(laptop, school);

  await laptop.goto('/account');
  const card = laptop.getByRole('region', { name: "Where you're signed in" });
  const rows = card.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(card.getByText('This device')).toHaveCount(1);
  await laptop.screenshot({ path: 'test-results/sessions-1280.png', fullPage: true });

  await phone.goto('/account');
  await expect(phone.getByRole('heading', { name: "Where you're signed in" })).toBeVisible();
  await expect(phone.getByText('This device')).toBeVisible();
  await phone.screenshot({ path: 'test-results/sessions-390.png', fullPage: true });

  // The laptop signs the phone out: the one row without "This device".
  await rows.getByRole('button', { name: /^Sign out / }).click();
  await expect(laptop.getByText(/signed out$/)).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The phone is sent to sign in on its next page; the laptop carries on.
  await phone.goto('/dashboard');
  await phone.waitForURL('**/login');
  expect(await phone.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await laptop.goto('/dashboard');
  await expect(laptop.getByTestId('school-name')).toHaveText('Kakamega School');

  // Sign out everywhere, confirmed: the laptop goes to sign in too.
  await laptop.goto('/account');
  await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
  await laptop
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await laptop.waitForURL('**/login');

  await laptopContext.close();
  await phoneContext.close();
});
