import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { throttleCounters } from '../../db/schema/index';
import { createTestApp, json, schoolRegistration, type TestApp, uniquePhone } from '../../test/app';

// Every password check of a login, counted: a burst must check no more than the limit allows.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords', async (importOriginal) => {
  const passwords = await importOriginal<typeof import('./passwords')>();
  return {
    ...passwords,
    verifyPassword: (stored: string | undefined, password: string) => {
      passwordChecks.count += 1;
      return passwords.verifyPassword(stored, password);
    },
  };
});

/** The limits a server starts with (the test apps otherwise allow any number of sign-ups). */
const serverThrottles = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).throttles;
const PER_PHONE_AT_ADDRESS = serverThrottles.login.perPhoneAtAddress.attempts;
const PER_PHONE = serverThrottles.login.perPhone.attempts;
const PER_ADDRESS = serverThrottles.login.perAddress.attempts;
const SIGN_UPS = serverThrottles.signUpsPerAddress.attempts;

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({ throttles: serverThrottles });
  proxied = await createTestApp({ throttles: serverThrottles, trustProxy: true });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});
beforeEach(() => {
  passwordChecks.count = 0;
});

let addressCounter = 0;
/** An address no other test of this file uses. */
const newAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.1`;
};

const post = (
  app: TestApp,
  url: string,
  payload: object,
  address: string,
  headers: Record<string, string> = {},
) => app.app.inject({ method: 'POST', url, payload, remoteAddress: address, headers });

/** A registered school's admin phone (password secret123), registered from an address of its own. */
async function registeredPhone(app = t) {
  const body = schoolRegistration();
  const res = await post(app, '/api/schools/register_school/', body, newAddress());
  expect(res.statusCode, res.body).toBe(201);
  return body.admin.phone_number;
}

const attempt = (phone: string, password: string, address: string) =>
  post(t, '/api/users/login/', { username: phone, password }, address);

const statuses = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((counts, res) => {
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  }, {});

function expectTooMany(res: LightMyRequestResponse, message: RegExp, maxSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(json(res).message).toMatch(message);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
}

describe('a burst of wrong logins for one phone', () => {
  it(`checks no more than ${PER_PHONE_AT_ADDRESS} of 60 at once against the password`, async () => {
    const phone = await registeredPhone();
    const address = newAddress();
    passwordChecks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(phone, `wrong-${i}`, address)),
    );
    expect(passwordChecks.count).toBe(PER_PHONE_AT_ADDRESS);
    expect(statuses(answers)).toEqual({
      401: PER_PHONE_AT_ADDRESS,
      429: 60 - PER_PHONE_AT_ADDRESS,
    });
    expectTooMany(
      answers.find((res) => res.statusCode === 429)!,
      /^Too many failed login attempts\. Please wait 15 minutes and try again\.$/,
      15 * 60,
    );
  });

  it(`from 60 addresses at once checks no more than ${PER_PHONE} (the limit per phone)`, async () => {
    const phone = await registeredPhone();
    passwordChecks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => attempt(phone, 'wrong-password1', newAddress())),
    );
    expect(passwordChecks.count).toBe(PER_PHONE);
    expect(statuses(answers)).toEqual({ 401: PER_PHONE, 429: 60 - PER_PHONE });
    // Guessing from many addresses locks the phone everywhere, for the hour.
    expectTooMany(await attempt(phone, 'secret123', newAddress()), /Please wait 60 minutes/, 3600);
  });
});

describe('the lock-out of a phone at one address', () => {
  it('keeps a stranger out without locking the owner out elsewhere', async () => {
    const phone = await registeredPhone();
    const stranger = newAddress();
    for (let i = 0; i < PER_PHONE_AT_ADDRESS; i++) {
      expect((await attempt(phone, `guess-${i}`, stranger)).statusCode).toBe(401);
    }
    // Even the right password is not checked from the stranger's address…
    passwordChecks.count = 0;
    expectTooMany(await attempt(phone, 'secret123', stranger), /Too many failed/, 15 * 60);
    expect(passwordChecks.count).toBe(0);
    // …while the owner signs in from theirs, and the stranger may go on with other phones.
    expect((await attempt(phone, 'secret123', newAddress())).statusCode).toBe(200);
    expect((await attempt(await registeredPhone(), 'secret123', stranger)).statusCode).toBe(200);
  });

  it('lets attempts refused while locked count nowhere else', async () => {
    const phone = await registeredPhone();
    const stranger = newAddress();
    for (let i = 0; i < PER_PHONE_AT_ADDRESS + 60; i++) await attempt(phone, 'guess1234', stranger);
    // 70 tries, 10 counted against the phone: far from its limit of 50.
    const [counter] = await t.app.db
      .select({ attempts: throttleCounters.attempts })
      .from(throttleCounters)
      .where(sql`${throttleCounters.key} = ${`login:phone:${phone}`}`);
    expect(counter?.attempts).toBe(PER_PHONE_AT_ADDRESS);
  });

  it('forgives the failures before a right password', async () => {
    const phone = await registeredPhone();
    const address = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PER_PHONE_AT_ADDRESS - 1; i++) await attempt(phone, 'wrong123', address);
      expect((await attempt(phone, 'secret123', address)).statusCode).toBe(200);
    }
  });

  it('opens again once its window has ended', async () => {
    const phone = await registeredPhone();
    const address = newAddress();
    for (let i = 0; i < PER_PHONE_AT_ADDRESS; i++) await attempt(phone, 'wrong123', address);
    expect((await attempt(phone, 'secret123', address)).statusCode).toBe(429);
    await t.app.db
      .update(throttleCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${throttleCounters.key} like ${`login:%${phone}%`}`);
    expect((await attempt(phone, 'secret123', address)).statusCode).toBe(200);
  });
});

describe('the limit per address', () => {
  it(`after ${PER_ADDRESS} failures with random phones, refuses the address's failures but not a right password`, async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: PER_ADDRESS }, () => attempt(uniquePhone(), 'wrong123', address)),
    );
    expect(statuses(answers)).toEqual({ 401: PER_ADDRESS });
    // The admin behind the same router (or carrier NAT) still signs in…
    const admin = await registeredPhone();
    expect((await attempt(admin, 'secret123', address)).statusCode).toBe(200);
    expect((await attempt(admin, 'secret123', address)).statusCode).toBe(200);
    // …while another guess from there is refused, for any phone, the admin's too.
    expectTooMany(await attempt(uniquePhone(), 'wrong123', address), /Too many failed/, 15 * 60);
    expectTooMany(await attempt(admin, 'wrong123', address), /Too many failed/, 15 * 60);
    // The refused guesses were not counted past the limit, and the right passwords not at all.
    const [counter] = await t.app.db
      .select({ attempts: throttleCounters.attempts })
      .from(throttleCounters)
      .where(sql`${throttleCounters.key} = ${`login:address:${address}`}`);
    expect(counter?.attempts).toBe(PER_ADDRESS);
  });

  it("still locks a phone out at that address after the phone's own failures", async () => {
    const address = newAddress();
    await Promise.all(
      Array.from({ length: PER_ADDRESS }, () => attempt(uniquePhone(), 'wrong123', address)),
    );
    const phone = await registeredPhone();
    for (let i = 0; i < PER_PHONE_AT_ADDRESS; i++) {
      expect((await attempt(phone, `guess-${i}`, address)).statusCode).toBe(429);
    }
    // Those failures were the phone's own: now even its right password is not checked there.
    passwordChecks.count = 0;
    expectTooMany(await attempt(phone, 'secret123', address), /Too many failed/, 15 * 60);
    expect(passwordChecks.count).toBe(0);
    const other = newAddress();
    for (let i = 0; i < PER_PHONE_AT_ADDRESS; i++) {
      expect((await attempt(phone, `guess-${i}`, other)).statusCode).toBe(401);
    }
    passwordChecks.count = 0;
    expectTooMany(await attempt(phone, 'secret123', other), /Too many failed/, 15 * 60);
    expect(passwordChecks.count).toBe(0);
  });
});

describe('changing a password', () => {
  it('refuses guesses of the current password past the login limit, with Retry-After', async () => {
    const phone = await registeredPhone();
    const address = newAddress();
    const signedIn = await attempt(phone, 'secret123', address);
    const authorization = `Bearer ${signedIn.json().tokens.access}`;
    const change = (current_password: string) =>
      post(
        t,
        '/api/users/change_password/',
        { current_password, new_password: 'another123' },
        address,
        { authorization },
      );
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => change(`guess-${i}1`)));
    expect(statuses(answers)).toEqual({
      400: PER_PHONE_AT_ADDRESS,
      429: 40 - PER_PHONE_AT_ADDRESS,
    });
    expectTooMany(answers.find((res) => res.statusCode === 429)!, /Too many failed/, 15 * 60);
    // Even the right one waits, as a login would; elsewhere the owner still signs in.
    expect((await change('secret123')).statusCode).toBe(429);
    expect((await attempt(phone, 'secret123', newAddress())).statusCode).toBe(200);
  });
});

describe('sign-ups and school registrations per address', () => {
  const signUp = (address: string) =>
    post(
      t,
      '/api/users/signup/',
      {
        first_name: 'Otieno',
        last_name: 'Ouma',
        username: 'otieno',
        phone_number: uniquePhone(),
        password: 'secret123',
      },
      address,
    );
  const register = (address: string) =>
    post(t, '/api/schools/register_school/', schoolRegistration(), address);

  it(`allows ${SIGN_UPS} an hour between them, then 429 with Retry-After`, async () => {
    const address = newAddress();
    for (let i = 0; i < SIGN_UPS; i++) {
      const res = await (i % 2 === 0 ? signUp(address) : register(address));
      expect(res.statusCode, res.body).toBe(201);
    }
    const message = /^Too many sign-ups from this address\. Please try again in 60 minutes\.$/;
    expectTooMany(await signUp(address), message, 3600);
    expectTooMany(await register(address), message, 3600);
    // Another address is not held back.
    expect((await signUp(newAddress())).statusCode).toBe(201);
  });

  it('counts sign-ups that probe a phone already taken', async () => {
    const address = newAddress();
    const taken = await registeredPhone();
    const answers = await Promise.all(
      Array.from({ length: SIGN_UPS + 5 }, () =>
        post(
          t,
          '/api/users/signup/',
          {
            first_name: 'Eve',
            last_name: 'Probe',
            username: 'eve',
            phone_number: taken,
            password: 'secret123',
          },
          address,
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 409: SIGN_UPS, 429: 5 });
  });
});

describe('TRUST_PROXY', () => {
  const loginVia = (app: TestApp, phone: string, password: string, proxy: string, client: string) =>
    post(app, '/api/users/login/', { username: phone, password }, proxy, {
      'x-forwarded-for': client,
    });

  it('true: each client behind the proxy is its own address', async () => {
    const phone = await registeredPhone(proxied);
    const proxy = newAddress();
    const stranger = newAddress();
    for (let i = 0; i < PER_PHONE_AT_ADDRESS; i++) {
      await loginVia(proxied, phone, 'guess123', proxy, stranger);
    }
    expect((await loginVia(proxied, phone, 'secret123', proxy, stranger)).statusCode).toBe(429);
    expect((await loginVia(proxied, phone, 'secret123', proxy, newAddress())).statusCode).toBe(200);
  });

  it('false: a forged X-Forwarded-For does not escape the lock-out', async () => {
    const phone = await registeredPhone();
    const address = newAddress();
    for (let i = 0; i < PER_PHONE_AT_ADDRESS; i++) {
      await loginVia(t, phone, 'guess123', address, newAddress());
    }
    expect((await loginVia(t, phone, 'secret123', address, newAddress())).statusCode).toBe(429);
  });
});
