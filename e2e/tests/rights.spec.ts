import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unpackMeritList } from '@shule/shared/results/merit-list-packed';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

/**
 * A parent's rights at 390 px: the admin records a consent, downloads everything Shule holds
 * about Wanjiru, erases her (asked twice), and her marks stay in the class's merit list as
 * "Erased student"; the audit log says who did each, by number only.
 */
test("a student's data exported and the student erased from their page, at 390 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Rights School');
  const { headers, schoolId, post } = await apiSession(request, school);
  const east = (await post(`/classes/?school=${schoolId}`, { name: '4 East', level: 'Form 4' }))
    .class;
  const maths = await post('/grades/subjects/', {
    name: 'Mathematics',
    code: 'MAT',
    classes: [east.id],
  });
  const exam = await post('/grades/exams/', {
    name: 'End term',
    start_date: '2026-07-27',
    end_date: '2026-07-31',
  });
  const motherPhone = uniquePhone();
  const admit = async (first_name: string, parentPhone: string, mark: number) => {
    const { student } = await post(`/classes/${east.id}/add_student/`, {
      first_name,
      last_name: 'Kamau',
      date_of_birth: '2009-05-14',
      gender: 'female',
      parent: { first_name: 'Grace', last_name: 'Kamau', phone_number: parentPhone },
      consents: { photos: 'refused', sms: 'unknown' },
    });
    await post('/grades/student_subject_grades/', {
      student: student.id,
      exam: exam.id,
      subject_marks: { [maths.id]: mark },
    });
    return student;
  };
  const wanjiru = await admit('Wanjiru', motherPhone, 81);
  await admit('Akinyi', uniquePhone(), 64);
  await loginViaUi(page, school);

  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/students');
  await page.getByTestId('student-card').filter({ hasText: 'Wanjiru Kamau' }).click();
  await page.getByRole('link', { name: 'View Full Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${wanjiru.id}$`));

  // The consent the parent gave at admission, then an answer about SMS recorded here.
  const consents = page.getByRole('region', { name: "Parent's consent" });
  await expect(consents.getByLabel('Photos of the child')).toHaveValue('refused');
  await consents.getByLabel('SMS to the parent').selectOption('granted');
  await expect(page.getByText('Consent recorded')).toBeVisible();
  await expect(consents).toContainText('Recorded');
  expect(await noSidewaysScroll()).toBe(true);

  // A copy of everything: a PDF a parent reads, a CSV, and the rows as JSON, named by
  // admission number.
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download data (PDF)' }).click();
  expect((await pdf).suggestedFilename()).toBe(`student-${wanjiru.admission_number}-data.pdf`);
  expect(readFileSync((await (await pdf).path())!, 'latin1').startsWith('%PDF-')).toBe(true);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const csvText = readFileSync((await (await csv).path())!, 'utf8');
  expect(csvText.split('\r\n')[0]).toBe('section,record,field,value');
  expect(csvText).toContain('The child,1,First name,Wanjiru');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`student-${wanjiru.admission_number}-data.json`);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.tables.students[0]).toMatchObject({
    first_name: 'Wanjiru',
    date_of_birth: '2009-05-14',
    sms_consent: 'granted',
    photo_consent: 'refused',
  });
  expect(data.tables.parents[0].phone_number).toBe(motherPhone);
  expect(data.tables.exam_scores).toHaveLength(1);
  expect(JSON.stringify(data)).not.toContain('Akinyi');

  // Erasure asks twice.
  await page.getByRole('button', { name: 'Erase student' }).click();
  const first = page.getByRole('dialog', { name: 'Erase Wanjiru Kamau?' });
  const typed = first.getByLabel(
    `Type the admission number ${wanjiru.admission_number} to confirm`,
  );
  await typed.fill('9999');
  await expect(first.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await typed.fill(wanjiru.admission_number);
  expect(await noSidewaysScroll()).toBe(true);
  await first.getByRole('button', { name: 'Continue' }).click();
  const last = page.getByRole('alertdialog', { name: 'Erase Wanjiru Kamau for good?' });
  await last.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByText('Student erased')).toBeVisible();
  await expect(page.getByTestId('student-card')).toHaveCount(1);
  await expect(page.getByTestId('student-card')).toContainText('Akinyi Kamau');

  // Her mark still counts in the class's results, without her name.
  const list = await request.get(`/api/exams/${exam.id}/merit_list/?class=${east.id}`, {
    headers,
  });
  const { rows } = unpackMeritList(await list.json());
  expect(rows.map((r) => [r.name, r.total_marks])).toEqual([
    ['Erased student', 81],
    ['Akinyi Kamau', 64],
  ]);
  await page.goto(`/students/${wanjiru.id}`);
  await expect(page.getByRole('heading', { name: 'Student not found' })).toBeVisible();

  // The audit log: who did what, by number only.
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit_log$/);
  const entries = page.getByTestId('audit-entry').filter({ visible: true });
  await expect(entries.first()).toContainText(`Erased a student · Student #${wanjiru.id}`);
  // Each of the three downloads (PDF, CSV, JSON) is an export of its own.
  for (const n of [1, 2, 3]) {
    await expect(entries.nth(n)).toContainText(
      `Exported a student's data · Student #${wanjiru.id}`,
    );
  }
  await expect(entries.nth(4)).toContainText(`Changed a consent · Student #${wanjiru.id}`);
  await expect(page.getByRole('main')).not.toContainText('Wanjiru');
  expect(await noSidewaysScroll()).toBe(true);
});
