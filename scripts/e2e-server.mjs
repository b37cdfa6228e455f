// Builds the web app and serves it with the API on a fresh embedded database, for Playwright.
// SMS go to a local fake of Africa's Talking (apps/api/src/test/fake-africastalking.ts), which
// reports every number delivered shortly after, to this server's delivery-report callback.
// M-Pesa goes to a local fake of Daraja (apps/api/src/test/fake-daraja.ts), which posts each STK
// push's result to this server 1.5 s later: paid, unless the phone ends in 1032 (cancelled),
// 1037 (timed out), 2001 (wrong PIN), 0001 (not enough money) or 0000 (no callback at all).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const tsx = path.join(root, 'node_modules/.bin/tsx');
const port = process.env.PORT ?? '3000';
const callbackToken = randomBytes(24).toString('base64url');

const gateway = spawn(tsx, ['apps/api/src/test/fake-africastalking.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    FAKE_AT_CALLBACK_URL: `http://127.0.0.1:${port}/api/sms/delivery_reports/${callbackToken}`,
  },
});
let server;
gateway.on('exit', (code) => {
  console.error(`The fake SMS gateway stopped (${code})`);
  server?.kill('SIGTERM');
  process.exit(1);
});
// Its first line is the driver's settings: { username, apiKey, baseUrl }.
const fake = await new Promise((resolve) => {
  createInterface({ input: gateway.stdout }).once('line', (line) => resolve(JSON.parse(line)));
});

// Where the specs find the fake gateway, to read the codes it sent (e2e/support/sms.ts reads
// the same file name).
writeFileSync(
  path.join(tmpdir(), `shule-e2e-${port}-sms-gateway.json`),
  JSON.stringify({ url: fake.baseUrl }),
);

const daraja = spawn(tsx, ['apps/api/src/test/fake-daraja.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
daraja.on('exit', (code) => {
  console.error(`The fake Daraja stopped (${code})`);
  process.exit(1);
});
// Its first line is the settings: { baseUrl, consumerKey, consumerSecret, shortcode, passkey }.
const mpesa = await new Promise((resolve) => {
  createInterface({ input: daraja.stdout }).once('line', (line) => resolve(JSON.parse(line)));
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-e2e-'));
server = spawn(tsx, ['apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
    // The specs register dozens of schools (each with a code by SMS) from 127.0.0.1.
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
    CODES_PER_ADDRESS_PER_15_MINUTES: '100000',
    SMS_DRIVER: 'africastalking',
    AT_USERNAME: fake.username,
    AT_API_KEY: fake.apiKey,
    AT_BASE_URL: fake.baseUrl,
    AT_SENDER_ID: '',
    SMS_CALLBACK_TOKEN: callbackToken,
    SMS_WORKER: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MPESA_BASE_URL: mpesa.baseUrl,
    MPESA_CONSUMER_KEY: mpesa.consumerKey,
    MPESA_CONSUMER_SECRET: mpesa.consumerSecret,
    MPESA_SHORTCODE: mpesa.shortcode,
    MPESA_PASSKEY: mpesa.passkey,
    MPESA_CALLBACK_TOKEN: randomBytes(24).toString('base64url'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    gateway.kill(signal);
    daraja.kill(signal);
  });
}
server.on('exit', (code) => {
  gateway.removeAllListeners('exit');
  gateway.kill('SIGTERM');
  daraja.removeAllListeners('exit');
  daraja.kill('SIGTERM');
  process.exit(code ?? 0);
});
