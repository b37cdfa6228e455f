import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RegisterSchoolBody } from '@shule/shared/institution';
import type { RoleName } from '@shule/shared/roles';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';
import { type App, type AppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { accountSms, teachers, teachingAssignments, users } from '../db/schema/index';
import { isSessionVersionRead, openSession } from '../modules/auth/sessions';
import { grantRole } from '../modules/auth/users';
import { type LargeSchoolOptions, seedLargeSchool } from './large-school';

/** Which database the API tests run on: PGlite, or PostgreSQL when TEST_DB=postgres. */
export const testDriver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function openTestDatabase(): Promise<Database> {
  if (testDriver === 'pglite') {
    const template = inject('pgliteTemplate');
    return openPglite(undefined, template ? new Blob([readFileSync(template)]) : undefined);
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  // Each test file gets a scratch database of its own, copied from the migrated template
  // (test/global-setup.ts) and dropped when it closes.
  const name = `shule_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openPostgres(scratch.toString());
  return {
    db: database.db,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/** A fresh app on a fresh, migrated database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { onRoute, logger }: Pick<AppOptions, 'onRoute' | 'logger'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-test-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
      // Every test registers its schools (and asks for codes) from one address;
      // modules/auth/throttle.test.ts and one-time-codes.test.ts hold the limits a server starts with.
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '1000000',
      CODES_PER_ADDRESS_PER_15_MINUTES: '1000000',
      // Tests send bursts of their own on a busy machine; plugins/load-shedding.test.ts holds
      // the bound a server starts with.
      MAX_REQUESTS_IN_FLIGHT: '10000',
    }),
    ...overrides,
  };
  const database = await openTestDatabase();
  const app = await buildApp({ config, db: database.db, onRoute, logger });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type SchoolsNamed<N extends string[]> = { [K in keyof N]: SignedInSchool };

/**
 * For a test file: a fresh app (`t`) with one registered, signed-in school per name, made before
 * the file's first test and closed after its last. The objects answered are filled in then, so
 * read their fields inside tests and hooks only.
 */
export function useTestApp<N extends string[]>(...schoolNames: N) {
  const t = {} as TestApp;
  const schools = schoolNames.map(() => ({}) as SignedInSchool) as SchoolsNamed<N>;
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    for (const [i, name] of schoolNames.entries()) {
      Object.assign(schools[i]!, await registerSchool(t.app, name));
    }
  });
  afterAll(() => t.close?.());

  /** A JSON request with the given headers ({} for none). */
  const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, payload });

  /** POSTs `body` to `path` as `who`, expects 201, and answers the JSON. */
  const create = async (who: SignedInSchool, path: string, body: object) => {
    const res = await call('POST', path, who.auth, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  /**
   * A school of its own for one test, registered and signed in: for a test that counts or lists
   * what a school holds, so it depends on no other test of the file.
   */
  const newSchool = (name?: string) => registerSchool(t.app, name);

  return { t, schools, call, create, newSchool };
}

/** Awaits the response, expects its status (and `message`, when given), and answers it. */
export async function expectStatus(
  response: LightMyRequestResponse | Promise<LightMyRequestResponse>,
  status: number,
  message?: string,
) {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) expect(json(res).message).toBe(message);
  return res;
}

/** The 403 message for a `school`/`school_id` parameter naming another school. */
export const OTHER_SCHOOL_MESSAGE = 'You can only see and change your own school';

let phoneCounter = 0;
/** A valid, unused 10-digit phone number for this test run. */
export function uniquePhone() {
  phoneCounter += 1;
  return `07${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

/**
 * The account SMS queued for `phone` and not sent yet, oldest first: what would reach the phone
 * (the tests run no outbox worker, so a code's text waits in its row).
 */
export async function accountSmsTo(app: App, phone: string) {
  const rows = await app.db
    .select({ content: accountSms.content })
    .from(accountSms)
    .where(sql`${accountSms.phoneNumber} = ${phone} and ${accountSms.content} is not null`)
    .orderBy(accountSms.id);
  return rows.map((r) => r.content!);
}

/** The code of the latest code SMS queued for `phone`. */
export async function codeSentTo(app: App, phone: string) {
  const texts = await accountSmsTo(app, phone);
  const code = texts
    .reverse()
    .find((text) => /^\d{6} is your code/.test(text))
    ?.slice(0, 6);
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

export function schoolRegistration(overrides: { adminPhone?: string; name?: string } = {}) {
  return {
    school: {
      name: overrides.name ?? 'Moi Girls High School',
      postal_code: '00100',
      county: 'Nairobi',
      phone_number: '0720000000',
      email: 'info@moigirls.ac.ke',
      year_established: '1990',
      type: 'IPS',
    },
    admin: {
      first_name: 'Jane',
      last_name: 'Wanjiku',
      email: 'jane@moigirls.ac.ke',
      phone_number: overrides.adminPhone ?? uniquePhone(),
      password: 'secret123',
    },
  } satisfies RegisterSchoolBody;
}

export interface SignedInSchool {
  schoolId: number;
  userId: number;
  token: string;
  refresh: string;
  phone: string;
  /** Authorization header for inject. */
  auth: { authorization: string };
}

/** Registers a school with its admin and logs the admin in. */
export async function registerSchool(app: App, name?: string): Promise<SignedInSchool> {
  const body = schoolRegistration({ name });
  const registered = await app.inject({
    method: 'POST',
    url: '/api/schools/register_school/',
    payload: body,
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  return login(app, body.admin.phone_number, body.admin.password);
}

export async function login(app: App, phone: string, password: string): Promise<SignedInSchool> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: { username: phone, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const { tokens, user } = res.json();
  return {
    schoolId: user.school?.id,
    userId: user.id,
    token: tokens.access,
    refresh: tokens.refresh,
    phone,
    auth: { authorization: `Bearer ${tokens.access}` },
  };
}

/**
 * An Authorization header for `userId` of `schoolId` holding `role`, signed as a login would sign
 * it for an account whose version was never raised (0), in a session of its own.
 */
export async function bearerOf(
  app: App,
  userId: number,
  schoolId: number,
  role: RoleName,
  extra: { password_change_required?: true } = {},
) {
  const sessionId = await openSession(
    app.db,
    { id: userId, schoolId },
    { address: null, device: 'Test' },
  );
  const token = await app.signAccessToken({
    sub: String(userId),
    school_id: schoolId,
    roles: [{ name: role }],
    session_version: 0,
    session_id: sessionId,
    ...extra,
  });
  return { authorization: `Bearer ${token}` };
}

/** An Authorization header for a new user of `schoolId` holding `role`. */
export async function authAs(app: App, schoolId: number, role: RoleName) {
  const [user] = await app.db
    .insert(users)
    .values({
      schoolId,
      firstName: 'Test',
      lastName: role,
      username: role,
      phoneNumber: uniquePhone(),
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  await grantRole(app.db, user!.id, role);
  return bearerOf(app, user!.id, schoolId, role);
}

/**
 * A teacher of `schoolId` (login, role and teachers row) teaching each (class, subject) of
 * `teaches`: the Authorization header with the teacher's and the user's ids.
 */
export async function teacherOf(
  app: App,
  schoolId: number,
  teaches: { classId: number; subjectId: number }[] = [],
) {
  const [user] = await app.db
    .insert(users)
    .values({
      schoolId,
      firstName: 'Test',
      lastName: 'Teacher',
      username: 'teacher',
      phoneNumber: uniquePhone(),
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  await grantRole(app.db, user!.id, 'teacher');
  const [teacher] = await app.db
    .insert(teachers)
    .values({ schoolId, userId: user!.id })
    .returning({ id: teachers.id });
  if (teaches.length > 0) {
    await app.db
      .insert(teachingAssignments)
      .values(
        teaches.map((x) => ({ schoolId, teacherId: teacher!.id, createdBy: user!.id, ...x })),
      );
  }
  return {
    auth: await bearerOf(app, user!.id, schoolId, 'teacher'),
    userId: user!.id,
    teacherId: teacher!.id,
  };
}

/**
 * How many SQL statements `run` sends through the app's database (outside transactions),
 * whichever driver is behind it: both drizzle sessions call `client.query`. The session check's
 * read (once per user every few seconds, not per request) is left out.
 */
export async function countQueries(app: App, run: () => Promise<unknown>) {
  const client = (
    app.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }
  ).session.client;
  const spy = vi.spyOn(client, 'query');
  try {
    await run();
    return spy.mock.calls.filter(([statement]) => !isSessionVersionRead(statement)).length;
  } finally {
    spy.mockRestore();
  }
}

export const json = (res: LightMyRequestResponse) =>
  res.json() as Record<string, unknown> & { message?: string };

/** seedLargeSchool on a test app, with its admin signed in (for requests as that school). */
export async function seedSignedInLargeSchool(
  app: App,
  options: LargeSchoolOptions & { adminPhone: string },
) {
  const school = await seedLargeSchool(app.db, options);
  return { ...school, who: await login(app, options.adminPhone, school.admin.password) };
}
export type SignedInLargeSchool = Awaited<ReturnType<typeof seedSignedInLargeSchool>>;

/**
 * For a test file: a fresh app with two seeded schools, 20 students in 4 classes and 2,000 in 16,
 * their admins signed in (phones `${phonePrefix}1` and `${phonePrefix}2`), made before the first
 * test. Read `schools.small` and `schools.large` inside tests only.
 */
export function useSmallAndLargeSchool(phonePrefix: string) {
  const { t } = useTestApp();
  const schools = {} as { small: SignedInLargeSchool; large: SignedInLargeSchool };
  beforeAll(async () => {
    schools.small = await seedSignedInLargeSchool(t.app, {
      students: 20,
      classes: 4,
      adminPhone: `${phonePrefix}1`,
    });
    schools.large = await seedSignedInLargeSchool(t.app, {
      students: 2000,
      classes: 16,
      adminPhone: `${phonePrefix}2`,
    });
  });
  return { t, schools };
}
