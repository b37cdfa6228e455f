import { type APIResponse, expect, test } from '@playwright/test';
import { seedForm4 } from '../support/results';
import { apiToken, loginViaUi, registerSchoolViaApi } from '../support/school';

test('a combined 30/70 exam made in the browser: 30% of 47 and 70% of 62 is 58 on the report form', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Maseno School');
  const { east, exam: endTerm } = await seedForm4(request, school);
  const { token } = await apiToken(request, school);
  const headers = { authorization: `Bearer ${token}` };
  const ok = async (res: Promise<APIResponse>) => {
    const answer = await res;
    expect(answer.ok(), await answer.text()).toBeTruthy();
    return answer.json();
  };
  const cat = await ok(
    request.post('/api/grades/exams/', {
      headers,
      data: { name: 'CAT 1', start_date: '2026-05-11', end_date: '2026-05-11' },
    }),
  );
  const marks = await ok(
    request.get(`/api/students/students_with_grades/?exam=${endTerm.id}&class=${east.id}`, {
      headers,
    }),
  );
  const baraka = marks.students.find((s: { first_name: string }) => s.first_name === 'Baraka');
  const english = marks.subjects.find((s: { code: string }) => s.code === 'ENG').id;
  // Baraka: English 47 in the CAT, 62 in the End term (55 elsewhere in the End term).
  for (const [examId, mark] of [
    [cat.id, 47],
    [endTerm.id, 62],
  ]) {
    await ok(
      request.post('/api/grades/student_subject_grades/', {
        headers,
        data: { student: baraka.id, exam: examId, subject_marks: { [english]: mark } },
      }),
    );
  }

  // Print Report prints on arrival: stubbed, so no print dialog opens.
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await loginViaUi(page, school);
  await page.goto('/exams');
  await page.getByRole('button', { name: 'Create New Exam' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Term 2 result');
  await dialog.getByLabel('Start Date').fill('2026-08-03');
  await dialog.getByLabel('End Date').fill('2026-08-03');
  await dialog.getByLabel(/Combine results of other exams/).check();
  const picker = dialog.getByRole('list', { name: 'Exams to combine' });
  await picker.getByLabel(/CAT 1/).check();
  await picker.getByLabel(/End term/).check();
  await expect(picker.getByLabel('Weight of CAT 1')).toHaveValue('50');
  await picker.getByLabel('Weight of CAT 1').fill('30');
  await picker.getByLabel('Weight of End term').fill('70');
  await expect(dialog.getByText('2 exams, weights adding up to 100.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Exam' }).click();
  await expect(page.getByText('Exam Created')).toBeVisible();

  // Marked as combined in the list; its page says where its marks come from.
  const row = page.getByRole('row', { name: /Term 2 result/ });
  await expect(row.getByText('Combined')).toBeVisible();
  await row.getByRole('link', { name: 'Term 2 result' }).click();
  await expect(
    page.getByText(
      'Term 2 result combines other exams: its marks are worked out from theirs, not typed in.',
    ),
  ).toBeVisible();
  const parts = page.getByRole('list', { name: 'Exams it combines' });
  await expect(parts.getByRole('listitem')).toHaveText(['CAT 1 30%', 'End term 70%']);

  // Baraka's form: each paper's mark beside the combined one, graded on the KCSE bands.
  await page.getByRole('link', { name: 'Print Report of Baraka Otieno' }).click();
  const form = page.getByRole('article', { name: 'Report form of Baraka Otieno' });
  await expect(form.getByRole('columnheader')).toHaveText([
    'SUBJECT',
    'CAT 1 30%',
    'END TERM 70%',
    'MARK',
    'DEV',
    'GRADE',
    'PTS',
    'POS',
    'COMMENT',
    'TEACHER',
  ]);
  const englishRow = form.getByRole('row', { name: /^English/ });
  await expect(englishRow.getByRole('cell').nth(0)).toHaveText('47');
  await expect(englishRow.getByRole('cell').nth(1)).toHaveText('62');
  await expect(englishRow.getByRole('cell').nth(2)).toHaveText('58');
  await expect(englishRow.getByRole('cell').nth(4)).toHaveText('C+');
  // Kiswahili: End term alone (no CAT mark), so its weight was rescaled.
  const kiswahili = form.getByRole('row', { name: /^Kiswahili/ });
  await expect(kiswahili.getByRole('cell').nth(2)).toHaveText('55*');
  await expect(
    form.getByText(/MARK combines CAT 1 \(30%\) and End term \(70%\)\. \* A paper/),
  ).toBeVisible();
});
