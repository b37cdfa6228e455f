import { MESSAGES } from '@shule/shared/fields';
import type { RegisterSchoolBody } from '@shule/shared/institution';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools, users } from '../../db/schema/index';
import { json, login, schoolRegistration, uniquePhone, useTestApp } from '../../test/app';

const { t } = useTestApp();

const register = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/schools/register_school/',
    payload: payload as object,
  });

async function schoolsNamed(name: string) {
  const [row] = await t.app.db.select({ n: count() }).from(schools).where(eq(schools.name, name));
  return row!.n;
}

const thisYear = new Date().getFullYear();

async function signUpAlone(phone: string) {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/users/signup/',
    payload: {
      first_name: 'Otieno',
      last_name: 'Ouma',
      username: 'otieno',
      phone_number: phone,
      password: 'secret123',
    },
  });
  expect(signup.statusCode).toBe(201);
  return signup.json().tokens as { token: string; refresh: string };
}

describe('POST /api/schools/register_school/', () => {
  it('creates the school and its admin (201), who can then log in as admin of that school', async () => {
    const body = schoolRegistration({ name: 'Alliance High School' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      message: 'School created successfully',
      school: {
        id: expect.any(Number),
        name: 'Alliance High School',
        postal_code: '00100',
        phone_number: '0720000000',
        email: 'info@moigirls.ac.ke',
      },
    });

    const [row] = await t.app.db.select().from(schools).where(eq(schools.id, created.school.id));
    expect(row).toMatchObject({ county: 'Nairobi', yearEstablished: 1990, type: 'IPS' });

    const admin = await login(t.app, body.admin.phone_number, body.admin.password);
    expect(admin.schoolId).toBe(created.school.id);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/user/', headers: admin.auth });
    expect(me.json()).toMatchObject({
      first_name: 'Jane',
      last_name: 'Wanjiku',
      phone_number: body.admin.phone_number,
      roles: [{ name: 'admin' }],
      school: { id: created.school.id, name: 'Alliance High School' },
    });
  });

  it('stores the admin password as an argon2id hash (m=19456, t=2, p=1), never in clear', async () => {
    const body = schoolRegistration();
    expect((await register(body)).statusCode).toBe(201);
    const [user] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.phoneNumber, body.admin.phone_number));
    expect(user!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.hash).not.toContain(body.admin.password);
  });

  it('accepts the year as a number and leaves optional fields out', async () => {
    const body = schoolRegistration();
    const res = await register({
      school: { ...body.school, year_established: 2001, email: '', website: '' },
      admin: { ...body.admin, email: undefined },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().school.email).toBeNull();
  });

  type Body = ReturnType<typeof schoolRegistration>;
  const school =
    (change: Partial<Record<keyof RegisterSchoolBody['school'], unknown>>) => (b: Body) => ({
      ...b,
      school: { ...b.school, ...change },
    });
  const admin =
    (change: Partial<Record<keyof RegisterSchoolBody['admin'], unknown>>) => (b: Body) => ({
      ...b,
      admin: { ...b.admin, ...change },
    });
  const refused: [string, (b: Body) => unknown, string][] = [
    ['school.name', school({ name: 'A' }), MESSAGES.institutionName],
    ['school.postal_code', school({ postal_code: '00-100' }), MESSAGES.postalCode],
    ['school.county', school({ county: 'Kampala' }), MESSAGES.county],
    ['school.phone_number', school({ phone_number: '72000000' }), MESSAGES.phone],
    ['school.email', school({ email: 'info-at-school' }), MESSAGES.email],
    ['school.year_established', school({ year_established: String(thisYear + 1) }), MESSAGES.year],
    ['school.year_established', school({ year_established: '1899' }), MESSAGES.year],
    ['school.type', school({ type: 'University' }), MESSAGES.institutionType],
    ['school.website', school({ website: 'not a url' }), MESSAGES.website],
    ['admin.first_name', admin({ first_name: 'J4ne' }), MESSAGES.personName],
    ['admin.last_name', admin({ last_name: 'W' }), MESSAGES.personName],
    ['admin.email', admin({ email: 'jane@' }), MESSAGES.email],
    ['admin.phone_number', admin({ phone_number: '+25471100000' }), MESSAGES.phone],
    ['admin.password', admin({ password: 'password' }), MESSAGES.password],
    ['admin.password', admin({ password: 'pass123' }), MESSAGES.password],
    ['school.name', school({ name: '' }), 'Institution name is required'],
    ['school.postal_code', school({ postal_code: undefined }), 'Postal code is required'],
    ['school.county', school({ county: '' }), 'County is required'],
    ['school.phone_number', school({ phone_number: '' }), 'Phone is required'],
    ['school.year_established', school({ year_established: '' }), 'Year is required'],
    ['school.type', school({ type: undefined }), 'Type is required'],
    ['admin.first_name', admin({ first_name: '' }), 'First name is required'],
    ['admin.last_name', admin({ last_name: undefined }), 'Last name is required'],
    ['admin.phone_number', admin({ phone_number: '' }), 'Admin phone is required'],
    ['admin.password', admin({ password: '' }), 'Password is required'],
  ];
  const refusedCases = refused.map(([field, change, message]) => ({ field, change, message }));
  it.each(refusedCases)(
    "answers 400 for a bad $field with '$message', creating nothing",
    async ({ field, change, message }) => {
      const name = `Refused School ${field} ${message.length}`;
      const res = await register(change(schoolRegistration({ name })));
      expect(res.statusCode).toBe(400);
      const body = json(res);
      expect(body.message).toBe(message);
      expect((body.errors as Record<string, string[]>)[field]?.[0]).toBe(message);
      expect(await schoolsNamed(name)).toBe(0);
    },
  );

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an array', []],
    ['only the school', { school: schoolRegistration().school }],
  ])('answers 400, not 500, for %s', async (_, payload) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toEqual(expect.any(String));
  });

  it('answers 409 when the admin phone is already used, and creates no second school', async () => {
    const phone = uniquePhone();
    const first = schoolRegistration({ adminPhone: phone, name: 'First Owner School' });
    expect((await register(first)).statusCode).toBe(201);

    const second = schoolRegistration({ adminPhone: phone, name: 'Second Owner School' });
    second.admin.password = 'another123';
    const res = await register(second);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('A user with this phone number already exists');
    expect(await schoolsNamed('Second Owner School')).toBe(0);

    // The phone still belongs to the first admin, with the first password.
    const owner = await login(t.app, phone, 'secret123');
    expect(owner.schoolId).toBeGreaterThan(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/user/', headers: owner.auth });
    expect(me.json().school.name).toBe('First Owner School');
  });

  it('answers 409 when the phone belongs to a signed-up user and the password is not theirs', async () => {
    const phone = uniquePhone();
    await signUpAlone(phone);
    const body = schoolRegistration({ adminPhone: phone, name: 'Late School' });
    body.admin.password = 'not-theirs-1';
    const res = await register(body);
    expect(res.statusCode).toBe(409);
    expect(await schoolsNamed('Late School')).toBe(0);
  });

  it("counts a wrong password for a signed-up person's phone as a failed login (429 past the limit)", async () => {
    const phone = uniquePhone();
    await signUpAlone(phone);
    const body = schoolRegistration({ adminPhone: phone, name: 'Guessing School' });
    body.admin.password = 'guess-1234';
    const limit = t.config.throttles.login.perPhoneAtAddress.attempts;
    for (let i = 0; i < limit; i++) expect((await register(body)).statusCode).toBe(409);
    const refused = await register(body);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: phone, password: 'secret123' },
    });
    expect(login.statusCode).toBe(429);
    expect(await schoolsNamed('Guessing School')).toBe(0);
  });

  it('makes a signed-up person without a school the admin, with their own account and password', async () => {
    const phone = uniquePhone();
    const signedUp = await signUpAlone(phone);
    const res = await register(
      schoolRegistration({ adminPhone: phone, name: 'Own Account School' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const accounts = await t.app.db.select().from(users).where(eq(users.phoneNumber, phone));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ firstName: 'Otieno', schoolId: res.json().school.id });
    // The token from sign-up (no school) ends; its refresh token brings the school and role.
    const old = { authorization: `Bearer ${signedUp.token}` };
    const me = () => t.app.inject({ method: 'GET', url: '/api/users/user/', headers: old });
    expect((await me()).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: signedUp.refresh },
    });
    old.authorization = `Bearer ${refreshed.json().access}`;
    expect((await me()).json()).toMatchObject({
      roles: [{ name: 'admin' }],
      school: { name: 'Own Account School' },
    });
    // Registering again with the same account is refused: it has a school now.
    const again = await register(schoolRegistration({ adminPhone: phone, name: 'Second Own' }));
    expect(again.statusCode).toBe(409);
  });

  it('creates school and admin in one transaction: a failing admin insert leaves no school', async () => {
    const phone = uniquePhone();
    // Make the admin insert fail after the school row is written, as a concurrent
    // registration of the same phone would.
    await t.app.db.execute(
      sql.raw(`create function shule_test_fail_user() returns trigger language plpgsql as $$
        begin
          if new.phone_number = '${phone}' then
            raise exception 'duplicate phone' using errcode = 'unique_violation';
          end if;
          return new;
        end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger shule_test_fail_user before insert on users
        for each row execute function shule_test_fail_user()`),
    );
    try {
      const res = await register(schoolRegistration({ adminPhone: phone, name: 'Half School' }));
      expect(res.statusCode).toBe(409);
      expect(await schoolsNamed('Half School')).toBe(0);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger shule_test_fail_user on users'));
      await t.app.db.execute(sql.raw('drop function shule_test_fail_user()'));
    }
  });

  it('of two registrations racing for one admin phone, exactly one wins', async () => {
    const phone = uniquePhone();
    const results = await Promise.all([
      register(schoolRegistration({ adminPhone: phone, name: 'Racing School' })),
      register(schoolRegistration({ adminPhone: phone, name: 'Racing School' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await schoolsNamed('Racing School')).toBe(1);
  });
});
