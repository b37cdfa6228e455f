import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/**
 * Fee reminders by SMS: a term billed, some of it paid, then on /fees the admin previews whom a
 * reminder reaches with one parent's own text, narrows it by an amount, and sends: the message's
 * page lists each child's parent with that child's own balance, delivered.
 */
test("fee reminders reach each parent with their own child's balance", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  const { schoolId, headers, post } = await apiSession(request, school);
  const form2 = (await post(`/classes/?school=${schoolId}`, { name: 'Form 2 East' })).class;
  const admit = async (first_name: string, phone: string, sms: 'granted' | 'refused') =>
    (
      await post(`/classes/${form2.id}/add_student/`, {
        first_name,
        last_name: 'Kamau',
        date_of_birth: '2010-05-14',
        gender: 'female',
        parent: { first_name: 'Grace', last_name: 'Kamau', phone_number: phone },
        consents: { photos: 'unknown', sms },
      })
    ).student;
  // Two sisters share their mother's phone: she gets one text about each.
  const mother = uniquePhone();
  const wanjiru = await admit('Wanjiru', mother, 'granted');
  const akinyi = await admit('Akinyi', mother, 'granted');
  const baraka = await admit('Baraka', uniquePhone(), 'granted');
  await admit('Chebet', uniquePhone(), 'refused');

  // The term billed KES 15,000 each; Baraka paid in full, Wanjiru KES 5,000.
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-05',
    end_date: '2026-11-27',
  });
  const term = await post('/fees/terms/', {
    name: 'Term 1',
    start_date: '2026-01-05',
    end_date: '2026-04-02',
    academic_year: year.id,
  });
  const tuition = await post('/fees/categories/', { name: 'Tuition', duration: 'termly' });
  const put = await request.put('/api/fees/structures/', {
    headers,
    data: {
      term: term.id,
      amounts: [{ category: tuition.id, class: form2.id, amount_cents: 1_500_000 }],
    },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  await post(`/fees/structures/${term.id}/apply/`);
  await post('/payments/', { student: baraka.id, method: 'cash', amount_cents: 1_500_000 });
  await post('/payments/', { student: wanjiru.id, method: 'cash', amount_cents: 500_000 });

  await loginViaUi(page, school);
  await page.goto('/fees');
  await expect(page.getByRole('heading', { name: 'Fee reminders by SMS' })).toBeVisible();
  const previewBox = page.getByTestId('fee-reminders-preview');
  await expect(previewBox).toContainText('3 students owe more than KES 0.00, KES 40,000.00 in all');
  await expect(previewBox).toContainText('The parents of 2 students get an SMS');
  await expect(previewBox).toContainText(
    'Left out: 1 student whose parent has not consented to SMS.',
  );
  // The e2e server's M-Pesa settings (the fake Daraja's sandbox shortcode) add the Paybill.
  await expect(page.getByTestId('fee-reminder-sample')).toHaveText(
    `Kakamega: Dear parent, Akinyi Kamau (Adm ${akinyi.admission_number}) has a fee balance of KES 15,000. Pay via M-Pesa Paybill 174379, Account ${akinyi.admission_number}. Thank you.`,
  );
  await shoot(page, '10-reminders-preview');

  // Over KES 12,000: only Akinyi's mother is reached (Chebet's parent has no consent).
  await page.getByLabel('Balance over (KES)').fill('12,000');
  await expect(previewBox).toContainText('2 students owe more than KES 12,000.00');
  await expect(page.getByRole('button', { name: 'Send 1 reminder' })).toBeVisible();
  await page.getByLabel('Balance over (KES)').fill('0');
  await page.getByRole('button', { name: 'Send 2 reminders' }).click();
  await expect(page.getByText('Fee reminders queued for the parents of 2 students')).toBeVisible();
  await shoot(page, '11-reminders-sent');

  // The message's page: each recipient row carries its own child's balance, delivered.
  await page.getByRole('link', { name: 'See its delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Recipients (2)' })).toBeVisible();
  const recipients = page.getByRole('list', { name: 'Recipients' }).getByTestId('recipient');
  await expect(recipients.filter({ hasText: 'Wanjiru Kamau (Adm' })).toContainText(
    'has a fee balance of KES 10,000.',
  );
  await expect(recipients.filter({ hasText: 'Akinyi Kamau (Adm' })).toContainText(
    'has a fee balance of KES 15,000.',
  );
  // Delivery reports come after the page's last look while sending: a reload shows them.
  await expect(async () => {
    await page.reload();
    await expect(recipients.filter({ hasText: 'Delivered' })).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await shoot(page, '12-reminder-message');

  await page.goto('/messages');
  await expect(page.getByTestId('message-item').first()).toContainText('Fee reminders');
});
