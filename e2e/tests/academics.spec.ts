import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/** yyyy-mm-dd of today shifted by `days` (the browser and the server share this machine's clock). */
function isoDay(days = 0) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Seeds through the API what other screens own: classes and students. */
async function seeder(request: APIRequestContext, school: { phone: string; password: string }) {
  const { headers, schoolId, post } = await apiSession(request, school);
  const get = async (path: string) => {
    const res = await request.get(`/api${path}`, { headers });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return res.json();
  };
  return {
    schoolId,
    post,
    get,
    addClass: async (name: string) => (await post(`/classes/?school=${schoolId}`, { name })).class,
    admit: (classId: number, first_name: string, last_name: string, gender: 'male' | 'female') =>
      post(`/classes/${classId}/add_student`, {
        first_name,
        last_name,
        date_of_birth: '2010-05-14',
        gender,
        parent: { first_name: 'Grace', last_name, phone_number: uniquePhone() },
      }),
  };
}

/** True when nothing on the page is wider than the screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('KCSE scale, a subject and its bands, a year, a term and an exam, then scores that survive a reload', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Maseno School');
  const seed = await seeder(request, school);
  const form1 = await seed.addClass('Form 1 East');
  await seed.admit(form1.id, 'Wanjiru', 'Kamau', 'female');
  await seed.admit(form1.id, 'Otieno', 'Odhiambo', 'male');
  await loginViaUi(page, school);

  // Grades: one click gives the twelve KCSE grades.
  await page.goto('/grades');
  await expect(page.getByText('No grades yet')).toBeVisible();
  await page.getByRole('button', { name: 'Use the KCSE 12-point scale' }).click();
  await expect(page.getByText('KCSE scale applied')).toBeVisible();
  const gradeRows = page.getByRole('table').getByRole('row');
  await expect(gradeRows).toHaveCount(13);
  await expect(gradeRows.nth(1)).toContainText('A plain');
  await expect(gradeRows.nth(12)).toContainText('E');
  await page.getByPlaceholder('Search grades...').fill('b+');
  await expect(gradeRows).toHaveCount(2);
  await expect(gradeRows.nth(1)).toContainText('B plus');

  // Subjects: the code turns upper case as typed; the subject is taught in Form 1 East.
  await page.goto('/subjects');
  await page.getByRole('button', { name: 'Add Subject' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Mathematics');
  await dialog.getByLabel('Code').pressSequentially('mat');
  await expect(dialog.getByLabel('Code')).toHaveValue('MAT');
  await dialog.getByLabel('Form 1 East').check();
  await dialog.getByRole('button', { name: 'Add Subject' }).click();
  await expect(page.getByText('Subject added successfully')).toBeVisible();
  await expect(
    page.getByRole('row', {
      name: /Mathematics MAT Group I: Languages and mathematics Form 1 East/,
    }),
  ).toBeVisible();

  // Its bands: the KCSE defaults; an overlap is refused; a fixed set is saved and kept.
  await page.getByRole('link', { name: 'Mathematics' }).click();
  await expect(page.getByRole('heading', { name: 'Mathematics' })).toBeVisible();
  const minA = page.getByLabel('Min score for A (A plain)');
  const maxAMinus = page.getByLabel('Max score for A- (A minus)');
  await expect(minA).toHaveValue('80');
  await expect(maxAMinus).toHaveValue('79');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await maxAMinus.fill('80');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'overlap' })).toBeVisible();
  await minA.fill('81');
  await save.click();
  await expect(page.getByText('Grading bands updated')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(minA).toHaveValue('81');
  await expect(maxAMinus).toHaveValue('80');

  // An academic year around today, so it is Ongoing.
  const yearStart = isoDay(-100);
  const yearEnd = isoDay(200);
  await page.goto('/academic_years');
  await page.getByRole('button', { name: 'Add Academic Year' }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveAttribute(
    'placeholder',
    '2022-2024',
  );
  await page.getByRole('dialog').getByLabel('Name').fill('2025-2026');
  await page.getByLabel('Start Date').fill(yearStart);
  await page.getByLabel('End Date').fill(yearEnd);
  await page.getByRole('dialog').getByRole('button', { name: 'Add Academic Year' }).click();
  await expect(page.getByText('Academic year added successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /2025-2026 .* Ongoing/ })).toBeVisible();
  // Export is a CSV of the rows shown; Filter keeps one status.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe('academic-years.csv');
  expect(readFileSync(await csv.path(), 'utf8')).toBe(
    `Year,Start Date,End Date,Status\r\n2025-2026,${yearStart},${yearEnd},Ongoing`,
  );
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('menuitemradio', { name: 'Completed' }).click();
  await expect(page.getByText('No academic years match the search or filter.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();

  // A term: outside its year the server's message shows; inside, it is added.
  await page.goto('/terms');
  await page.getByRole('button', { name: 'Add Term' }).first().click();
  const termDialog = page.getByRole('dialog');
  await termDialog.getByLabel('Name').fill('Term 1');
  await expect(termDialog.getByLabel('Academic Year')).toHaveValue(/\d+/);
  await termDialog.getByLabel('Start Date').fill(isoDay(-150));
  await termDialog.getByLabel('End Date').fill(isoDay(-10));
  await termDialog.getByRole('button', { name: 'Add Term' }).click();
  await expect(
    termDialog.getByText('The term must lie within its academic year 2025-2026'),
  ).toBeVisible();
  await termDialog.getByLabel('Start Date').fill(isoDay(-90));
  await termDialog.getByRole('button', { name: 'Add Term' }).click();
  await expect(page.getByText('Term added successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Term 1 .* 2025-2026 Completed/ })).toBeVisible();

  // An exam, opened for grading from its name.
  await page.goto('/exams');
  await page.getByRole('button', { name: 'Create New Exam' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Mid Term 1');
  await page.getByLabel('Start Date').fill(isoDay(-1));
  await page.getByLabel('End Date').fill(isoDay(3));
  await page.getByRole('dialog').getByRole('button', { name: 'Create Exam' }).click();
  await expect(page.getByText('Exam added successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Mid Term 1 .* Ongoing/ })).toBeVisible();
  await page.getByRole('link', { name: 'Mid Term 1' }).click();
  await expect(page.getByRole('heading', { name: 'Mid Term 1', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Merit List' })).toBeEnabled();

  // Scores for two students.
  const marks = { 'Wanjiru Kamau': '78', 'Otieno Odhiambo': '64.5' };
  for (const [name, mark] of Object.entries(marks)) {
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    const panel = page.getByRole('region', { name: `Scores of ${name}` });
    const saveScores = panel.getByRole('button', { name: 'Save Changes' });
    await expect(saveScores).toBeDisabled();
    await panel.getByLabel('Mathematics').fill(mark);
    await saveScores.click();
    await expect(page.getByText('Student subjects updated successfully')).toBeVisible();
    // The row counts the marks the server answered with.
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('1/1 scored');
    await expect(saveScores).toBeDisabled();
  }
  // Expanding the same student again collapses it.
  await page.getByRole('button', { name: /^Wanjiru Kamau/ }).click();
  await expect(page.getByRole('region', { name: 'Scores of Wanjiru Kamau' })).toBeHidden();

  // A mark above 100 is refused, and nothing is saved (Otieno is still expanded).
  const otieno = page.getByRole('region', { name: 'Scores of Otieno Odhiambo' });
  await otieno.getByLabel('Mathematics').fill('140');
  await otieno.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    otieno.getByText('Score for Mathematics must be a number from 0 to 100, X or Y'),
  ).toBeVisible();

  await page.reload();
  for (const [name, mark] of Object.entries(marks)) {
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(
      page.getByRole('region', { name: `Scores of ${name}` }).getByLabel('Mathematics'),
    ).toHaveValue(mark);
  }
});

test('grades and exam grading work on a 390 px phone', async ({ page, request }) => {
  const school = await registerSchoolViaApi(request, 'Kisumu Girls');
  const seed = await seeder(request, school);
  const form2 = await seed.addClass('Form 2 West');
  await seed.admit(form2.id, 'Achieng', 'Njeri', 'female');
  const form3 = await seed.addClass('Form 3 North');
  await seed.admit(form3.id, 'Kiprop', 'Ruto', 'male');
  await seed.post('/grades/grades/kcse/');
  await seed.post('/grades/subjects/', {
    name: 'English',
    code: 'ENG',
    classes: [form2.id],
    school: seed.schoolId,
  });
  const exam = await seed.post('/grades/exams/', {
    name: 'Opener Exam',
    start_date: isoDay(0),
    end_date: isoDay(2),
    school: seed.schoolId,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaUi(page, school);

  await page.goto('/grades');
  const cards = page.getByRole('list', { name: 'Grades' });
  await expect(cards).toBeVisible();
  await expect(cards.getByRole('listitem')).toHaveCount(12);
  await expect(page.getByRole('table')).toBeHidden();
  expect(await fitsWidth(page)).toBe(true);
  await page.getByRole('button', { name: 'Delete E', exact: true }).click();
  await expect(page.getByText('Are you sure you want to delete this grade ?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/exams/${exam.id}`);
  await expect(page.getByRole('heading', { name: 'Opener Exam', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Achieng Njeri/ }).click();
  const panel = page.getByRole('region', { name: 'Scores of Achieng Njeri' });
  await panel.getByLabel('English').fill('91');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Scores updated successfully')).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: /^Achieng Njeri/ }).click();
  await expect(panel.getByLabel('English')).toHaveValue('91');

  // One class at a time: choosing another loads that class only, and the address keeps it.
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Form 3 North' });
  await expect(page).toHaveURL(new RegExp(`class=${form3.id}`));
  await expect(page.getByRole('button', { name: /^Kiprop Ruto/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Achieng Njeri/ })).toBeHidden();
  await page.getByRole('button', { name: /^Kiprop Ruto/ }).click();
  await expect(page.getByText('No subjects for Form 3 North yet.')).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Kiprop Ruto/ })).toBeVisible();
});

test('a level, a KCSE group, an exam for a term and a level, a dropped subject and X marks', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Nyeri High');
  const seed = await seeder(request, school);
  await seed.post(`/classes/?school=${seed.schoolId}`, { name: '4 West', level: 'Form 4' });
  await loginViaUi(page, school);

  // A class of the level Form 4, which the dialog suggests from the school's classes.
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Add class' }).click();
  const classDialog = page.getByRole('dialog');
  await classDialog.getByLabel('Class Name').fill('4 East');
  await classDialog.getByLabel('Level').fill('Form 4');
  await classDialog.getByRole('button', { name: 'Create Class' }).click();
  await expect(page.getByRole('row', { name: /^4 East Form 4/ })).toBeVisible();
  const { classes } = await seed.get(`/classes/?school=${seed.schoolId}`);
  const east = classes.find((c: { name: string }) => c.name === '4 East');
  expect(east.level).toBe('Form 4');
  const { student } = await seed.admit(east.id, 'Wanjiru', 'Kamau', 'female');

  // Subjects: the group follows the code as it is typed.
  for (const [name, code] of [
    ['English', 'ENG'],
    ['Mathematics', 'MAT'],
    ['French', 'FRE'],
  ]) {
    await seed.post('/grades/subjects/', { name, code, classes: [east.id], school: seed.schoolId });
  }
  await page.goto('/subjects');
  await page.getByRole('button', { name: 'Add Subject' }).first().click();
  const subjectDialog = page.getByRole('dialog');
  await subjectDialog.getByLabel('Name').fill('Biology');
  await subjectDialog.getByLabel('Code').pressSequentially('bio');
  await expect(subjectDialog.getByLabel('KCSE group')).toHaveValue('sciences');
  await subjectDialog.getByRole('button', { name: 'Add Subject' }).click();
  await expect(page.getByRole('row', { name: /Biology BIO Group II: Sciences/ })).toBeVisible();

  // Form 4 is on 8-4-4; a Grade 10 stream beside it starts on CBC, and the choice is kept (its
  // senior-school subjects take the school's English, French and Biology as they are).
  await seed.post(`/classes/?school=${seed.schoolId}`, { name: '10 Blue', level: 'Grade 10' });
  await page.goto('/classes');
  const levelsCard = page.getByRole('region', { name: 'Levels and curricula' });
  await expect(levelsCard.getByLabel('Curriculum of Form 4')).toHaveValue('8-4-4');
  await expect(levelsCard.getByText('2 classes')).toBeVisible();
  await expect(levelsCard.getByLabel('Curriculum of Grade 10')).toHaveValue('cbc');
  await shoot(page, 'classes-levels');
  await levelsCard.getByLabel('Curriculum of Form 4').selectOption('cbc');
  await expect(page.getByText('Form 4 is on CBC')).toBeVisible();
  await page.reload();
  await expect(levelsCard.getByLabel('Curriculum of Form 4')).toHaveValue('cbc');
  await levelsCard.getByLabel('Curriculum of Form 4').selectOption('8-4-4');
  await expect(page.getByText('Form 4 is on 8-4-4 (KCSE)')).toBeVisible();

  // An exam of Term 2 that Form 4 sits.
  const year = await seed.post('/fees/academic_years/', {
    name: '2026',
    start_date: isoDay(-200),
    end_date: isoDay(100),
  });
  await seed.post('/fees/terms/', {
    name: 'Term 2',
    start_date: isoDay(-30),
    end_date: isoDay(30),
    academic_year: year.id,
  });
  await page.goto('/exams');
  await page.getByRole('button', { name: 'Create New Exam' }).first().click();
  const examDialog = page.getByRole('dialog');
  await examDialog.getByLabel('Name').fill('Form 4 Mock');
  await examDialog.getByLabel('Start Date').fill(isoDay(-1));
  await examDialog.getByLabel('End Date').fill(isoDay(3));
  await examDialog.getByLabel('Term').selectOption({ label: 'Term 2 (2026)' });
  await examDialog.getByRole('group', { name: 'Levels' }).getByLabel('Form 4').check();
  await expect(examDialog.getByText('2 classes sit it.')).toBeVisible();
  await examDialog.getByRole('button', { name: 'Create Exam' }).click();
  await expect(page.getByRole('row', { name: /Form 4 Mock Term 2/ })).toBeVisible();
  const exams = await seed.get(`/grades/exams/?school=${seed.schoolId}`);
  expect(exams[0]).toMatchObject({ name: 'Form 4 Mock', levels: ['Form 4'], classes: [] });

  // Wanjiru dropped French and came with KCPE marks.
  await page.goto(`/students/${student.id}`);
  const details = page.getByRole('region', { name: 'Results details' });
  await expect(details.getByText('All 3 subjects of 4 East')).toBeVisible();
  await details.getByRole('button', { name: 'Edit' }).click();
  const detailsDialog = page.getByRole('dialog');
  await detailsDialog.getByLabel(/French/).uncheck();
  await detailsDialog.getByLabel('Entry exam').selectOption('KCPE');
  await detailsDialog.getByLabel('Index number').fill('12345678901');
  await detailsDialog.getByLabel('Entry marks').fill('389');
  await detailsDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(details.getByText('2 of the 3 subjects of 4 East')).toBeVisible();
  await expect(details.getByText('389')).toBeVisible();

  // Grading: French is a dash for her; X is absent and is kept as X.
  await page.goto(`/exams/${exams[0].id}?class=${east.id}`);
  await page.getByRole('button', { name: /^Wanjiru Kamau/ }).click();
  const panel = page.getByRole('region', { name: 'Scores of Wanjiru Kamau' });
  await expect(panel.getByText('Does not take French')).toBeAttached();
  await expect(panel.getByLabel('French')).toHaveCount(0);
  await panel.getByLabel('English').fill('x');
  await expect(panel.getByLabel('English')).toHaveValue('X');
  await panel.getByLabel('Mathematics').fill('71');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Student subjects updated successfully')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: /^Wanjiru Kamau/ }).click();
  await expect(panel.getByLabel('English')).toHaveValue('X');
  await expect(panel.getByLabel('Mathematics')).toHaveValue('71');
});
