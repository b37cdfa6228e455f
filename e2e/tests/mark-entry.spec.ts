import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  apiSession,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  type TestSchool,
  uniquePhone,
} from '../support/school';

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const STUDENTS = [
  ['Amina', 'Wanjiru'],
  ['Baraka', 'Otieno'],
  ['Chebet', 'Kiprop'],
  ['Daudi', 'Mwangi'],
  ['Esther', 'Njeri'],
  ['Faith', 'Akinyi'],
] as const;

/** yyyy-mm-dd `days` from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Form 2 West of six students taking Mathematics on the KCSE scale, an exam that ended
 * yesterday, and a teacher the admin assigns to Form 2 West's Mathematics.
 */
async function seed(request: Parameters<typeof apiSession>[0], school: TestSchool) {
  const { schoolId, post } = await apiSession(request, school);
  await post('/grades/grades/kcse/');
  const west = (await post(`/classes/?school=${schoolId}`, { name: '2 West', level: 'Form 2' }))
    .class;
  const maths = await post('/grades/subjects/', {
    name: 'Mathematics',
    code: 'MAT',
    classes: [west.id],
  });
  const exam = await post('/grades/exams/', {
    name: 'Mid term',
    start_date: day(-4),
    end_date: day(-1),
  });
  for (const [first_name, last_name] of STUDENTS) {
    await post(`/classes/${west.id}/add_student`, {
      first_name,
      last_name,
      date_of_birth: '2010-05-14',
      gender: 'female',
      parent: { first_name: 'Grace', last_name, phone_number: uniquePhone() },
    });
  }
  const phone = uniquePhone();
  const added = await post('/staff/teachers/', {
    first_name: 'Jane',
    last_name: 'Mutua',
    phone_number: phone,
    tsc_number: `TSC${Date.now() % 1_000_000}`,
  });
  const password = /one-time password (\S+);/.exec(added.message)![1]!;
  await post(`/staff/teachers/${added.teacher.id}/assignments/`, {
    class: west.id,
    subject: maths.id,
  });
  return { west, maths, exam, teacher: await replaceOneTimePassword(request, phone, password) };
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

test('a teacher enters a class’s marks on a phone through a dropped connection; the admin sees who changed what', async ({
  browser,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Moi Forces Academy');
  const { west, exam, teacher } = await seed(request, school);

  // The teacher, on a 390 px phone.
  const { context, page } = await phone(browser);
  await loginViaUi(page, teacher);
  await page
    .getByRole('link', { name: 'Enter marks: 2 West · Mathematics, 0 of 6 entered' })
    .click();
  await expect(page.getByRole('heading', { name: '2 West · Mathematics' })).toBeVisible();
  await expect(page.getByTestId('entered-count')).toHaveText('0 of 6 entered');
  const input = (name: string) => page.getByLabel(`Mark of ${name}`);
  await expect(input('Amina Wanjiru')).toHaveAttribute('inputmode', 'decimal');

  // Keyboard only: type, Enter moves down.
  await input('Amina Wanjiru').focus();
  for (const mark of ['45', '81', 'x']) {
    await page.keyboard.type(mark);
    await page.keyboard.press('Enter');
  }
  await expect(input('Daudi Mwangi')).toBeFocused();
  await expect(page.getByTestId('queue-state')).toHaveText('All saved');
  const row = (name: string) => page.getByRole('listitem').filter({ has: input(name) });
  await expect(row('Amina Wanjiru')).toContainText('Saved');
  await expect(row('Baraka Otieno').getByTestId('grade')).toHaveText('Grade A');
  await expect(input('Chebet Kiprop')).toHaveValue('X');
  await expect(row('Chebet Kiprop').getByTestId('grade')).toHaveText('');
  await expect(page.getByTestId('entered-count')).toHaveText('3 of 6 entered');
  await shot(page, 'entry-390');

  // ArrowUp goes back up; an out-of-range mark is refused at once and not queued.
  await page.keyboard.press('ArrowUp');
  await expect(input('Chebet Kiprop')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('150');
  await expect(row('Daudi Mwangi')).toContainText('Not saved: A mark is 0 to 100, X or Y');
  // The header never says "All saved" while a row says it is not.
  await expect(page.getByTestId('queue-state')).toHaveText('1 mark not saved');
  await shot(page, 'entry-error-390');

  // The connection drops: marks wait in the browser.
  await context.setOffline(true);
  await input('Daudi Mwangi').fill('');
  await input('Daudi Mwangi').focus();
  await page.keyboard.type('62');
  await page.keyboard.press('Enter');
  await page.keyboard.type('38');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('queue-state')).toHaveText('2 marks waiting for a connection', {
    timeout: 5_000,
  });
  await expect(row('Esther Njeri')).toContainText('Not saved yet');
  await shot(page, 'entry-offline-390');

  // Back online: they go, and are on the server.
  await context.setOffline(false);
  await expect(page.getByTestId('queue-state')).toHaveText('All saved');
  await expect(row('Esther Njeri')).toContainText('Saved');
  await page.reload();
  await expect(input('Daudi Mwangi')).toHaveValue('62');
  await expect(input('Esther Njeri')).toHaveValue('38');
  await expect(page.getByTestId('entered-count')).toHaveText('5 of 6 entered');

  // Y (withheld) is one tap beside X: a phone's number pad has no letters.
  await row('Faith Akinyi')
    .getByRole('button', { name: 'Mark Faith Akinyi withheld, an irregularity (Y)' })
    .click();
  await expect(input('Faith Akinyi')).toHaveValue('Y');
  await expect(page.getByTestId('queue-state')).toHaveText('All saved');
  await expect(page.getByTestId('entered-count')).toHaveText('6 of 6 entered');
  await shot(page, 'entry-y-390');
  await page.reload();
  await expect(input('Faith Akinyi')).toHaveValue('Y');
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(
    page.getByRole('link', { name: 'Enter marks: 2 West · Mathematics, 6 of 6 entered' }),
  ).toBeVisible();
  await context.close();

  // The admin corrects Amina's mark on a wide screen, then reads the history.
  const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loginViaUi(admin, school);
  await admin.goto(`/exams/${exam.id}?class=${west.id}`);
  await admin.getByRole('link', { name: 'Enter marks by subject' }).click();
  await admin.getByLabel('Subject').selectOption({ label: 'Mathematics' });
  await admin.getByRole('button', { name: 'Enter marks' }).click();
  await admin.getByLabel('Mark of Amina Wanjiru').fill('54');
  await expect(admin.getByTestId('queue-state')).toHaveText('All saved');
  await shot(admin, 'entry-1280');

  await admin.goto(`/exams/${exam.id}?class=${west.id}`);
  await admin.getByRole('button', { name: "History of Amina Wanjiru's marks" }).click();
  const history = admin.getByRole('dialog', { name: 'Marks history: Amina Wanjiru' });
  const changes = history.getByTestId('mark-change');
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText('Set: — → 45 by Jane Mutua');
  await expect(changes.nth(1)).toContainText('Changed: 45 → 54 by Amina Otieno');
  await shot(admin, 'history-1280');
  await admin.keyboard.press('Escape');

  // The exam ended yesterday: the correction is a change after the exam.
  await admin.getByRole('button', { name: 'Changed after the exam' }).click();
  const late = admin.getByRole('dialog', { name: 'Marks changed after the exam' });
  await expect(late.getByTestId('mark-change')).toHaveCount(1);
  await expect(late.getByTestId('mark-change')).toContainText('Amina Wanjiru · Mathematics');
  await admin.setViewportSize({ width: 390, height: 844 });
  await shot(admin, 'late-changes-390');
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: "History of Amina Wanjiru's marks" }).click();
  await expect(history.getByTestId('mark-change')).toHaveCount(2);
  await shot(admin, 'history-390');
});
