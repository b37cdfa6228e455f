import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, test } from '@playwright/test';
import { documentTitle } from '../../apps/web/src/app/document-title';
import {
  PUBLIC_PAGES,
  SIGNED_IN_PAGES,
  type SignedInPath,
} from '../../apps/web/src/app/page-names';
import { seedForm4 } from '../support/results';
import {
  apiSession,
  loginViaUi,
  registerSchoolViaApi,
  replaceOneTimePassword,
  signUpViaApi,
  uniquePhone,
} from '../support/school';

/** Screenshots of every page, looked at by whoever changes them. */
const SHOTS = process.env.SHOTS_DIR;

/**
 * Moderate in axe's own scale, but each page must still have one main landmark, one h1,
 * headings in order and nothing outside a landmark.
 */
const STRUCTURE_RULES = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'page-has-heading-one',
  'heading-order',
  'region',
]);

/** A school with a class, subjects, a term's exam with marks, a teacher and a message sent. */
async function seedSchool(request: APIRequestContext) {
  const school = await registerSchoolViaApi(request, 'Axe Academy');
  const { schoolId, post, headers } = await apiSession(request, school);
  const { east, exam } = await seedForm4(request, school);
  const physics = await post('/grades/subjects/', {
    name: 'Physics',
    code: 'PHY',
    classes: [east.id],
  });
  const { student } = await post(`/classes/${east.id}/add_student/`, {
    first_name: 'Zawadi',
    last_name: 'Mwangi',
    date_of_birth: '2009-03-02',
    gender: 'female',
    parent: { first_name: 'Ruth', last_name: 'Mwangi', phone_number: uniquePhone() },
    consents: { photos: 'unknown', sms: 'granted' },
  });
  await post('/grades/student_subject_grades/', {
    student: student.id,
    exam: exam.id,
    subject_marks: { [physics.id]: 64 },
  });
  const phone = uniquePhone();
  const added = await post('/staff/teachers/', {
    first_name: 'Otieno',
    last_name: 'Were',
    phone_number: phone,
    tsc_number: `TSC${phone.slice(-6)}`,
  });
  await post(`/staff/teachers/${added.teacher.id}/assignments/`, {
    class: east.id,
    subject: physics.id,
  });
  // An exam open today, so the teacher's dashboard lists the marks they owe.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  await post('/grades/exams/', { name: 'Mid term', start_date: today, end_date: today });
  const teacher = { phone, password: /one-time password (\S+?);/.exec(added.message)?.[1] ?? '' };
  const { message } = await post('/messages/', {
    school: schoolId,
    classes: [east.id],
    content: 'Dear parent, the End term exam starts on Monday.',
  });
  // A CBC level beside Form 4, so its learning areas page has something to show.
  const seven = (await post(`/classes/?school=${schoolId}`, { name: '7 East', level: 'Grade 7' }))
    .class;
  const { levels } = await (await request.get('/api/levels/', { headers })).json();
  const grade7 = levels.find((l: { name: string }) => l.name === 'Grade 7');
  // And an assessment of its Mathematics, so the levels entry screen has learners' rows.
  const { learning_areas } = await (
    await request.get(`/api/cbc/learning_areas/?level=${grade7.id}`, { headers })
  ).json();
  const maths = learning_areas.find((a: { name: string }) => a.name === 'Mathematics');
  await post(`/classes/${seven.id}/add_student/`, {
    first_name: 'Neema',
    last_name: 'Achieng',
    date_of_birth: '2013-03-02',
    gender: 'female',
    parent: { first_name: 'Ruth', last_name: 'Achieng', phone_number: uniquePhone() },
  });
  const assessment = await post('/cbc/assessments/', {
    class: seven.id,
    learning_area: maths.id,
    kind: 'observation',
    date: '2026-11-20',
  });
  // A route's first parameter is an id of what its first segment names.
  const idOf: Record<string, number> = {
    levels: grade7.id,
    assessments: assessment.id,
    classes: seven.id,
    students: student.id,
    subjects: physics.id,
    messages: message.id,
    exams: exam.id,
    // /cbc/classes/:id/summary: a class's CBC term summary.
    cbc: seven.id,
  };
  const fill = (path: SignedInPath) => {
    const id = idOf[path.split('/')[1] ?? ''];
    if (path.includes(':id') && id === undefined) {
      throw new Error(`The axe walk has no id for ${path}: seed one in seedSchool`);
    }
    return path.replace(':id', String(id)).replace(':studentId', String(student.id));
  };
  return { school, teacher, fill };
}

/** Axe's findings that fail the walk, as "path: rule (impact) × nodes, first target". */
async function findings(page: import('@playwright/test').Page, path: string) {
  const { violations } = await new AxeBuilder({ page })
    .options({
      // Experimental in axe 4, so off unless asked for: a control's name must contain its text.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only what fails is collected, which keeps a page's check near half a second.
      resultTypes: ['violations'],
    })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE_RULES.has(v.id))
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) × ${v.nodes.length}, e.g. ${v.nodes[0]?.target.join(' ')}`,
    );
}

async function walk(browser: Browser, request: APIRequestContext, width: number) {
  const { school, teacher, fill } = await seedSchool(request);
  const context = await browser.newContext({
    viewport: { width, height: width > 600 ? 900 : 844 },
  });
  const page = await context.newPage();
  let requests = 0;
  page.on('request', () => requests++);
  page.on('requestfinished', () => requests--);
  page.on('requestfailed', () => requests--);
  /** Until nothing is loading: no request for 300 ms and no skeleton or "Loading..." on screen. */
  const settled = async () => {
    for (let quiet = 0; quiet < 3; quiet = requests === 0 ? quiet + 1 : 0) {
      await page.waitForTimeout(100);
    }
    await page.waitForFunction(
      () =>
        !document.querySelector('.animate-pulse') &&
        !document.body.textContent?.includes('Loading...'),
    );
  };

  const found: string[] = [];
  /** The page on screen, once settled: one h1, and axe's findings under `name`. */
  const check = async (name: string) => {
    await settled();
    if (SHOTS) {
      await page.screenshot({
        path: `${SHOTS}/${width}${name.replace(/\W+/g, '_')}.png`,
        fullPage: true,
      });
    }
    const h1s = await page.getByRole('heading', { level: 1 }).count();
    if (h1s !== 1) found.push(`${name}: ${h1s} h1 headings`);
    found.push(...(await findings(page, name)));
  };
  /** In-app navigation, as a person moves around: no reload per page. */
  const visit = async (path: string, signedIn: boolean) => {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveTitle(documentTitle(path, signedIn ? school.name : null));
    await check(path);
  };
  const signInAs = async (person: { phone: string; password: string }) => {
    await page.evaluate(() => localStorage.clear());
    await loginViaUi(page, person);
  };

  /** Nothing lies over the middle of what `locator` finds: a person can press it. */
  const expectUncovered = async (locator: Locator) => {
    const box = await locator.boundingBox();
    expect(box, String(locator)).toBeTruthy();
    const hit = await locator.evaluate((el, b) => {
      const top = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      return el === top || el.contains(top);
    }, box!);
    expect(hit, `${locator} is covered`).toBe(true);
  };

  await page.goto('/login');
  for (const path of Object.keys(PUBLIC_PAGES)) await visit(path, false);
  await visit('/no-such-page', false);
  await expect(page).toHaveTitle('Page not found · Shule');

  // A failed login: the message, and the way on to sign up, both in reach.
  await visit('/login', false);
  await page.getByLabel('Phone Number').fill(school.phone);
  await page.getByLabel('Password').fill('not-the-password1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await check('/login (wrong password)');
  await expectUncovered(page.getByRole('link', { name: 'Sign up' }));
  await expectUncovered(page.getByRole('button', { name: 'Login' }));

  await loginViaUi(page, school);
  // The welcome toast leaves the menus free.
  await expect(page.getByText('Login successful')).toBeVisible();
  await expectUncovered(
    page.getByRole('button', { name: width < 768 ? 'Open navigation menu' : 'user menu' }),
  );
  for (const path of Object.keys(SIGNED_IN_PAGES) as SignedInPath[]) {
    await visit(fill(path), true);
  }
  await expect(page).toHaveTitle(`Setup · ${school.name} · Shule`);

  // What other people see on the same routes: a teacher's one-time password change, the
  // teacher's dashboard, and the dashboard of a person who signed up without a school.
  await signInAs(teacher);
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await check('/dashboard (one-time password)');
  await signInAs(await replaceOneTimePassword(request, teacher.phone, teacher.password));
  await expect(page.getByRole('link', { name: /^Enter marks: 4 East · Physics/ })).toBeVisible();
  await check('/dashboard (teacher)');
  const alone = { phone: uniquePhone(), password: 'alone-2026' };
  await signUpViaApi(request, { first: 'Jabali', last: 'Kimani', ...alone });
  await signInAs(alone);
  await check('/dashboard (no school)');

  await context.close();
  expect(found, `axe at ${width} px`).toEqual([]);
}

/**
 * Every page of the route table (apps/web/src/app/page-names.ts, checked against the router)
 * through axe-core, signed out and as an admin of a school with a little data.
 */
for (const width of [1280, 390]) {
  test(`every page has no serious accessibility finding at ${width} px`, async ({
    browser,
    request,
  }) => {
    // About sixty pages, each settled and run through axe: two to three minutes on two cores.
    test.setTimeout(360_000);
    await walk(browser, request, width);
  });
}
