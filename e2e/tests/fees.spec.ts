import { readFileSync } from 'node:fs';
import { type Download, expect, type Page, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

/**
 * SHOTS_DIR=/tmp/shots-fees keeps a screenshot of each state at 1280 and at 390 px wide (the
 * page is resized for the second and back), to be looked at; without it, nothing is written.
 */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** A school with 4 East (Wanjiru, Baraka) and 4 West (Chebet), in Term 3 of 2026. */
async function seedSchool(request: Parameters<typeof registerSchoolViaApi>[0]) {
  const school = await registerSchoolViaApi(request, 'Fees Academy');
  const { schoolId, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: '4 East', level: 'Form 4' }))
    .class;
  const west = (await post(`/classes/?school=${schoolId}`, { name: '4 West', level: 'Form 4' }))
    .class;
  const year = await post('/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  const term3 = await post('/fees/terms/', {
    name: 'Term 3',
    academic_year: year.id,
    start_date: '2026-08-31',
    end_date: '2026-12-04',
  });
  const admit = async (classId: number, first_name: string, last_name: string, phone: string) =>
    (
      await post(`/classes/${classId}/add_student/`, {
        first_name,
        last_name,
        date_of_birth: '2009-05-14',
        gender: 'female',
        parent: { first_name: 'Grace', last_name, phone_number: phone },
      })
    ).student;
  const wanjiru = await admit(east.id, 'Wanjiru', 'Kamau', uniquePhone());
  const baraka = await admit(east.id, 'Baraka', 'Otieno', uniquePhone());
  const chebet = await admit(west.id, 'Chebet', 'Kiprop', uniquePhone());
  return { school, post, east, west, wanjiru, baraka, chebet, term: term3 };
}

test("a term's fee structure set in shillings and billed once, at 1280 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { school } = await seedSchool(request);
  await loginViaUi(page, school);

  // ── The fee structure ─────────────────────────────────────────────────────────────────────
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Fee structure' })
    .click();
  await expect(page.getByRole('heading', { name: 'Fee Categories' })).toBeVisible();
  await expect(page.getByText('No fee categories yet').first()).toBeVisible();
  await expect(page.getByLabel('Term')).toHaveValue(/\d+/);
  await shot(page, '01-structure-empty');

  await page.getByRole('button', { name: 'Add Fee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Fee Category' });
  await expect(dialog.getByText('Fill the details below to add a new fee category')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await expect(dialog.getByText('Category name is required')).toBeVisible();
  await expect(dialog.getByText('Duration is required')).toBeVisible();
  await expect(dialog.getByLabel('Amount for 4 East')).toBeDisabled();
  await shot(page, '02-add-fee-errors');

  await dialog.getByLabel('Category name').fill('Tuition');
  await dialog.getByLabel('Duration').selectOption('termly');
  await dialog.getByRole('checkbox', { name: '4 East' }).check();
  await dialog.getByLabel('Amount for 4 East').fill('15,000');
  await dialog.getByRole('checkbox', { name: '4 West' }).check();
  await dialog.getByLabel('Amount for 4 West').fill('14000.50');
  await shot(page, '03-add-fee-filled');
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Tuition for 4 East')).toHaveValue('15000');
  await expect(page.getByLabel('Tuition for 4 West')).toHaveValue('14000.50');

  await page.getByRole('button', { name: 'Add Fee' }).click();
  await dialog.getByLabel('Category name').fill('Activity');
  await dialog.getByLabel('Duration').selectOption('yearly');
  await dialog.getByLabel('Vote head').selectOption('activity');
  await dialog.getByRole('checkbox', { name: '4 East' }).check();
  await dialog.getByLabel('Amount for 4 East').fill('2500');
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await expect(dialog).toBeHidden();

  // The grid: 4 West's activity fee typed in, a wrong amount refused beside its box.
  const westActivity = page.getByLabel('Activity for 4 West');
  await westActivity.fill('2,5OO');
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await expect(
    page.getByText('Amount must be in shillings, like 12500 or 12,500.50'),
  ).toBeVisible();
  await westActivity.fill('2,500');
  await expect(page.getByRole('button', { name: 'Bill this term' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await expect(page.getByText('Fee structure saved')).toBeVisible();
  await expect(page.getByText('KES 17,500.00 a student')).toBeVisible();
  await expect(page.getByText('KES 16,500.50 a student')).toBeVisible();
  await shot(page, '04-structure-saved');

  await page.getByRole('button', { name: 'Bill this term' }).click();
  const bill = page.getByRole('dialog', { name: /^Bill Term 3/ });
  // Before it charges, the confirmation says how many students and how much in all.
  await expect(
    bill.getByText('This charges 3 students KES 51,500.50 in all (6 charges).'),
  ).toBeVisible();
  await shot(page, '05-bill-confirm');
  await bill.getByRole('button', { name: 'Bill 3 students' }).click();
  await expect(
    page.getByText('Billed 3 students: 6 new charges, KES 51,500.50 in all.'),
  ).toBeVisible();
  await expect(page.getByText('billed to 2 students').first()).toBeVisible();
  await shot(page, '06-billed');
  // Billing again: the confirmation says there is nothing new, and offers nothing to charge.
  await page.getByRole('button', { name: 'Bill this term' }).click();
  await expect(bill.getByText(/^Nothing new to bill/)).toBeVisible();
  await expect(bill.getByRole('button', { name: 'Bill students' })).toBeDisabled();
  await bill.getByRole('button', { name: 'Cancel' }).click();
});

/** Saves a download beside the screenshots (when kept) and checks it is a PDF. */
async function keepPdf(download: Download, name: string) {
  const path = `${process.env.SHOTS_DIR ?? test.info().outputDir}/${name}.pdf`;
  await download.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
}

test('fees taken in cash and by M-Pesa, with receipts, balances and statements, at 390 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { school, post, east, west, term } = await seedSchool(request);
  const { headers } = await apiSession(request, school);
  // Term 3: tuition 15,000 for 4 East and 14,000 for 4 West, billed.
  const tuition = await post('/fees/categories/', { name: 'Tuition', duration: 'termly' });
  const put = await request.put('/api/fees/structures/', {
    headers,
    data: {
      term: term.id,
      amounts: [
        { category: tuition.id, class: east.id, amount_cents: 1_500_000 },
        { category: tuition.id, class: west.id, amount_cents: 1_400_000 },
      ],
    },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  await post(`/fees/structures/${term.id}/apply/`);
  await loginViaUi(page, school);

  // ── Collection and balances ───────────────────────────────────────────────────────────────
  await page.goto('/fees');
  await expect(page.getByTestId('collection-totals')).toContainText('KES 44,000.00');
  await expect(page.getByTestId('collection-totals')).toContainText('0.0%');
  const rows = page
    .getByRole('list', { name: 'Students with balances' })
    .getByTestId('balance-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('KES 15,000.00');
  await shot(page, '10-fees-billed');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvPath = `${test.info().outputDir}/balances.csv`;
  await (await csv).saveAs(csvPath);
  const lines = readFileSync(csvPath, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Admission number,First name,Last name,Class,Expected (KES),Paid (KES),Balance (KES)',
  );
  expect(lines).toHaveLength(4);

  // ── Cash at the counter ───────────────────────────────────────────────────────────────────
  const wanjiru = rows.filter({ hasText: 'Wanjiru Kamau' });
  await wanjiru.getByRole('button', { name: 'Record a payment for Wanjiru Kamau' }).click();
  const pay = page.getByRole('dialog', { name: 'Record a payment' });
  await pay.getByLabel('Amount (KES)').fill('2,500.x');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText('Amount must be in shillings, like 12500 or 12,500.50')).toBeVisible();
  await pay.getByLabel('Amount (KES)').fill('2,500');
  await pay.getByLabel('Paid by').fill('Grace Kamau');
  await shot(page, '11-pay-cash');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  const paid = page.getByRole('dialog', { name: 'Payment recorded' });
  await expect(paid.getByText('Receipt no. 1: KES 2,500.00 by cash')).toBeVisible();
  await expect(paid.getByTestId('balance-after')).toHaveText(
    'Wanjiru Kamau now owes KES 12,500.00.',
  );
  await shot(page, '12-pay-cash-done');
  const receipt = page.waitForEvent('download');
  await paid.getByRole('button', { name: 'Receipt no. 1 (PDF)' }).click();
  await keepPdf(await receipt, 'receipt-1');
  await paid.getByRole('button', { name: 'Done' }).click();
  await expect(wanjiru).toContainText('KES 12,500.00');

  // ── M-Pesa: a cancelled prompt, then a paid one ───────────────────────────────────────────
  const baraka = rows.filter({ hasText: 'Baraka Otieno' });
  await baraka.getByRole('button', { name: "Request M-Pesa from Baraka Otieno's parent" }).click();
  const mpesa = page.getByRole('dialog', { name: 'Request M-Pesa' });
  await expect(mpesa.getByLabel('Amount (KES)')).toHaveValue('15000');
  // The fake Daraja cancels a push to a number ending 1032.
  await mpesa.getByLabel('Phone number').fill('0712341032');
  await mpesa.getByRole('button', { name: 'Send request' }).click();
  await expect(mpesa.getByText('Waiting for the parent')).toBeVisible();
  await shot(page, '13-mpesa-waiting');
  await expect(
    mpesa.getByText('The parent cancelled the M-Pesa prompt on their phone.'),
  ).toBeVisible({ timeout: 20_000 });
  await shot(page, '14-mpesa-cancelled');
  await mpesa.getByRole('button', { name: 'Ask again' }).click();
  await mpesa.getByLabel('Phone number').fill('0712345678');
  await mpesa.getByRole('button', { name: 'Send request' }).click();
  await expect(mpesa.getByText('Paid: KES 15,000.00 by M-Pesa')).toBeVisible({ timeout: 20_000 });
  await expect(mpesa.getByText(/^Receipt no\. 2 · M-Pesa \w+/)).toBeVisible();
  await shot(page, '15-mpesa-paid');
  const mpesaReceipt = page.waitForEvent('download');
  await mpesa.getByRole('button', { name: 'Receipt no. 2 (PDF)' }).click();
  await keepPdf(await mpesaReceipt, 'receipt-2-mpesa');
  await mpesa.getByRole('button', { name: 'Done' }).click();
  // Baraka owes nothing now: he leaves the list of those owing.
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('collection-totals')).toContainText('KES 17,500.00');

  // ── A statement ───────────────────────────────────────────────────────────────────────────
  const statement = page.waitForEvent('download');
  await wanjiru.getByRole('button', { name: 'Statement of Wanjiru Kamau (PDF)' }).click();
  await keepPdf(await statement, 'statement-wanjiru');

  // ── The student's page ────────────────────────────────────────────────────────────────────
  await wanjiru.getByRole('link', { name: 'Wanjiru Kamau' }).click();
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByTestId('fee-balance')).toContainText('Owes KES 12,500.00');
  await expect(fees.getByTestId('fee-entry').first()).toContainText('receipt no. 1');
  await fees.scrollIntoViewIfNeeded();
  await shot(page, '16-student-fees');

  // ── Charts ────────────────────────────────────────────────────────────────────────────────
  await page.goto('/analytics');
  await expect(page.getByTestId('analytics-totals')).toContainText('KES 17,500.00');
  await expect(page.getByRole('row', { name: /M-Pesa 1 KES 15,000\.00/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Cash 1 KES 2,500\.00/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Bar chart of the fees collected/ })).toBeVisible();
  await shot(page, '17-analytics');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // ── The Paybill, a bank statement and the unmatched queue ─────────────────────────────────
  await page.goto('/fees');
  await expect(page.getByTestId('paybill-status')).toContainText('Parents pay to Paybill');
  await page.getByRole('button', { name: 'Register Paybill URLs' }).click();
  await expect(page.getByText(/^Registered with Safaricom/)).toBeVisible();
  await page.getByRole('button', { name: 'Import a statement' }).click();
  const importing = page.getByRole('dialog', { name: 'Import a statement' });
  await importing.getByLabel('Statement from').selectOption('bank');
  // Chebet's mother paid twice: once with her admission number, once with a typing slip.
  await importing.getByLabel('CSV file').setInputFiles({
    name: 'equity-november.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Transaction Date,Reference,Account,Payer Name,Credit\r\n' +
        '2026-11-20,EQB100200,0003,Mary Kiprop,4000\r\n' +
        '2026-11-21,EQB100201,OOO3,Mary Kiprop,3000\r\n',
    ),
  });
  await importing.getByRole('button', { name: 'Import' }).click();
  await expect(
    importing.getByText('Read 2 rows: 2 payments recorded (KES 7,000.00).'),
  ).toBeVisible();
  await expect(
    importing.getByText('1 matched to a student by admission number, 1 waiting to be assigned.'),
  ).toBeVisible();
  await shot(page, '18-import-done');
  await importing.getByRole('button', { name: 'Done' }).click();
  const queued = page.getByTestId('unmatched-payment');
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText('Account typed: "OOO3"');
  await shot(page, '19-unmatched');
  await queued.getByRole('button', { name: 'Assign to a student' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign payment' });
  await assign.getByPlaceholder('Search student name or admission number').fill('Chebet');
  const chebet = assign.getByRole('button', { name: 'Assign to Chebet Kiprop' });
  await expect(chebet).toBeVisible();
  await shot(page, '20-assign');
  await chebet.click();
  await expect(page.getByText('No unmatched payments')).toBeVisible();
  await expect(rows.filter({ hasText: 'Chebet Kiprop' })).toContainText('KES 7,000.00');
});

test("a student's page: a discount named by who granted it, a bursary, and a payment reversed with a reason, at 1280 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { school, post, east, west, term, wanjiru } = await seedSchool(request);
  const { headers } = await apiSession(request, school);
  const tuition = await post('/fees/categories/', { name: 'Tuition', duration: 'termly' });
  const put = await request.put('/api/fees/structures/', {
    headers,
    data: {
      term: term.id,
      amounts: [
        { category: tuition.id, class: east.id, amount_cents: 1_500_000 },
        { category: tuition.id, class: west.id, amount_cents: 1_400_000 },
      ],
    },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  await post(`/fees/structures/${term.id}/apply/`);
  await post('/payments/', {
    student: wanjiru.id,
    method: 'cheque',
    amount_cents: 500_000,
    reference: 'CHQ 000123',
  });
  await loginViaUi(page, school);

  await page.goto(`/students/${wanjiru.id}`);
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByTestId('fee-balance')).toContainText('Owes KES 10,000.00');

  await fees.getByRole('button', { name: 'Add a credit' }).click();
  const credit = page.getByRole('dialog', { name: 'Add a credit' });
  await credit.getByLabel('Kind').selectOption('discount');
  await credit.getByLabel('Amount (KES)').fill('1,000');
  await credit.getByRole('button', { name: 'Add credit' }).click();
  await expect(credit.getByText('Granted by is required for a waiver or a discount')).toBeVisible();
  await credit.getByLabel('Granted by').fill('The Principal');
  await credit.getByLabel('Note').fill('Sibling discount');
  await shot(page, '21-credit-discount');
  await credit.getByRole('button', { name: 'Add credit' }).click();
  await expect(credit).toBeHidden();
  await expect(fees.getByTestId('fee-balance')).toContainText('Owes KES 9,000.00');

  await fees.getByRole('button', { name: 'Add a credit' }).click();
  await credit.getByLabel('Kind').selectOption('bursary');
  await credit.getByLabel('Amount (KES)').fill('4000');
  await credit.getByRole('button', { name: 'Add a sponsor not in the list' }).click();
  await credit.getByLabel('Sponsor name').fill('Nairobi County Bursary');
  await credit.getByRole('button', { name: 'Add sponsor' }).click();
  await expect(credit.getByLabel('Paid by')).not.toHaveValue('');
  await shot(page, '22-credit-bursary');
  await credit.getByRole('button', { name: 'Add credit' }).click();
  await expect(credit).toBeHidden();
  await expect(fees.getByTestId('fee-balance')).toContainText('Owes KES 5,000.00');

  // The cheque bounced.
  await fees.getByRole('button', { name: 'Reverse Payment by Cheque CHQ 000123' }).click();
  const reverse = page.getByRole('dialog', { name: 'Reverse this entry?' });
  await reverse.getByRole('button', { name: 'Reverse entry' }).click();
  await expect(reverse.getByText('Reason is required')).toBeVisible();
  await reverse.getByLabel('Reason').fill('Cheque bounced');
  await shot(page, '23-reverse');
  await reverse.getByRole('button', { name: 'Reverse entry' }).click();
  await expect(reverse).toBeHidden();
  await expect(fees.getByTestId('fee-balance')).toContainText('Owes KES 10,000.00');
  await expect(
    fees.getByRole('button', { name: 'Reverse Payment by Cheque CHQ 000123' }),
  ).toHaveCount(0);
  await fees.scrollIntoViewIfNeeded();
  await shot(page, '24-student-fees-after');
  const statement = page.waitForEvent('download');
  await fees.getByRole('button', { name: 'Statement (PDF)' }).click();
  await keepPdf(await statement, 'statement-reversed');
  const byVoteHead = page.waitForEvent('download');
  await fees.getByRole('button', { name: 'By vote head (PDF)' }).click();
  await keepPdf(await byVoteHead, 'statement-by-vote-head');

  // ── Sponsors and the government's capitation on /fees ──────────────────────────────────────
  await page.goto('/fees');
  const sponsor = page.getByTestId('sponsor');
  await expect(sponsor).toContainText('Nairobi County Bursary');
  await expect(sponsor).toContainText('KES 4,000.00 to 1 student');
  await sponsor.getByRole('button', { name: 'Statement' }).click();
  const sponsorStatement = page.getByRole('dialog', { name: 'Nairobi County Bursary: statement' });
  await expect(sponsorStatement.getByText('Wanjiru Kamau')).toBeVisible();
  await shot(page, '25-sponsor-statement');
  await sponsorStatement.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Record capitation' }).click();
  const capitation = page.getByRole('dialog', { name: 'Record government capitation' });
  await capitation.getByRole('checkbox', { name: /4 East/ }).check();
  await shot(page, '26-capitation');
  await capitation.getByRole('button', { name: 'Record capitation' }).click();
  await expect(
    capitation.getByText('KES 11,122.00 credited to each of 2 students: KES 22,244.00 in all.'),
  ).toBeVisible();
  await capitation.getByRole('button', { name: 'Done' }).click();
  // Once per term and instalment.
  await page.getByRole('button', { name: 'Record capitation' }).click();
  await capitation.getByRole('checkbox', { name: /4 East/ }).check();
  await capitation.getByRole('button', { name: 'Record capitation' }).click();
  await expect(
    capitation.getByText(/Capitation instalment 1 has already been recorded/),
  ).toBeVisible();
});
