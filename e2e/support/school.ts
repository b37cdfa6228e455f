import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { nextCodeTo, smsTo } from './sms';

let counter = 0;
/** A phone number no other test in this run uses. */
export function uniquePhone() {
  counter += 1;
  // Each run has a fresh database; the worker's pid keeps parallel workers apart.
  return `07${String(process.pid % 10000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
}

export interface TestSchool {
  name: string;
  phone: string;
  password: string;
  adminFirstName: string;
}

/** Registers a school with its admin through the API (for tests about other screens). */
export async function registerSchoolViaApi(
  request: APIRequestContext,
  name = 'Kilimani Academy',
): Promise<TestSchool> {
  const school = { name, phone: uniquePhone(), password: 'secret123', adminFirstName: 'Amina' };
  const res = await request.post('/api/schools/register_school/', {
    data: {
      school: {
        name,
        postal_code: '00100',
        county: 'Nairobi',
        phone_number: '0720000000',
        year_established: '2001',
        type: 'IPS',
      },
      admin: {
        first_name: school.adminFirstName,
        last_name: 'Otieno',
        phone_number: school.phone,
        password: school.password,
      },
    },
  });
  // The e2e server sends SMS (to a fake gateway), so the admin's phone is proved by a code.
  expect(res.status(), await res.text()).toBe(202);
  const confirmed = await request.post('/api/schools/register_school/confirm/', {
    data: { phone_number: school.phone, code: await nextCodeTo(school.phone, 0) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return school;
}

/** Logs in through the login screen and waits for the dashboard. */
export async function loginViaUi(page: Page, school: Pick<TestSchool, 'phone' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(school.phone);
  await page.getByLabel('Password').fill(school.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

/** An access token for seeding data through the API, and the refresh token of its login. */
export async function apiToken(
  request: APIRequestContext,
  school: Pick<TestSchool, 'phone' | 'password'>,
) {
  const res = await request.post('/api/users/login/', {
    data: { username: school.phone, password: school.password },
  });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  return {
    token: body.tokens.access as string,
    refresh: body.tokens.refresh as string,
    schoolId: body.user.school.id as number,
  };
}

/** The admin on the API, for seeding: the auth headers, the school's id and a POST that must succeed. */
export async function apiSession(
  request: APIRequestContext,
  school: Pick<TestSchool, 'phone' | 'password'>,
) {
  const { token, schoolId } = await apiToken(request, school);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data?: object) => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return res.json();
  };
  return { headers, schoolId, post };
}

/** What the tests' teachers choose in place of their one-time password. */
export const TEACHER_OWN_PASSWORD = 'own-pass-2026';

/**
 * Replaces a new teacher's one-time password through the API, as the change screen does after
 * their first sign-in (for tests about other screens): the phone and password to sign in with.
 */
export async function replaceOneTimePassword(
  request: APIRequestContext,
  phone: string,
  oneTimePassword: string,
) {
  const { token } = await apiToken(request, { phone, password: oneTimePassword });
  const res = await request.post('/api/users/change_password/', {
    headers: { authorization: `Bearer ${token}` },
    data: { current_password: oneTimePassword, new_password: TEACHER_OWN_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { phone, password: TEACHER_OWN_PASSWORD };
}

export interface Person {
  first: string;
  last: string;
  phone: string;
  password: string;
}

/** Signs up alone through the API (an account without a school), the code from the SMS and all. */
export async function signUpViaApi(request: APIRequestContext, person: Person) {
  const before = (await smsTo(person.phone)).length;
  const res = await request.post('/api/users/signup/', {
    data: {
      first_name: person.first,
      last_name: person.last,
      username: person.first.toLowerCase(),
      phone_number: person.phone,
      password: person.password,
    },
  });
  expect(res.status(), await res.text()).toBe(202);
  const confirmed = await request.post('/api/users/signup/confirm/', {
    data: { phone_number: person.phone, code: await nextCodeTo(person.phone, before) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
}

/** Signs up alone on /signup, types the code the SMS brings, and waits for the dashboard. */
export async function signUpViaUi(page: Page, person: Person) {
  const before = (await smsTo(person.phone)).length;
  await page.goto('/signup');
  await page.getByLabel('First name').fill(person.first);
  await page.getByLabel('Last name').fill(person.last);
  await page.getByLabel('Username').fill(person.first.toLowerCase());
  await page.getByLabel('Phone number').fill(person.phone);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Repeat Password').fill(person.password);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Code from the SMS').fill(await nextCodeTo(person.phone, before));
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.waitForURL('**/dashboard');
}
