import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AT_LIVE_URL, AT_SANDBOX_URL, loadConfig } from './config';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shule-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const secretFile = (dir: string) => path.join(dir, 'jwt-secret');

describe('the generated signing secret', () => {
  it('is made once, readable by its owner only, and kept across starts', () => {
    const dir = freshDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile(dir), 'utf8')).toBe(first);
    expect(statSync(secretFile(dir)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    // Nothing but the secret is left in the folder.
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
  });

  // A first start killed between creating the file and writing it left it empty, and an empty
  // key fails every sign-in from then on.
  it.each([[''], ['\n'], ['cut-short']])('replaces a file holding %j', (content) => {
    const dir = freshDir();
    writeFileSync(secretFile(dir), content);
    const secret = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile(dir), 'utf8')).toBe(secret);
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
  });

  it('is not made when JWT_SECRET is set', () => {
    const dir = freshDir();
    const secret = 'x'.repeat(32);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('TRUST_PROXY and the sign-up limit', () => {
  it('trusts no proxy and allows 10 sign-ups an hour per address unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: freshDir() });
    expect(config.trustProxy).toBe(false);
    expect(config.throttles.signUpsPerAddress).toEqual({ attempts: 10, windowSeconds: 3600 });
  });

  it('reads TRUST_PROXY=true and SIGN_UPS_PER_ADDRESS_PER_HOUR', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      TRUST_PROXY: 'true',
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '50',
    });
    expect(config.trustProxy).toBe(true);
    expect(config.throttles.signUpsPerAddress.attempts).toBe(50);
  });

  it.each([
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ SIGN_UPS_PER_ADDRESS_PER_HOUR: '0' }, /SIGN_UPS_PER_ADDRESS_PER_HOUR/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(message);
  });
});

describe('M-Pesa settings', () => {
  const token = 'm'.repeat(40);
  const all = {
    MPESA_CONSUMER_KEY: 'key',
    MPESA_CONSUMER_SECRET: 'secret',
    MPESA_SHORTCODE: '174379',
    MPESA_PASSKEY: 'passkey',
    MPESA_CALLBACK_TOKEN: token,
    PUBLIC_URL: 'https://shule.example.ac.ke/',
  };

  it('is not configured when none is set, and a partial set names what is missing', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).mpesa).toBeUndefined();
    expect(() =>
      loadConfig({ DATA_DIR: freshDir(), MPESA_CONSUMER_KEY: 'key', MPESA_SHORTCODE: '174379' }),
    ).toThrow(
      'M-Pesa needs MPESA_CONSUMER_SECRET, MPESA_PASSKEY, MPESA_CALLBACK_TOKEN, PUBLIC_URL as well',
    );
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...all, MPESA_SHORTCODE: '12' })).toThrow(
      'MPESA_SHORTCODE must be the Paybill number, 5 to 7 digits',
    );
  });

  it("takes Daraja's sandbox unless MPESA_BASE_URL says otherwise", () => {
    expect(loadConfig({ DATA_DIR: freshDir(), ...all }).mpesa).toEqual({
      baseUrl: 'https://sandbox.safaricom.co.ke',
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortcode: '174379',
      passkey: 'passkey',
      callbackToken: token,
      publicUrl: 'https://shule.example.ac.ke',
    });
    const live = { ...all, MPESA_BASE_URL: 'https://api.safaricom.co.ke' };
    expect(loadConfig({ DATA_DIR: freshDir(), ...live }).mpesa?.baseUrl).toBe(
      'https://api.safaricom.co.ke',
    );
  });
});

describe('SMS settings', () => {
  const token = 'a'.repeat(32);

  it('default to the test driver, the worker in the API process and KES 0.80 a part', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).sms).toEqual({
      gateway: { driver: 'test' },
      callbackToken: undefined,
      workerInProcess: true,
      pricePerPartCents: 80,
    });
  });

  it("read Africa's Talking's settings, the sandbox host for the username sandbox and live otherwise", () => {
    const at = { SMS_DRIVER: 'africastalking', AT_API_KEY: 'key' };
    expect(loadConfig({ DATA_DIR: freshDir(), ...at, AT_USERNAME: 'sandbox' }).sms.gateway).toEqual(
      {
        driver: 'africastalking',
        username: 'sandbox',
        apiKey: 'key',
        senderId: undefined,
        baseUrl: AT_SANDBOX_URL,
      },
    );
    const live = loadConfig({
      DATA_DIR: freshDir(),
      ...at,
      AT_USERNAME: 'moigirls',
      AT_SENDER_ID: 'MOIGIRLS',
      SMS_CALLBACK_TOKEN: token,
      SMS_WORKER: 'false',
      SMS_PRICE_PER_PART_KES: '1.5',
    }).sms;
    expect(live).toEqual({
      gateway: {
        driver: 'africastalking',
        username: 'moigirls',
        apiKey: 'key',
        senderId: 'MOIGIRLS',
        baseUrl: AT_LIVE_URL,
      },
      callbackToken: token,
      workerInProcess: false,
      pricePerPartCents: 150,
    });
    expect(
      loadConfig({
        DATA_DIR: freshDir(),
        ...at,
        AT_USERNAME: 'x',
        AT_BASE_URL: 'http://127.0.0.1:9',
      }).sms.gateway,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9' });
  });

  it('ignore the AT_ settings in test mode', () => {
    expect(
      loadConfig({ DATA_DIR: freshDir(), AT_USERNAME: 'moigirls', AT_API_KEY: 'key' }).sms.gateway,
    ).toEqual({ driver: 'test' });
  });

  it.each([
    [{ SMS_DRIVER: 'twilio' }, /SMS_DRIVER/],
    [{ SMS_DRIVER: 'africastalking', AT_USERNAME: 'moigirls' }, /needs AT_USERNAME and AT_API_KEY/],
    [{ SMS_DRIVER: 'africastalking', AT_API_KEY: 'key' }, /needs AT_USERNAME and AT_API_KEY/],
    [{ AT_BASE_URL: 'not a url' }, /AT_BASE_URL/],
    [{ SMS_CALLBACK_TOKEN: 'short' }, /SMS_CALLBACK_TOKEN must be at least 32 characters/],
    [{ SMS_CALLBACK_TOKEN: `${'a'.repeat(32)}/x` }, /SMS_CALLBACK_TOKEN must be letters, digits/],
    [{ SMS_WORKER: 'yes' }, /SMS_WORKER/],
    [{ SMS_PRICE_PER_PART_KES: '0,80' }, /SMS_PRICE_PER_PART_KES must be shillings/],
    [{ SMS_PRICE_PER_PART_KES: '0.805' }, /SMS_PRICE_PER_PART_KES must be shillings/],
  ])('refuse %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(message);
  });

  it('an empty setting counts as unset', () => {
    const sms = loadConfig({ DATA_DIR: freshDir(), SMS_DRIVER: '', AT_SENDER_ID: '' }).sms;
    expect(sms.gateway).toEqual({ driver: 'test' });
  });
});
