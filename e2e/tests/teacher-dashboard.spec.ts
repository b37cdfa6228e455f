import { expect, type Page, test } from '@playwright/test';
import {
  apiSession,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  uniquePhone,
} from '../support/school';

/** Screenshots of the screens, looked at by whoever changes them. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-dashboard';

/** Today in Nairobi moved by `days`, as yyyy-mm-dd. */
function day(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const menuLinks = (page: Page) =>
  page.getByRole('dialog').getByRole('navigation', { name: 'Main' }).getByRole('link');

/**
 * A teacher of Form 2 West's Mathematics, who leads the class, signs in on a phone: their
 * class and subject, "0 of 3" for the open exam with the link to enter the marks, their class's
 * students, and a menu without money. A teacher with nothing assigned is told what to do.
 */
test("a teacher's own dashboard at 390 px, with the way to their marks", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Kisumu Boys');
  const { headers, schoolId, post } = await apiSession(request, school);
  const west = (
    await post(`/classes/?school=${schoolId}`, { name: 'Form 2 West', level: 'Form 2' })
  ).class;
  const maths = await post('/grades/subjects/', {
    name: 'Mathematics',
    code: 'MAT',
    classes: [west.id],
  });
  await post('/grades/subjects/', { name: 'English', code: 'ENG', classes: [west.id] });
  for (const [first_name, gender] of [
    ['Amani', 'male'],
    ['Baraka', 'male'],
    ['Chebet', 'female'],
  ]) {
    await post(`/classes/${west.id}/add_student/`, {
      first_name,
      last_name: 'Odhiambo',
      date_of_birth: '2010-02-14',
      gender,
      parent: { first_name: 'Grace', last_name: 'Odhiambo', phone_number: uniquePhone() },
    });
  }
  const exam = await post('/grades/exams/', {
    name: 'Mid term',
    start_date: day(-1),
    end_date: day(3),
  });

  const addTeacher = async (first_name: string) => {
    const phone = uniquePhone();
    const created = await post('/staff/teachers/', {
      first_name,
      last_name: 'Were',
      phone_number: phone,
      tsc_number: `TSC${phone.slice(-6)}`,
    });
    const password = /one-time password (\S+?);/.exec(created.message)?.[1];
    expect(password).toBeTruthy();
    return {
      id: created.teacher.id as number,
      ...(await replaceOneTimePassword(request, phone, password!)),
    };
  };
  const otieno = await addTeacher('Otieno');
  await post(`/staff/teachers/${otieno.id}/assignments/`, { class: west.id, subject: maths.id });
  const led = await request.patch(`/api/classes/${west.id}/`, {
    headers,
    data: { class_teacher: otieno.id },
  });
  expect(led.ok(), await led.text()).toBeTruthy();

  await loginViaUi(page, otieno);
  const marks = page.getByRole('link', {
    name: 'Enter marks: Form 2 West · Mathematics, 0 of 3 entered',
  });
  await expect(marks).toBeVisible();
  await expect(marks).toContainText('0 of 3');
  await expect(page.getByRole('heading', { name: 'Mid term' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Subjects in Form 2 West' })).toHaveText(
    'Mathematics',
  );
  await expect(page.getByRole('heading', { name: 'My class: Form 2 West' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Chebet Odhiambo/ })).toBeVisible();
  await expect(page.getByText('Teacher dashboard')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await page.screenshot({ path: `${SHOTS}/teacher-dashboard-390.png`, fullPage: true });

  // The drawer: the lists a teacher reads, no money, messaging, staff or audit log.
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(menuLinks(page).first()).toBeVisible();
  const entries = await menuLinks(page).allTextContents();
  expect(entries).toEqual(expect.arrayContaining(['Dashboard', 'Students', 'Classes', 'Exams']));
  for (const hidden of ['Fees', 'Fee structure', 'Fee analytics', 'Audit log', 'Messaging']) {
    expect(entries).not.toContain(hidden);
  }
  await page.screenshot({ path: `${SHOTS}/teacher-drawer-390.png` });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Fees' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/teacher-dashboard-1280.png`, fullPage: true });

  // Straight to entering the marks of that class and subject.
  await marks.click();
  await expect(page).toHaveURL(
    new RegExp(`/exams/${exam.id}/marks\\?class=${west.id}&subject=${maths.id}$`),
  );

  // A teacher with nothing assigned yet.
  const wanjiku = await addTeacher('Wanjiku');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, wanjiku);
  await expect(page.getByText('No classes assigned yet')).toBeVisible();
  await expect(page.getByText(/Ask your school's administrator to assign you/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/teacher-dashboard-empty-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/teacher-dashboard-empty-390.png`, fullPage: true });
});
