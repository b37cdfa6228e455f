import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { documentTitle } from '../../apps/web/src/app/document-title';
import {
  PUBLIC_PAGES,
  SIGNED_IN_PAGES,
  type SignedInPath,
} from '../../apps/web/src/app/page-names';
import { seedForm4 } from '../support/results';
import { apiSession, loginViaUi, registerSchoolViaApi, uniquePhone } from '../support/school';

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
  const { schoolId, post } = await apiSession(request, school);
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
  await post('/staff/teachers/', {
    first_name: 'Otieno',
    last_name: 'Were',
    phone_number: phone,
    tsc_number: `TSC${phone.slice(-6)}`,
  });
  const { message } = await post('/messages/', {
    school: schoolId,
    classes: [east.id],
    content: 'Dear parent, the End term exam starts on Monday.',
  });
  // A route's first parameter is an id of what its first segment names.
  const idOf: Record<string, number> = {
    students: student.id,
    subjects: physics.id,
    messages: message.id,
    exams: exam.id,
  };
  const fill = (path: SignedInPath) =>
    path
      .replace(':id', String(idOf[path.split('/')[1] ?? '']))
      .replace(':studentId', String(student.id));
  return { school, fill };
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
  const { school, fill } = await seedSchool(request);
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
  /** In-app navigation, as a person moves around: no reload per page. */
  const visit = async (path: string, signedIn: boolean) => {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveTitle(documentTitle(path, signedIn ? school.name : null));
    await settled();
    if (SHOTS) {
      const name = path.replace(/\//g, '_');
      await page.screenshot({ path: `${SHOTS}/${width}${name}.png`, fullPage: true });
    }
    const h1s = await page.getByRole('heading', { level: 1 }).count();
    if (h1s !== 1) found.push(`${path}: ${h1s} h1 headings`);
    found.push(...(await findings(page, path)));
  };

  await page.goto('/login');
  for (const path of Object.keys(PUBLIC_PAGES)) await visit(path, false);
  await visit('/no-such-page', false);
  await expect(page).toHaveTitle('Page not found · Shule');

  await loginViaUi(page, school);
  for (const path of Object.keys(SIGNED_IN_PAGES) as SignedInPath[]) {
    await visit(fill(path), true);
  }
  await expect(page).toHaveTitle(`Setup · ${school.name} · Shule`);

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
    test.setTimeout(180_000);
    await walk(browser, request, width);
  });
}
