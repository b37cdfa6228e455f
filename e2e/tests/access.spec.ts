import { expect, test } from '@playwright/test';
import {
  apiSession,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  uniquePhone,
} from '../support/school';

/** Screenshots of the screens, looked at by whoever changes them. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-access';
const ADMINS_ONLY = 'Only administrators can see this page';

/**
 * A teacher, added by the admin, signs in on a phone: the school's subjects and exams are there
 * to read, with no way to add or change them, and the fees page says it is for administrators.
 */
test('a teacher at 390 px reads the set-up without Add buttons, and /fees is for admins', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Nyeri High');
  const { schoolId, post } = await apiSession(request, school);
  const form1 = (
    await post(`/classes/?school=${schoolId}`, { name: 'Form 1 East', level: 'Form 1' })
  ).class;
  await post('/grades/subjects/', { name: 'Mathematics', code: 'MAT', classes: [form1.id] });
  await post('/grades/exams/', {
    name: 'Opener',
    start_date: '2026-01-12',
    end_date: '2026-01-16',
  });
  const phone = uniquePhone();
  const created = await post('/staff/teachers/', {
    first_name: 'Wanjiku',
    last_name: 'Mwangi',
    phone_number: phone,
    tsc_number: `TSC${phone.slice(-6)}`,
  });
  const password = /one-time password (\S+?);/.exec(created.message)?.[1];
  expect(password).toBeTruthy();

  await loginViaUi(page, await replaceOneTimePassword(request, phone, password!));

  await page.goto('/subjects');
  await expect(page.getByText('Mathematics').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('Form 1 East').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Add Subject/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/subjects-teacher-390.png`, fullPage: true });

  await page.goto('/exams');
  await expect(page.getByText('Opener').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Create New Exam/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);

  for (const path of ['/fees', '/fee_structure', '/audit_log', '/messages', '/setup']) {
    await page.goto(path);
    await expect(page.getByText(ADMINS_ONLY)).toBeVisible();
  }
  await page.goto('/fees');
  await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fees-teacher-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText(ADMINS_ONLY)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fees-teacher-1280.png`, fullPage: true });
  await page.goto('/subjects');
  await expect(page.getByText('Mathematics').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('Form 1 East').filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/subjects-teacher-1280.png`, fullPage: true });
});
