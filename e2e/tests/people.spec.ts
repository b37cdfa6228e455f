import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { classHasStudentsMessage } from '@shule/shared/classes';
import { STUDENT_MESSAGES } from '@shule/shared/students';
import { TEACHER_MESSAGES } from '@shule/shared/teachers';
import { apiToken, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

/** A real 2×2 PNG (signature, IHDR, IDAT, IEND with their CRCs), made here so no file is needed. */
function tinyPng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // Two rows, each a filter byte then two RGB pixels.
  const pixels = Buffer.from([0, 22, 101, 52, 22, 101, 52, 0, 22, 101, 52, 22, 101, 52]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function dashboardCounts(page: Page) {
  await page.goto('/dashboard');
  const stat = (title: string) => page.getByTestId(`stat-${title}`);
  await expect(stat('Total Students')).toBeVisible();
  return {
    students: await stat('Total Students').textContent(),
    teachers: await stat('Total Teachers').textContent(),
    classes: await stat('Total Classes').textContent(),
  };
}

async function admitThroughDialog(
  page: Page,
  student: { first: string; last: string; gender: string; born: string; className: string },
  parent: { first: string; last: string; phone: string; email: string },
) {
  const dialog = page.getByRole('dialog', { name: 'Admit student' });
  await dialog.getByLabel('First name', { exact: true }).fill(student.first);
  await dialog.getByLabel('Last name', { exact: true }).fill(student.last);
  await dialog.getByLabel('Date of birth').fill(student.born);
  await dialog.getByLabel('Gender').selectOption(student.gender);
  await dialog.getByLabel('Class', { exact: true }).selectOption({ label: student.className });
  await dialog.getByLabel('Parent first name').fill(parent.first);
  await dialog.getByLabel('Parent last name').fill(parent.last);
  await dialog.getByLabel('Parent phone number').fill(parent.phone);
  await dialog.getByLabel('Parent email').fill(parent.email);
  await dialog.getByRole('button', { name: 'Admit student' }).click();
}

async function seedTeacher(request: APIRequestContext, token: string, firstName: string) {
  const res = await request.post('/api/staff/teachers/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      first_name: firstName,
      last_name: 'Seeded',
      phone_number: uniquePhone(),
      tsc_number: `TSC${Date.now() % 1_000_000}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('classes, siblings, CSV export, a teacher with a photo, dashboard counts and a refused class delete', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Mwangaza Secondary');
  const { token } = await apiToken(request, school);
  // An existing teacher, so "the new one at the top" means something.
  await seedTeacher(request, token, 'Older');
  await loginViaUi(page, school);
  const before = await dashboardCounts(page);
  expect(before).toEqual({ students: '0', teachers: '1', classes: '0' });

  // A class, from the empty state.
  await page.goto('/classes');
  await expect(page.getByText('No Classes Available')).toBeVisible();
  await page.getByRole('button', { name: 'Create class' }).click();
  await page.getByLabel('Class Name').fill('Form 1 East');
  await page.getByRole('button', { name: 'Create Class' }).click();
  await expect(page.getByRole('cell', { name: 'Form 1 East', exact: true })).toBeVisible();

  // Two siblings: the second finds the parent the first created.
  await page.goto('/students');
  await expect(page.getByText(STUDENT_MESSAGES.emptyClass)).toBeVisible();
  await page.getByRole('button', { name: 'Admit student' }).click();
  const parent = { first: 'John', last: 'Mwangi', phone: uniquePhone(), email: 'john@example.com' };
  const dialog = page.getByRole('dialog', { name: 'Admit student' });
  await admitThroughDialog(
    page,
    {
      first: 'Baraka',
      last: 'Mwangi',
      gender: 'male',
      born: '2012-03-04',
      className: 'Form 1 East',
    },
    parent,
  );
  await expect(dialog.getByText('Student admitted with admission number 0001.')).toBeVisible();
  // The parent's phone written as people write it ("0712 345 003") is the same phone.
  const spaced = `${parent.phone.slice(0, 4)} ${parent.phone.slice(4, 7)} ${parent.phone.slice(7)}`;
  await admitThroughDialog(
    page,
    {
      first: 'Zawadi',
      last: 'Mwangi',
      gender: 'female',
      born: '2014-07-09',
      className: 'Form 1 East',
    },
    { ...parent, phone: spaced },
  );
  await expect(dialog.getByText('Student admitted with admission number 0002.')).toBeVisible();
  await expect(
    dialog.getByText(`parent already registered with phone ${parent.phone}`),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Under All…
  const rows = page.getByTestId('student-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Baraka Mwangi');
  await expect(rows.nth(1)).toContainText('Zawadi Mwangi');
  // …and under the class tab, with its boys and girls.
  await page.getByRole('tab', { name: 'Form 1 East' }).click();
  await expect(page).toHaveURL(/class=\d+/);
  await expect(rows).toHaveCount(2);
  const summary = page.getByRole('region', { name: 'Form 1 East summary' });
  await expect(summary.getByTestId('summary-Boys')).toHaveText('1');
  await expect(summary.getByTestId('summary-Girls')).toHaveText('1');
  await expect(summary.getByTestId('summary-Students')).toHaveText('2');

  // Export the students of the class and search (the search narrows them to one); read the file.
  await page.getByLabel('Search students').fill('zaw');
  await expect(rows).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /Export CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^students-form-1-east-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(csv[0]).toMatch(
    /^\uFEFFfirst_name,last_name,date_of_birth,gender,class,admission_number,/,
  );
  expect(csv.slice(1)).toEqual([
    `Zawadi,Mwangi,2014-07-09,female,Form 1 East,0002,John,Mwangi,${parent.phone},john@example.com,,,,,,,,,,,,,,`,
    '',
  ]);
  await page.getByLabel('Search students').fill('');
  await expect(rows).toHaveCount(2);
  const allRows = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /Export CSV/ }).click();
  const all = (await readFile((await (await allRows).path())!, 'utf8')).split('\r\n');
  expect(all.slice(1, -1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual([
    'Baraka Mwangi',
    'Zawadi Mwangi',
  ]);

  // The student card and the full profile.
  await page.getByRole('button', { name: 'Baraka Mwangi' }).click();
  const card = page.getByRole('dialog', { name: 'Student details' });
  await expect(card).toContainText('0001');
  await expect(card).toContainText('John Mwangi');
  await card.getByRole('link', { name: 'View Full Profile' }).click();
  await expect(page).toHaveURL(/\/students\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Baraka Mwangi');
  await expect(page.getByRole('link', { name: parent.phone })).toBeVisible();

  // A teacher with a photo goes to the top, with their one-time password shown once.
  await page.goto('/teachers');
  await expect(page.getByTestId('teacher-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Teacher' }).click();
  const addTeacher = page.getByRole('dialog', { name: 'Add Teacher' });
  await addTeacher.getByLabel('First name').fill('Grace');
  await addTeacher.getByLabel('Last name').fill('Wanjiru');
  await addTeacher.getByLabel('Email').fill('grace@example.com');
  const teacherPhone = uniquePhone();
  await addTeacher.getByLabel('Phone number').fill(teacherPhone);
  await addTeacher.getByLabel('TSC Number').fill('TSC445566');
  await expect(addTeacher.getByLabel('TSC Number')).toHaveAttribute('placeholder', 'TSC123456');
  await addTeacher.getByLabel('Gender').selectOption('female');
  await addTeacher
    .getByLabel('Profile photo')
    .setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(addTeacher.getByText('Photo uploaded')).toBeVisible();
  await addTeacher.getByRole('button', { name: 'Add Teacher' }).click();
  const password = addTeacher.getByTestId('one-time-password');
  await expect(password).toBeVisible();
  await expect(addTeacher.getByRole('status')).toContainText(`log in with phone ${teacherPhone}`);
  await expect(addTeacher.getByLabel('First name')).toHaveValue('');
  await page.keyboard.press('Escape');
  const teacherRows = page.getByTestId('teacher-row');
  await expect(teacherRows).toHaveCount(2);
  await expect(teacherRows.first()).toContainText('Grace Wanjiru');
  // The photo comes through a link the API signed, loads under the page's CSP, and is cached
  // privately; its bare path is refused.
  const photo = teacherRows.first().locator('img');
  await expect(photo).toHaveAttribute(
    'src',
    /^\/uploads\/[A-Za-z0-9_-]+\.png\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/,
  );
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  const src = (await photo.getAttribute('src'))!;
  const signed = await request.get(src);
  expect(signed.status()).toBe(200);
  expect(signed.headers()['cache-control']).toMatch(/^private, max-age=\d+$/);
  expect((await request.get(src.split('?')[0]!)).status()).toBe(403);
  await page.getByLabel('Search teachers').fill('WANJ');
  await expect(teacherRows).toHaveCount(1);

  // The dashboard counts follow.
  expect(await dashboardCounts(page)).toEqual({ students: '2', teachers: '2', classes: '1' });
  await expect(page.getByTestId('gender-Male')).toContainText('1');
  await expect(page.getByTestId('gender-Female')).toContainText('1');

  // A class with students cannot be deleted; the server's reason is shown and nothing is lost.
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Delete Form 1 East' }).click();
  await expect(page.getByText('Are you sure you want to delete this class ?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(classHasStudentsMessage(2))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('cell', { name: 'Form 1 East', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Form 1 East/ })).toContainText('2');
});

test('an admission whose answer is lost on the way is sent again with its key and admits once', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Retry Academy');
  const { token, schoolId } = await apiToken(request, school);
  const created = await request.post(`/api/classes/?school=${schoolId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Form 2 North' },
  });
  expect(created.status()).toBe(201);
  await loginViaUi(page, school);
  await page.goto('/students');
  await page.getByRole('button', { name: 'Admit student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admit student' });

  // The first submission reaches the server, which admits; its answer never comes back.
  const keys: (string | undefined)[] = [];
  await page.route('**/api/classes/*/add_student/', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  const student = {
    first: 'Imani',
    last: 'Chebet',
    gender: 'female',
    born: '2011-02-03',
    className: 'Form 2 North',
  };
  const parent = { first: 'Ruth', last: 'Chebet', phone: uniquePhone(), email: 'ruth@example.com' };
  await admitThroughDialog(page, student, parent);
  await expect(dialog.getByText('Could not reach Shule')).toBeVisible();
  // Sent again as it was: the first answer, not a second child.
  await dialog.getByRole('button', { name: 'Admit student' }).click();
  await expect(dialog.getByText('Student admitted with admission number 0001.')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);

  // The next child is a new submission with a new key.
  await admitThroughDialog(page, { ...student, first: 'Neema' }, parent);
  await expect(dialog.getByText('Student admitted with admission number 0002.')).toBeVisible();
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
  await page.keyboard.press('Escape');
  const rows = page.getByTestId('student-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Imani Chebet' })).toHaveCount(1);
});

test('at 390 px an admin changes a student’s photo on the profile; the old one is gone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Photo Academy');
  const { token, schoolId } = await apiToken(request, school);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(`/api/classes/?school=${schoolId}`, {
    headers,
    data: { name: 'Form 3 West' },
  });
  const classId = (await created.json()).class.id as number;
  const uploaded = await request.post('/api/uploads/', {
    headers,
    multipart: { file: { name: 'first.png', mimeType: 'image/png', buffer: tinyPng() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const first = (await uploaded.json()).secure_url as string;
  const admitted = await request.post(`/api/classes/${classId}/add_student/`, {
    headers,
    data: {
      first_name: 'Akinyi',
      last_name: 'Odhiambo',
      date_of_birth: '2010-04-05',
      gender: 'female',
      profile_photo: first,
      consents: { photos: 'granted', sms: 'unknown' },
      parent: { first_name: 'Mary', last_name: 'Odhiambo', phone_number: uniquePhone() },
    },
  });
  expect(admitted.status(), await admitted.text()).toBe(201);
  const studentId = (await admitted.json()).student.id as number;

  await loginViaUi(page, school);
  await page.goto(`/students/${studentId}`);
  const photo = page.getByRole('main').locator('img').first();
  await expect(photo).toHaveAttribute('src', new RegExp(`^${first.split('?')[0]}\\?expires=`));
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText('Photo saved')).toBeVisible();
  await expect(photo).not.toHaveAttribute('src', new RegExp(`^${first.split('?')[0]}`));
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  // The photo replaced is deleted: its link, still signed, finds nothing.
  expect((await request.get(first)).status()).toBe(404);

  // Removing asks first.
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText("Remove this student's photo?")).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Photo removed')).toBeVisible();
  await expect(page.getByRole('main').locator('img')).toHaveCount(0);
  await expect(page.getByLabel('Add photo')).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the photo upload blocks submit while it runs and says so when it fails', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Upload Academy');
  await loginViaUi(page, school);
  await page.goto('/teachers');
  await page.getByRole('button', { name: 'Add Teacher' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Teacher' });
  await dialog.getByLabel('First name').fill('Slow');
  await dialog.getByLabel('Last name').fill('Upload');
  await dialog.getByLabel('Phone number').fill(uniquePhone());
  await dialog.getByLabel('TSC Number').fill('TSC1');

  // Held upload: submitting now is refused.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/uploads/', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { message: 'Something went wrong' } });
  });
  await dialog
    .getByLabel('Profile photo')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: tinyPng() });
  await dialog.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(dialog.getByText(TEACHER_MESSAGES.uploading)).toBeVisible();

  // The held upload then fails.
  release();
  await expect(dialog.getByText(`${TEACHER_MESSAGES.uploadFailed}:`)).toBeVisible();

  // A file that is not JPEG/PNG is refused before it is sent.
  await dialog
    .getByLabel('Profile photo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('Only JPEG or PNG images are accepted')).toBeVisible();
});

test('at 390 px the students and classes screens show cards and a class select, no sideways scroll', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Narrow Screen School');
  const { token, schoolId } = await apiToken(request, school);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(`/api/classes/?school=${schoolId}`, {
    headers,
    data: { name: 'Grade 7 Blue with a rather long class name' },
  });
  expect(created.status()).toBe(201);
  const classId = (await created.json()).class.id as number;
  const admitted = await request.post(`/api/classes/${classId}/add_student/`, {
    headers,
    data: {
      first_name: 'Nafula',
      last_name: 'Wekesa-Barasa',
      date_of_birth: '2013-01-15',
      gender: 'female',
      parent: { first_name: 'Ruth', last_name: 'Wekesa', phone_number: uniquePhone() },
    },
  });
  expect(admitted.status(), await admitted.text()).toBe(201);
  await loginViaUi(page, school);

  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/students');
  await expect(page.getByTestId('student-card')).toHaveCount(1);
  await expect(page.getByTestId('student-row')).toBeHidden();
  await expect(page.getByRole('tablist', { name: 'Classes' })).toBeHidden();
  await page
    .getByLabel('Show class')
    .selectOption({ label: 'Grade 7 Blue with a rather long class name' });
  await expect(page).toHaveURL(new RegExp(`class=${classId}`));
  await expect(page.getByTestId('student-card')).toHaveCount(1);
  expect(await noSidewaysScroll()).toBe(true);
  await page.getByTestId('student-card').click();
  await expect(page.getByRole('dialog', { name: 'Student details' })).toContainText('Ruth Wekesa');
  expect(await noSidewaysScroll()).toBe(true);

  await page.goto('/classes');
  await expect(page.getByTestId('class-card')).toHaveCount(1);
  await expect(page.getByRole('table')).toBeHidden();
  expect(await noSidewaysScroll()).toBe(true);
});

test('a school of 56 students: pages of 50, server search by name or parent phone, export of all, at 390 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const school = await registerSchoolViaApi(request, 'Paging Academy');
  const { token, schoolId } = await apiToken(request, school);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(`/api/classes/?school=${schoolId}`, {
    headers,
    data: { name: 'Form 4 South' },
  });
  const classId = (await created.json()).class.id as number;
  const phones: string[] = [];
  for (let i = 1; i <= 56; i++) {
    phones.push(uniquePhone());
    const admitted = await request.post(`/api/classes/${classId}/add_student/`, {
      headers,
      data: {
        first_name: i === 56 ? 'Zawadi' : `Pupil${String(i).padStart(2, '0')}`,
        last_name: 'Omondi',
        date_of_birth: '2011-02-03',
        gender: i % 2 ? 'female' : 'male',
        parent: { first_name: 'Mary', last_name: 'Omondi', phone_number: phones.at(-1) },
      },
    });
    expect(admitted.status(), await admitted.text()).toBe(201);
  }
  await loginViaUi(page, school);
  await page.goto('/students');

  const cards = page.getByTestId('student-card');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(cards).toHaveCount(50);
  await expect(pages).toContainText('1–50 of 56');
  await expect(pages.getByRole('button', { name: /Previous/ })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await pages.getByRole('button', { name: /Next/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(6);
  await expect(pages).toContainText('51–56 of 56');
  await expect(cards.last()).toContainText('Zawadi Omondi');

  // The search runs on the server, over every page, from page 1.
  const search = page.getByLabel('Search students');
  await search.fill('zawadi');
  await expect(cards).toHaveCount(1);
  await expect(page).not.toHaveURL(/page=/);
  await expect(pages).toBeHidden();
  await search.fill(phones[9]!);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Pupil10 Omondi');
  await search.fill('nobody here');
  await expect(page.getByText('No student matches your search')).toBeVisible();

  // Export takes every student, not the page on screen.
  await search.fill('');
  await expect(cards).toHaveCount(50);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /Export CSV/ }).click();
  const csv = (await readFile((await (await downloading).path())!, 'utf8')).split('\r\n');
  expect(csv).toHaveLength(58); // the header, 56 students and the last line's end
});
