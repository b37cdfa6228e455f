import { expect, test } from '@playwright/test';
import {
  apiSession,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  uniquePhone,
} from '../support/school';
import { shoot } from '../support/shots';

const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

/** `date` moved by `days`, as yyyy-mm-dd. */
function shift(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today when it is a school day, else the last weekday before it. */
function lastSchoolDay() {
  let date = TODAY;
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = shift(date, -1);
  return date;
}

/**
 * The daily register on a phone: the admin takes a class's register (everyone present, then one
 * absent with a note and one late), saves, finds it kept after a reload, and sees the
 * dashboard's attendance rate go from "No register taken" to 75%. On a weekend the register of
 * the last weekday is taken through ?date=, and the term's rate is checked instead of today's.
 */
test("taking a class's register at 390 px, and the dashboard's rate", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Nyeri Girls');
  const { schoolId, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: 'Form 1 East' })).class;
  const ids: Record<string, number> = {};
  for (const first_name of ['Akinyi', 'Baraka', 'Chebet', 'Daudi']) {
    ids[first_name] = (
      await post(`/classes/${east.id}/add_student/`, {
        first_name,
        last_name: 'Mwangi',
        date_of_birth: '2011-03-14',
        gender: 'female',
        parent: { first_name: 'Grace', last_name: 'Mwangi', phone_number: uniquePhone() },
      })
    ).student.id;
  }
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: shift(TODAY, -60),
    end_date: shift(TODAY, 60),
  });
  await post('/fees/terms/', {
    name: 'Term 3',
    start_date: shift(TODAY, -30),
    end_date: shift(TODAY, 30),
    academic_year: year.id,
  });
  const date = lastSchoolDay();
  const weekday = date === TODAY;

  await loginViaUi(page, school);
  const today = page.getByTestId('attendance-today');
  await expect(today).toHaveText('No register taken');
  await expect(page.getByTestId('attendance-term')).toHaveText('Term 3: –');
  await expect(page.getByText('No one is marked absent today')).toBeVisible();
  await shoot(page, 'attendance-dashboard-untaken');

  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Attendance' }).click();
  await expect(page.getByRole('heading', { name: 'Attendance' })).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Class', exact: true })
    .selectOption({ label: 'Form 1 East' });
  if (!weekday) await page.goto(`/attendance?class=${east.id}&date=${date}`);
  await expect(page).toHaveURL(new RegExp(`class=${east.id}`));
  await expect(page.getByTestId('register-taken')).toHaveText('Not taken yet');
  await expect(page.getByTestId('unmarked')).toHaveText('4 of 4 not marked yet');
  await shoot(page, 'attendance-register-untaken');

  const row = (name: string) => page.getByRole('group', { name: `Mark of ${name} Mwangi` });
  await page.getByRole('button', { name: 'All present' }).click();
  await row('Baraka').getByRole('button', { name: 'Absent' }).click();
  await row('Chebet').getByRole('button', { name: 'Late' }).click();
  await page.getByRole('button', { name: 'Add note for Baraka Mwangi' }).click();
  await page.getByLabel('Note for Baraka Mwangi').fill('Sick at home');
  await expect(page.getByTestId('count-rate')).toHaveText('75.0%');
  await expect(
    page.getByRole('checkbox', { name: 'Text the parents of absent students' }),
  ).not.toBeChecked();
  await page.getByRole('button', { name: 'Save register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Register saved' })).toHaveText(
    /Register saved: 2 present, 1 absent, 1 late/,
  );

  // Saved: the register is shown again as the API answered it, with nothing left unsaved.
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('register-taken')).toContainText('Taken by Amina Otieno');
  await expect(row('Baraka').getByRole('button', { name: 'Absent' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row('Chebet').getByRole('button', { name: 'Late' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: /Edit the note for Baraka Mwangi/ })).toHaveText(
    'Sick at home',
  );
  await expect(page.getByTestId('count-present')).toHaveText('2');
  await shoot(page, 'attendance-register-taken');

  await page.goto('/dashboard');
  if (weekday) {
    await expect(today).toHaveText('75.0%');
    await expect(page.getByText('1 of 1 class taken').first()).toBeVisible();
    const absent = page.getByRole('list', { name: 'Absent today' });
    await expect(absent).toContainText('Baraka Mwangi');
    await expect(absent).toContainText('Form 1 East · Sick at home');
    await expect(absent.getByRole('link', { name: /^Call Grace Mwangi/ })).toHaveAttribute(
      'href',
      /^tel:07/,
    );
  }
  await expect(page.getByTestId('attendance-term')).toHaveText('Term 3: 75.0%');
  await expect(
    page.getByRole('list', { name: 'Registers by class' }).getByRole('link'),
  ).toContainText('term 75.0%');
  await shoot(page, 'attendance-dashboard-taken');

  await page.goto(`/students/${ids.Baraka}`);
  await expect(page.getByTestId('attended-of-recorded')).toHaveText('0 of 1 day (0%)');
  await expect(page.getByRole('list', { name: 'Days absent, late or excused' })).toContainText(
    'Sick at home',
  );
  await page.getByRole('heading', { name: 'Attendance', exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, 'attendance-profile');
});

/**
 * A class teacher at 390 px: the dashboard's card takes them to their class's register, which
 * they take in two taps; another class's register is theirs to read, not to take.
 */
test('a class teacher takes their own register and only reads the others', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Embu Day');
  const { schoolId, headers, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: 'Form 1 East' })).class;
  const west = (await post(`/classes/?school=${schoolId}`, { name: 'Form 2 West' })).class;
  for (const [cls, first_name] of [
    [east, 'Akinyi'],
    [east, 'Baraka'],
    [west, 'Chebet'],
  ] as const) {
    await post(`/classes/${cls.id}/add_student/`, {
      first_name,
      last_name: 'Njoroge',
      date_of_birth: '2011-03-14',
      gender: 'female',
      parent: { first_name: 'Grace', last_name: 'Njoroge', phone_number: uniquePhone() },
    });
  }
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: shift(TODAY, -60),
    end_date: shift(TODAY, 60),
  });
  await post('/fees/terms/', {
    name: 'Term 3',
    start_date: shift(TODAY, -30),
    end_date: shift(TODAY, 30),
    academic_year: year.id,
  });
  const phone = uniquePhone();
  const created = await post('/staff/teachers/', {
    first_name: 'Otieno',
    last_name: 'Were',
    phone_number: phone,
    tsc_number: `TSC${phone.slice(-6)}`,
  });
  const password = /one-time password (\S+?);/.exec(created.message)?.[1] ?? '';
  const led = await request.patch(`/api/classes/${east.id}/`, {
    headers,
    data: { class_teacher: created.teacher.id },
  });
  expect(led.ok(), await led.text()).toBeTruthy();
  const date = lastSchoolDay();
  const weekday = date === TODAY;

  await loginViaUi(page, await replaceOneTimePassword(request, phone, password));
  const card = page.getByTestId('my-register');
  await expect(card).toHaveText("Take today's register");
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/attendance\\?class=${east.id}$`));
  if (!weekday) await page.goto(`/attendance?class=${east.id}&date=${date}`);
  await expect(page.getByRole('combobox', { name: 'Class', exact: true })).toHaveValue(
    String(east.id),
  );
  await page.getByRole('button', { name: 'All present' }).click();
  await page.getByRole('button', { name: 'Save register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Register saved' })).toHaveText(
    /Register saved: 2 present, 0 absent/,
  );

  await page
    .getByRole('combobox', { name: 'Class', exact: true })
    .selectOption({ label: 'Form 2 West' });
  await expect(
    page.getByText('Only the class teacher of Form 2 West or an admin may take its register'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save register' })).toHaveCount(0);
  await expect(
    page.getByRole('group', { name: 'Mark of Chebet Njoroge' }).getByRole('button', {
      name: 'Present',
    }),
  ).toBeDisabled();
  await shoot(page, 'attendance-register-read-only');

  await page.goto('/dashboard');
  if (weekday) await expect(card).toHaveText('Register taken: 100.0%');
  await expect(page.getByText('No one is marked absent today')).toBeVisible();
  await shoot(page, 'attendance-teacher-dashboard');
});
