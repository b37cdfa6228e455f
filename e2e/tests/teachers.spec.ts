import { expect, type Page, test } from '@playwright/test';
import { DEACTIVATED_MESSAGE } from '@shule/shared/auth-constants';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const openActions = async (page: Page, name: string) => {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
};

test('an admin assigns, edits and deactivates a teacher, who then cannot sign in', async ({
  page,
  request,
  browser,
}) => {
  const school = await registerSchoolViaApi(request, 'Kapsabet Boys');
  const { post, schoolId } = await apiSession(request, school);
  const { class: west } = await post(`/classes/?school=${schoolId}`, { name: 'Form 2 West' });
  await post(`/classes/?school=${schoolId}`, { name: 'Form 3 East' });
  await post('/grades/subjects/', { name: 'Mathematics', code: 'MAT', classes: [west.id] });
  await post('/grades/subjects/', { name: 'English', code: 'ENG', classes: [west.id] });

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginViaUi(page, school);
  await page.goto('/teachers');

  // Add a teacher (the empty list offers the button too).
  await expect(page.getByText('No teachers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Teacher' }).first().click();
  const addTeacher = page.getByRole('dialog', { name: 'Add Teacher' });
  await addTeacher.getByLabel('First name').fill('Mary');
  await addTeacher.getByLabel('Last name').fill('Achieng');
  const phone = uniquePhone();
  await addTeacher.getByLabel('Phone number').fill(phone);
  await addTeacher.getByLabel('TSC Number').fill('TSC778899');
  await addTeacher.getByRole('button', { name: 'Add Teacher' }).click();
  const password = (await addTeacher.getByTestId('one-time-password').textContent())!;
  await page.keyboard.press('Escape');
  const row = page.getByTestId('teacher-row').filter({ hasText: 'Mary Achieng' });
  await expect(row).toContainText('Active');

  // Assign Mathematics in Form 2 West from the teacher's row.
  await openActions(page, 'Mary Achieng');
  await page.getByRole('menuitem', { name: 'Assign classes & subjects' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign classes & subjects' });
  await expect(assign).toContainText('No classes or subjects assigned yet.');
  const subject = assign.getByLabel('Subject');
  await expect(subject).toBeDisabled();
  await assign.getByLabel('Class').selectOption({ label: 'Form 3 East' });
  await expect(assign).toContainText('No subject is taught in this class yet');
  await assign.getByLabel('Class').selectOption({ label: 'Form 2 West' });
  await subject.selectOption({ label: 'Mathematics' });
  await assign.getByRole('button', { name: 'Add' }).click();
  await expect(assign.getByTestId('assignment-list')).toContainText('Mathematics · Form 2 West');
  await assign.getByLabel('Subject').selectOption({ label: 'English' });
  await assign.getByRole('button', { name: 'Add' }).click();
  await expect(assign.getByTestId('assignment-list').getByRole('listitem')).toHaveCount(2);
  await shot(page, 'assign-dialog-1280');
  await assign.getByRole('button', { name: 'Remove English · Form 2 West' }).click();
  await expect(assign.getByTestId('assignment-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Assignment removed')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('teaches')).toHaveText('Mathematics · Form 2 West');
  await shot(page, 'teachers-1280');

  // The class shows its subject teachers.
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Subject teachers of Form 2 West' }).click();
  const subjectTeachers = page.getByRole('dialog', { name: 'Subject teachers of Form 2 West' });
  const mathsRow = subjectTeachers.getByRole('listitem').filter({ hasText: 'Mathematics' });
  await expect(mathsRow).toContainText('Mary Achieng');
  await expect(subjectTeachers.getByRole('listitem').filter({ hasText: 'English' })).toContainText(
    'No teacher',
  );
  await shot(page, 'class-subject-teachers-1280');
  await page.keyboard.press('Escape');

  // Phone-sized screens.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/teachers');
  const card = page.getByTestId('teacher-card').filter({ hasText: 'Mary Achieng' });
  await expect(card).toContainText('Mathematics · Form 2 West');
  await shot(page, 'teachers-390');
  await openActions(page, 'Mary Achieng');
  await page.getByRole('menuitem', { name: 'Assign classes & subjects' }).click();
  await expect(assign.getByTestId('assignment-list')).toBeVisible();
  await shot(page, 'assign-dialog-390');
  await page.keyboard.press('Escape');
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Subject teachers of Form 2 West' }).click();
  await expect(mathsRow).toContainText('Mary Achieng');
  await shot(page, 'class-subject-teachers-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Edit the phone: the new number is the login.
  await page.goto('/teachers');
  await openActions(page, 'Mary Achieng');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Teacher' });
  await expect(edit.getByLabel('First name')).toHaveValue('Mary');
  const newPhone = uniquePhone();
  await edit.getByLabel('Phone number').fill(newPhone);
  await expect(edit).toContainText('they sign in with the new number');
  await shot(page, 'edit-dialog-1280');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(newPhone);

  // Deactivate, after saying what happens.
  await openActions(page, 'Mary Achieng');
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate Mary Achieng?' });
  await expect(confirm).toContainText('cannot sign in');
  await shot(page, 'deactivate-confirm-1280');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByTestId('teaches')).toHaveCount(0);

  // The teacher's sign-in says the account is deactivated.
  const teacherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const teacherPage = await teacherContext.newPage();
  await teacherPage.goto('/login');
  await teacherPage.getByLabel('Phone Number').fill(newPhone);
  await teacherPage.getByLabel('Password').fill(password);
  await teacherPage.getByRole('button', { name: 'Login' }).click();
  await expect(teacherPage.getByText(DEACTIVATED_MESSAGE)).toBeVisible();
  await shot(teacherPage, 'login-deactivated-390');
  await teacherContext.close();

  // Activated again, they may sign in (their assignments are not restored).
  await openActions(page, 'Mary Achieng');
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Mathematics');
});
