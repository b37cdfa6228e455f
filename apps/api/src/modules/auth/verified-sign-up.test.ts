import { CODE_MESSAGES, PHONE_IN_USE_SMS } from '@shule/shared/one-time-codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../../db/schema/index';
import {
  accountSmsTo,
  codeSentTo,
  createTestApp,
  expectStatus,
  login,
  schoolRegistration,
  type TestApp,
  testDriver,
  uniquePhone,
} from '../../test/app';

/**
 * Sign-up and registration when SMS can be sent (a gateway configured; no worker runs here, so
 * each SMS waits in its row): the answer is the same whether or not the phone has an account,
 * and the account or school exists only once the code sent to the phone comes back.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    sms: {
      gateway: {
        driver: 'africastalking',
        username: 'sandbox',
        apiKey: 'unused-key',
        baseUrl: 'http://127.0.0.1:9',
      },
      workerInProcess: false,
      pricePerPartCents: 80,
    },
  });
});
afterAll(() => t?.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const signupBody = (phone: string) => ({
  first_name: 'Otieno',
  last_name: 'Ouma',
  username: 'otieno',
  phone_number: phone,
  password: 'secret123',
});
const usersWith = (phone: string) =>
  t.app.db.select().from(users).where(eq(users.phoneNumber, phone));
/** The answer with its phone left out: what must not differ between two phones. */
const withoutPhone = (body: { message: string; phone_number: string }) => ({
  ...body,
  message: body.message.replace(body.phone_number, 'X'),
  phone_number: 'X',
});

/** A school registered the whole way, code and all: its admin's phone. */
async function registeredAdmin() {
  const body = schoolRegistration();
  await expectStatus(post('/api/schools/register_school/', body), 202);
  const phone = body.admin.phone_number;
  await expectStatus(
    post('/api/schools/register_school/confirm/', {
      phone_number: phone,
      code: await codeSentTo(t.app, phone),
    }),
    201,
  );
  return phone;
}

describe(`sign-up with SMS configured (${testDriver})`, () => {
  it('sends a code to a new phone and makes the account when it comes back', async () => {
    const phone = uniquePhone();
    const res = await expectStatus(post('/api/users/signup/', signupBody(phone)), 202);
    expect(res.json()).toEqual({
      message: `We sent an SMS to ${phone}. Enter the code it holds to finish creating your account.`,
      phone_number: phone,
      test_mode: false,
    });
    expect(await usersWith(phone)).toEqual([]);
    const code = await codeSentTo(t.app, phone);
    await expectStatus(
      post('/api/users/signup/confirm/', {
        phone_number: phone,
        code: '000000' === code ? '111111' : '000000',
      }),
      400,
      CODE_MESSAGES.wrong,
    );
    const made = await expectStatus(
      post('/api/users/signup/confirm/', { phone_number: phone, code }),
      201,
    );
    expect(made.json()).toEqual({
      message: 'Account created successfully',
      tokens: { token: expect.any(String), refresh: expect.any(String) },
    });
    expect(await usersWith(phone)).toHaveLength(1);
    await login(t.app, phone, 'secret123');
  });

  it('answers a phone in use exactly as a new one, and tells its owner by SMS instead', async () => {
    const taken = await registeredAdmin();
    const fresh = await expectStatus(post('/api/users/signup/', signupBody(uniquePhone())), 202);
    const probe = await expectStatus(
      post('/api/users/signup/', { ...signupBody(taken), first_name: 'Eve' }),
      202,
    );
    expect(withoutPhone(probe.json())).toEqual(withoutPhone(fresh.json()));
    const texts = await accountSmsTo(t.app, taken);
    expect(texts.at(-1)).toBe(PHONE_IN_USE_SMS.sign_up);
    // No code went to it: none works, and the account is the owner's as it was.
    await expectStatus(
      post('/api/users/signup/confirm/', { phone_number: taken, code: '123456' }),
      400,
      CODE_MESSAGES.wrong,
    );
    const [owner] = await usersWith(taken);
    expect(owner!.firstName).toBe('Jane');
    await login(t.app, taken, 'secret123');
  });
});

describe(`school registration with SMS configured (${testDriver})`, () => {
  it('makes the school and its admin only once the code comes back', async () => {
    const body = schoolRegistration({ name: 'Code Academy' });
    const phone = body.admin.phone_number;
    const res = await expectStatus(post('/api/schools/register_school/', body), 202);
    expect(res.json()).toEqual({
      message: `We sent an SMS to ${phone}. Enter the code it holds to finish registering your school.`,
      phone_number: phone,
      test_mode: false,
    });
    expect(await t.app.db.select().from(schools).where(eq(schools.name, 'Code Academy'))).toEqual(
      [],
    );
    const done = await expectStatus(
      post('/api/schools/register_school/confirm/', {
        phone_number: phone,
        code: await codeSentTo(t.app, phone),
      }),
      201,
    );
    expect(done.json()).toMatchObject({
      message: 'School created successfully',
      school: { name: 'Code Academy' },
    });
    const admin = await login(t.app, phone, 'secret123');
    expect(admin.schoolId).toBe(done.json().school.id);
  });

  it("answers a school's user's phone as a new one, makes nothing and tells the owner", async () => {
    const taken = await registeredAdmin();
    const fresh = await expectStatus(
      post('/api/schools/register_school/', schoolRegistration()),
      202,
    );
    const probe = await expectStatus(
      post('/api/schools/register_school/', {
        ...schoolRegistration({ name: 'Takeover School' }),
        admin: { ...schoolRegistration().admin, phone_number: taken, password: 'guess1234' },
      }),
      202,
    );
    expect(withoutPhone(probe.json())).toEqual(withoutPhone(fresh.json()));
    expect((await accountSmsTo(t.app, taken)).at(-1)).toBe(PHONE_IN_USE_SMS.school_registration);
    expect(
      await t.app.db.select().from(schools).where(eq(schools.name, 'Takeover School')),
    ).toEqual([]);
  });

  it('lets the owner of an account without a school register with it by the code, with the password typed now', async () => {
    const phone = uniquePhone();
    await expectStatus(post('/api/users/signup/', signupBody(phone)), 202);
    await expectStatus(
      post('/api/users/signup/confirm/', {
        phone_number: phone,
        code: await codeSentTo(t.app, phone),
      }),
      201,
    );
    const body = schoolRegistration({ name: 'Own Account School' });
    await expectStatus(
      post('/api/schools/register_school/', {
        ...body,
        admin: { ...body.admin, phone_number: phone, password: 'chosen-now1' },
      }),
      202,
    );
    await expectStatus(
      post('/api/schools/register_school/confirm/', {
        phone_number: phone,
        code: await codeSentTo(t.app, phone),
      }),
      201,
    );
    const [account] = await usersWith(phone);
    expect(account!.firstName).toBe('Otieno');
    const admin = await login(t.app, phone, 'chosen-now1');
    expect(admin.schoolId).toBe(account!.schoolId);
  });
});
