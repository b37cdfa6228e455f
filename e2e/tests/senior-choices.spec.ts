import { expect, test } from '@playwright/test';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';
import { shoot } from '../support/shots';

/**
 * A senior school's stream on a phone: the admin opens Grade 10 East's subjects from the
 * classes page, sets the whole stream to one combination, moves one learner to another, sees a
 * refusal on that learner's row, fixes it and saves; the learner's page shows the choice.
 */
test("an admin assigns a Grade 10 stream's learners their combinations, at 390 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Maseno School');
  const { post, headers, schoolId } = await apiSession(request, school);
  const { class: east } = await post(`/classes/?school=${schoolId}`, {
    name: '10 East',
    level: 'Grade 10',
  });
  const pathways = await (await request.get('/api/senior/pathways/', { headers })).json();
  const subjectsOf = (pathway: string, names: string[]) => {
    const p = pathways.pathways.find((x: { name: string }) => x.name === pathway);
    const all = p.tracks.flatMap((t: { subjects: { id: number; name: string }[] }) => t.subjects);
    return {
      pathway: p.id,
      subjects: names.map((n) => all.find((s: { name: string }) => s.name === n).id),
    };
  };
  await post('/senior/combinations/', subjectsOf('STEM', ['Biology', 'Chemistry', 'Physics']));
  await post(
    '/senior/combinations/',
    subjectsOf('STEM', ['Biology', 'Physics', 'Computer Studies']),
  );
  await post(
    '/senior/combinations/',
    subjectsOf('Social Sciences', ['History and Citizenship', 'Geography', 'Business Studies']),
  );
  for (const [first, last] of [
    ['Achieng', 'Otieno'],
    ['Baraka', 'Mwangi'],
    ['Chebet', 'Kiprono'],
  ]) {
    await post(`/classes/${east.id}/add_student/`, {
      first_name: first,
      last_name: last,
      date_of_birth: '2010-03-02',
      gender: 'female',
      parent: { first_name: 'Ruth', last_name: last, phone_number: uniquePhone() },
    });
  }
  await loginViaUi(page, school);

  await page.goto('/classes');
  await page.getByRole('link', { name: 'Subjects of 10 East' }).first().click();
  await expect(page.getByRole('heading', { name: '10 East: subjects' })).toBeVisible();

  // The whole stream: STEM, Biology, Chemistry and Physics.
  await page.getByLabel('Pathway', { exact: true }).first().selectOption({ label: 'STEM' });
  await page
    .getByLabel('Combination', { exact: true })
    .first()
    .selectOption({ label: 'BIO/CHE/PHY' });
  await page.getByRole('button', { name: 'Set all 3 learners' }).click();
  await expect(page.getByLabel('Combination of Chebet Kiprono')).toHaveValue(/\d+/);

  // Baraka takes Social Sciences with Core Mathematics: the school does not allow it.
  await page.getByLabel('Pathway of Baraka Mwangi').selectOption({ label: 'Social Sciences' });
  await page.getByLabel('Combination of Baraka Mwangi').selectOption({ label: 'HIS/GEO/BST' });
  await page.getByLabel('Mathematics of Baraka Mwangi').selectOption({ label: 'Core' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const baraka = page.getByRole('listitem').filter({ hasText: 'Baraka Mwangi' });
  await expect(baraka.getByRole('alert')).toContainText(
    'Core Mathematics outside STEM is for learners the school allows',
  );
  await shoot(page, 'senior-stream-subjects-refused');

  await page.getByLabel('Mathematics of Baraka Mwangi').selectOption({ label: 'Essential' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('10 East’s subjects are saved'.replace('’', "'"))).toBeVisible();
  await expect(baraka).toContainText('from ');
  await shoot(page, 'senior-stream-subjects');

  // The learner's page shows the choice and the subjects it makes.
  const stream = await (await request.get(`/api/classes/${east.id}/subjects/`, { headers })).json();
  const barakaId = stream.students.find((x: { name: string }) => x.name === 'Baraka Mwangi').id;
  await page.goto(`/students/${barakaId}`);
  const section = page.getByRole('region', { name: 'Subjects' });
  await expect(section).toContainText('HIS/GEO/BST');
  await expect(section.getByRole('list', { name: 'Subjects taken' })).toContainText(
    'Essential Mathematics',
  );
  await shoot(page, 'senior-learner-subjects');

  await section.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'senior-learner-subjects-dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The choices import checks each row before anything is saved.
  await page.goto('/senior/choices/import');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'choices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'admission_number,pathway,combination,mathematics,language,from\n0001,STEM,BIO/PHY/CMP,Core,KIS,2026-05-04\n0002,STEM,BIO/CHE/PHY,Essential,KIS,2026-05-04\n',
    ),
  });
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByText('A STEM learner takes Core Mathematics').first()).toBeVisible();
  await shoot(page, 'senior-choices-import');
});
