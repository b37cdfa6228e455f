import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

/**
 * SMS to parents at 390 px: the admin ticks a class, sees whom it reaches and who is left out,
 * types a message, sends it, and watches its badge turn from Sending to a green Sent as the
 * outbox worker sends it through the gateway and the delivery reports come back; the message's
 * page lists each parent as Delivered.
 */
test('a message composed, sent and delivered to the parents of a class, at 390 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Messaging School');
  const { schoolId, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: '4 East', level: 'Form 4' }))
    .class;
  await post(`/classes/?school=${schoolId}`, { name: '3 West', level: 'Form 3' });
  const admit = (first_name: string, phone: string, sms: 'granted' | 'refused') =>
    post(`/classes/${east.id}/add_student/`, {
      first_name,
      last_name: 'Kamau',
      date_of_birth: '2009-05-14',
      gender: 'female',
      parent: { first_name: 'Grace', last_name: 'Kamau', phone_number: phone },
      consents: { photos: 'unknown', sms },
    });
  // Two sisters share their mother's phone: she gets one SMS. A third parent said no to SMS.
  const mother = uniquePhone();
  await admit('Wanjiru', mother, 'granted');
  await admit('Akinyi', mother, 'granted');
  await admit('Baraka', uniquePhone(), 'granted');
  await admit('Chebet', uniquePhone(), 'refused');
  await loginViaUi(page, school);

  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Compose Message' })).toBeVisible();
  await expect(page.getByText('No messages yet')).toBeVisible();
  const send = page.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();

  await page.getByLabel('4 East parents').check();
  const audience = page.getByTestId('message-audience');
  await expect(audience).toContainText('Reaches 2 parents');
  await expect(audience).toContainText('Left out: 1 parent without SMS consent');
  await expect(send).toBeDisabled();

  const text =
    'Dear parent, Form 4 mock exams start on Monday 9th. Kindly ensure your child has a ' +
    'scientific calculator and a geometry set. Thank you.';
  await page.getByPlaceholder('Type your message here...').fill(text);
  await expect(page.getByTestId('sms-parts')).toHaveText(
    `${text.length} characters · 1 SMS part · ${160 - text.length} left in this part`,
  );
  await expect(audience).toContainText('estimated cost KES');
  await send.click();

  await expect(page.getByText('Message queued for 2 parents')).toBeVisible();
  await expect(page.getByPlaceholder('Type your message here...')).toHaveValue('');
  await expect(page.getByLabel('4 East parents')).not.toBeChecked();

  // The list asks again while the message sends; it ends Sent, green, both delivered.
  const item = page.getByTestId('message-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('4 East parents');
  await expect(item).toContainText(text);
  const badge = item.getByText('Sent', { exact: true });
  await expect(badge).toBeVisible({ timeout: 20_000 });
  await expect(badge).toHaveClass(/bg-green-100/);
  await expect(item).toContainText('2 delivered · 0 sent · 0 failed', { timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  await item.click();
  await expect(page.getByRole('heading', { name: 'Recipients (2)' })).toBeVisible();
  const recipients = page.getByRole('list', { name: 'Recipients' }).getByTestId('recipient');
  await expect(recipients).toHaveCount(2);
  await expect(recipients.filter({ hasText: mother })).toContainText('Delivered');
  await expect(recipients.filter({ hasText: 'Delivered' })).toHaveCount(2);
  await expect(page.getByText('Left out: 1 parent without SMS consent.')).toBeVisible();
});

/** A parent who refuses SMS is recorded so on the child's page (its one SMS control) and left out. */
test("a parent whose SMS consent is refused on the child's page is left out of a message, at 1280 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const school = await registerSchoolViaApi(request, 'Opt-out School');
  const { schoolId, post } = await apiSession(request, school);
  const west = (await post(`/classes/?school=${schoolId}`, { name: '3 West', level: 'Form 3' }))
    .class;
  const admit = async (first_name: string) =>
    (
      await post(`/classes/${west.id}/add_student/`, {
        first_name,
        last_name: 'Otieno',
        date_of_birth: '2010-02-01',
        gender: 'male',
        parent: { first_name: 'John', last_name: first_name, phone_number: uniquePhone() },
        consents: { photos: 'unknown', sms: 'granted' },
      })
    ).student;
  const baraka = await admit('Baraka');
  await admit('Otieno');
  await loginViaUi(page, school);

  await page.goto(`/students/${baraka.id}`);
  await expect(page.getByRole('switch')).toHaveCount(0);
  const consent = page.getByLabel('SMS to the parent');
  await expect(consent).toHaveValue('granted');
  await expect(page.getByTestId('sms-reach')).toContainText(
    'Messages and results go to John Baraka',
  );
  await consent.selectOption('refused');
  await expect(page.getByText('Consent recorded')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('SMS to the parent')).toHaveValue('refused');

  await page.goto('/messages');
  await page.getByLabel('All', { exact: true }).check();
  const audience = page.getByTestId('message-audience');
  await expect(audience).toContainText('Reaches 1 parent');
  await expect(audience).toContainText('Left out: 1 parent without SMS consent');
  await page.getByPlaceholder('Type your message here...').fill('Sports day is on Friday.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message queued for 1 parent')).toBeVisible();
  await page.getByTestId('message-item').click();
  await expect(page.getByRole('heading', { name: 'Recipients (1)' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('John Otieno');
  await expect(page.getByRole('table')).not.toContainText('John Baraka');
});

/**
 * Results by SMS at 390 px: on the exam's results, the admin previews one student's text, sends
 * each parent their own child's results, and follows the link to the message's delivery.
 */
test("each parent sent their own child's results from the exam's results, at 390 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Results SMS School');
  const { schoolId, post } = await apiSession(request, school);
  await post('/grades/grades/kcse/');
  const east = (await post(`/classes/?school=${schoolId}`, { name: '4 East', level: 'Form 4' }))
    .class;
  const subjects: number[] = [];
  for (const [name, code] of [
    ['English', 'ENG'],
    ['Mathematics', 'MAT'],
  ]) {
    subjects.push((await post('/grades/subjects/', { name, code, classes: [east.id] })).id);
  }
  const exam = await post('/grades/exams/', {
    name: 'End term',
    start_date: '2026-07-27',
    end_date: '2026-07-31',
  });
  const admit = async (first_name: string, sms: 'granted' | 'refused', marks: number[]) => {
    const { student } = await post(`/classes/${east.id}/add_student/`, {
      first_name,
      last_name: 'Kamau',
      date_of_birth: '2009-05-14',
      gender: 'female',
      parent: { first_name: 'Grace', last_name: first_name, phone_number: uniquePhone() },
      consents: { photos: 'unknown', sms },
    });
    await post('/grades/student_subject_grades/', {
      student: student.id,
      exam: exam.id,
      subject_marks: Object.fromEntries(subjects.map((id, i) => [id, marks[i]])),
    });
    return student;
  };
  const wanjiru = await admit('Wanjiru', 'granted', [72, 80]);
  await admit('Akinyi', 'granted', [55, 61]);
  await admit('Chebet', 'refused', [45, 50]);
  await loginViaUi(page, school);

  await page.goto(`/results?exam=${exam.id}`);
  await page.getByRole('button', { name: 'SMS results to parents' }).click();
  const dialog = page.getByRole('dialog', { name: 'SMS results to parents' });
  const sample = dialog.getByTestId('results-sms-sample');
  await expect(sample).toContainText(/(Wanjiru|Akinyi) Kamau Adm \d+/);
  await expect(sample).toContainText('End term');
  await expect(sample).toContainText('MAT');
  await expect(dialog.getByTestId('results-sms-audience')).toContainText(
    'Reaches the parents of 2 students',
  );
  await expect(dialog.getByTestId('results-sms-audience')).toContainText(
    'Left out: 1 student whose parent has not consented to SMS',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await dialog.getByRole('button', { name: 'Send to the parents of 2 students' }).click();
  await expect(dialog.getByText('Results queued for the parents of 2 students')).toBeVisible();
  await dialog.getByRole('link', { name: 'See its delivery' }).click();

  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(page.getByText('Results of End term · 4 East parents')).toBeVisible();
  const recipients = page.getByRole('list', { name: 'Recipients' }).getByTestId('recipient');
  await expect(recipients).toHaveCount(2);
  const hers = recipients.filter({ hasText: 'about Wanjiru Kamau' });
  await expect(hers).toContainText(wanjiru.admission_number);
  await expect(hers).not.toContainText('Akinyi');
  await expect(recipients.filter({ hasText: 'Delivered' })).toHaveCount(2, { timeout: 20_000 });
});
