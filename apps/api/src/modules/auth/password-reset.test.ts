import { tmpdir } from 'node:os';
import { PASSWORD_RESET_MESSAGES } from '@shule/shared/auth';
import { DEACTIVATED_MESSAGE } from '@shule/shared/auth-constants';
import { MESSAGES } from '@shule/shared/fields';
import { CODE_MESSAGES, CODE_TRIES } from '@shule/shared/one-time-codes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { accountSms, auditLog, oneTimeCodes, users } from '../../db/schema/index';
import {
  accountSmsTo,
  codeSentTo,
  createTestApp,
  expectStatus,
  json,
  login,
  type TestApp,
  testDriver,
  uniquePhone,
  useTestApp,
} from '../../test/app';

const { t, schools, newSchool } = useTestApp('Forgetful School');
const [school] = schools;

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.20.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const post = (url: string, payload: object, remoteAddress = newAddress(), app = t) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress });
const askCode = (phone: string, address?: string, app?: TestApp) =>
  post('/api/users/password_reset/', { phone_number: phone }, address, app);
const reset = (phone: string, code: string, new_password = 'brand-new-pass9', app?: TestApp) =>
  post(
    '/api/users/password_reset/confirm/',
    { phone_number: phone, code, new_password },
    undefined,
    app,
  );
const me = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/user/', headers: { authorization } });

/** A code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`forgot password (${testDriver})`, () => {
  it('sends a code to the phone; with it the password is replaced, every session ends and this device signs in', async () => {
    const admin = await newSchool('Reset School');
    const before = await login(t.app, admin.phone, 'secret123');

    const asked = await expectStatus(askCode(admin.phone), 202);
    expect(asked.json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.codeOnItsWay(admin.phone),
      phone_number: admin.phone,
      test_mode: true,
    });
    // The SMS holds the code and what it is for, nothing more.
    const [text] = await accountSmsTo(t.app, admin.phone);
    expect(text).toMatch(
      /^\d{6} is your code to reset your Shule password\. It expires in 5 minutes\. Do not share it\.$/,
    );
    const code = await codeSentTo(t.app, admin.phone);

    const res = await expectStatus(reset(admin.phone, code), 200);
    expect(res.json()).toMatchObject({
      tokens: { access: expect.any(String), refresh: expect.any(String) },
      user: { id: admin.userId, school: { id: admin.schoolId } },
    });
    expect((await me(`Bearer ${res.json().tokens.access}`)).statusCode).toBe(200);

    // The old password, the old access token and the old refresh token are done with.
    await expectStatus(
      post('/api/users/login/', { username: admin.phone, password: 'secret123' }),
      401,
    );
    expect((await me(before.auth.authorization)).statusCode).toBe(401);
    await expectStatus(post('/api/token/refresh/', { refresh: before.refresh }), 401);
    await login(t.app, admin.phone, 'brand-new-pass9');

    // Used once: the same code again is no use.
    await expectStatus(reset(admin.phone, code, 'another-pass8'), 400, CODE_MESSAGES.wrong);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_reset'), eq(auditLog.actorUserId, admin.userId)));
    expect(entry).toMatchObject({
      schoolId: admin.schoolId,
      subjectType: 'user',
      subjectId: admin.userId,
    });
  });

  it('keeps the code only as an HMAC, and its text only until the SMS leaves', async () => {
    const phone = school.phone;
    await expectStatus(askCode(phone), 202);
    const code = await codeSentTo(t.app, phone);
    const [row] = await t.app.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.phoneNumber, phone))
      .orderBy(sql`${oneTimeCodes.id} desc`)
      .limit(1);
    expect(row!.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(5 * 60_000, -3);
  });

  it('answers a phone without an account exactly as one with, and sends it nothing', async () => {
    const nobody = uniquePhone();
    const known = await expectStatus(askCode(school.phone), 202);
    const unknown = await expectStatus(askCode(nobody), 202);
    const withoutPhone = (body: { message: string; phone_number: string }) => ({
      ...body,
      message: body.message.replace(body.phone_number, 'X'),
      phone_number: 'X',
    });
    expect(withoutPhone(unknown.json())).toEqual(withoutPhone(known.json()));
    expect(await accountSmsTo(t.app, nobody)).toEqual([]);
    // A code is "not right" for both, and "expired" for both once their 5 minutes are over.
    await expectStatus(reset(nobody, '123456'), 400, CODE_MESSAGES.wrong);
    await expectStatus(
      reset(school.phone, otherThan(await codeSentTo(t.app, school.phone))),
      400,
      CODE_MESSAGES.wrong,
    );
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${oneTimeCodes.phoneNumber} in (${nobody}, ${school.phone})`);
    await expectStatus(reset(nobody, '123456'), 400, CODE_MESSAGES.expired);
    await expectStatus(
      reset(school.phone, await codeSentTo(t.app, school.phone)),
      400,
      CODE_MESSAGES.expired,
    );
    // A phone never asked for: "not right", as a wrong code.
    await expectStatus(reset(uniquePhone(), '123456'), 400, CODE_MESSAGES.wrong);
  });

  it(`takes ${CODE_TRIES} wrong tries, then not even the right code`, async () => {
    const admin = await newSchool();
    await expectStatus(askCode(admin.phone), 202);
    const code = await codeSentTo(t.app, admin.phone);
    const answers = await Promise.all(
      Array.from({ length: CODE_TRIES + 3 }, () => reset(admin.phone, otherThan(code))),
    );
    expect(answers.map((res) => json(res).message).sort()).toEqual(
      [
        ...Array(CODE_TRIES).fill(CODE_MESSAGES.wrong),
        ...Array(3).fill(CODE_MESSAGES.tooManyTries),
      ].sort(),
    );
    await expectStatus(reset(admin.phone, code), 400, CODE_MESSAGES.tooManyTries);
    await login(t.app, admin.phone, 'secret123');
  });

  it('ends the earlier code when a new one is asked for', async () => {
    const admin = await newSchool();
    await expectStatus(askCode(admin.phone), 202);
    const first = await codeSentTo(t.app, admin.phone);
    await expectStatus(askCode(admin.phone), 202);
    const second = await codeSentTo(t.app, admin.phone);
    if (first !== second) {
      await expectStatus(reset(admin.phone, first), 400, CODE_MESSAGES.wrong);
    }
    await expectStatus(reset(admin.phone, second), 200);
  });

  it('replaces a one-time password an admin gave, and refuses a deactivated account as sign-in does', async () => {
    const admin = await newSchool();
    const teacherPhone = uniquePhone();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/staff/teachers/',
      headers: admin.auth,
      payload: {
        first_name: 'Peter',
        last_name: 'Otieno',
        phone_number: teacherPhone,
        tsc_number: 'TSC9',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    await expectStatus(askCode(teacherPhone), 202);
    const res = await expectStatus(reset(teacherPhone, await codeSentTo(t.app, teacherPhone)), 200);
    expect((await me(`Bearer ${res.json().tokens.access}`)).json().password_change_required).toBe(
      false,
    );

    // A code asked for before the teacher was deactivated: refused as sign-in refuses them.
    await expectStatus(askCode(teacherPhone), 202);
    const late = await codeSentTo(t.app, teacherPhone);
    await t.app.db
      .update(users)
      .set({ deactivatedAt: sql`now()` })
      .where(eq(users.phoneNumber, teacherPhone));
    await expectStatus(reset(teacherPhone, late), 403, DEACTIVATED_MESSAGE);
    // Deactivated: the same answer, and no SMS.
    await t.app.db.delete(accountSms).where(eq(accountSms.phoneNumber, teacherPhone));
    await expectStatus(
      askCode(teacherPhone),
      202,
      PASSWORD_RESET_MESSAGES.codeOnItsWay(teacherPhone),
    );
    expect(await accountSmsTo(t.app, teacherPhone)).toEqual([]);
  });

  it('reads the phone as any phone field does', async () => {
    const admin = await newSchool();
    const written = `+254 ${admin.phone.slice(1, 4)} ${admin.phone.slice(4)}`;
    await expectStatus(askCode(written), 202);
    await expectStatus(reset(written, await codeSentTo(t.app, admin.phone)), 200);
  });

  it('answers 400 with the field message for bad input', async () => {
    await expectStatus(askCode('12345'), 400, MESSAGES.phone);
    await expectStatus(post('/api/users/password_reset/', {}), 400, 'Phone number is required');
    await expectStatus(reset(school.phone, '12a456'), 400, CODE_MESSAGES.format);
    await expectStatus(reset(school.phone, '123456', 'password'), 400, MESSAGES.password);
    // "123 456" as the SMS may be read out: the spaces go.
    const res = await reset(school.phone, '123 456');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toHaveProperty('code');
  });
});

describe('the limits on codes, as a server starts', () => {
  const limits = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).throttles;
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ throttles: limits });
  });
  afterAll(() => strict?.close());

  it(`sends a phone at most ${limits.codes.perPhone.attempts} codes in 15 minutes, whoever asks`, async () => {
    const phone = uniquePhone();
    for (let i = 0; i < limits.codes.perPhone.attempts; i++) {
      await expectStatus(askCode(phone, newAddress(), strict), 202);
    }
    const refused = await expectStatus(askCode(phone, newAddress(), strict), 429);
    expect(json(refused).message).toMatch(
      /^Too many codes were asked for\. Please wait 15 minutes/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it(`takes at most ${limits.codes.perAddress.attempts} requests from one address in 15 minutes`, async () => {
    const address = newAddress();
    for (let i = 0; i < limits.codes.perAddress.attempts; i++) {
      await expectStatus(askCode(uniquePhone(), address, strict), 202);
    }
    const refused = await expectStatus(askCode(uniquePhone(), address, strict), 429);
    expect(refused.headers['retry-after']).toBeDefined();
    await expectStatus(askCode(uniquePhone(), newAddress(), strict), 202);
  });
});
