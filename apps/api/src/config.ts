import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { centsFromKes } from '@shule/shared/fees';
import { z } from 'zod';
import type { LoadLimits } from './plugins/load-shedding';
import { makePrivateDirSync, PRIVATE_FILE_MODE } from './private-files';

const MIN_SECRET_LENGTH = 32;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z
    .string()
    .min(MIN_SECRET_LENGTH, `JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters`)
    .optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  CODES_PER_ADDRESS_PER_15_MINUTES: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(32),
  MAX_QUEUE_WAIT_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
  SMS_DRIVER: z.enum(['test', 'africastalking']).default('test'),
  AT_USERNAME: z.string().optional(),
  AT_API_KEY: z.string().optional(),
  AT_SENDER_ID: z.string().optional(),
  AT_BASE_URL: z.string().url().optional(),
  SMS_CALLBACK_TOKEN: z
    .string()
    .min(MIN_SECRET_LENGTH, `SMS_CALLBACK_TOKEN must be at least ${MIN_SECRET_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, 'SMS_CALLBACK_TOKEN must be letters, digits, - and _ only')
    .optional(),
  SMS_WORKER: z.enum(['true', 'false']).default('true'),
  PUBLIC_URL: z.string().url().optional(),
  MPESA_BASE_URL: z.string().url().optional(),
  MPESA_CONSUMER_KEY: z.string().optional(),
  MPESA_CONSUMER_SECRET: z.string().optional(),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'MPESA_SHORTCODE must be the Paybill number, 5 to 7 digits')
    .optional(),
  MPESA_PASSKEY: z.string().optional(),
  MPESA_CALLBACK_TOKEN: z
    .string()
    .min(MIN_SECRET_LENGTH, `MPESA_CALLBACK_TOKEN must be at least ${MIN_SECRET_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, 'MPESA_CALLBACK_TOKEN must be letters, digits, - and _ only')
    .optional(),
  SMS_PRICE_PER_PART_KES: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, 'SMS_PRICE_PER_PART_KES must be shillings, like 0.80')
    .default('0.80'),
});

/** Africa's Talking's documented hosts: the sandbox for the username "sandbox", else live. */
export const AT_SANDBOX_URL = 'https://api.sandbox.africastalking.com';
export const AT_LIVE_URL = 'https://api.africastalking.com';

/** Safaricom Daraja's sandbox: the default base URL until a school goes live. */
export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';

/** The school's Daraja app and Paybill (modules/payments); absent until all are set. */
export interface MpesaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** The secret in the callback paths M-Pesa is given. */
  callbackToken: string;
  /** Where M-Pesa reaches this installation: the callbacks' base (PUBLIC_URL). */
  publicUrl: string;
}

/** How SMS leave (or do not leave) the machine: modules/messages. */
export type SmsDriverConfig =
  | { driver: 'test' }
  | {
      driver: 'africastalking';
      username: string;
      apiKey: string;
      senderId?: string;
      baseUrl: string;
    };

export interface SmsConfig {
  gateway: SmsDriverConfig;
  /** The secret in the delivery-report callback's path; without it no report is taken. */
  callbackToken?: string;
  /** Whether the API process runs the outbox worker (false when `npm run worker` does). */
  workerInProcess: boolean;
  /** What the gateway charges for one SMS part, in cents of a shilling, for estimates. */
  pricePerPartCents: number;
}

/** At most `attempts` in a window of `windowSeconds` that starts with the first attempt. */
export interface Limit {
  attempts: number;
  windowSeconds: number;
}

/** Login attempts allowed per phone at one address, per phone and per address. */
export interface LoginLimits {
  perPhoneAtAddress: Limit;
  perPhone: Limit;
  perAddress: Limit;
}

/** SMS with a one-time code (or a notice about the account) per phone and per asking address. */
export interface CodeLimits {
  perPhone: Limit;
  perPhonePerDay: Limit;
  perAddress: Limit;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  jwtSecret: string;
  /** Built SPA to serve; absent in tests and development. */
  webDist?: string;
  logLevel: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (throttles, audit). */
  trustProxy: boolean;
  /**
   * Login attempts, sign-ups and school registrations per address, and SMS codes
   * (modules/auth/throttle, modules/auth/one-time-codes).
   */
  throttles: { login: LoginLimits; signUpsPerAddress: Limit; codes: CodeLimits };
  /**
   * How long a client may take to send a whole request, headers and body (a slow or stalled
   * client is answered 408 and its connection closed): REQUEST_TIMEOUT_SECONDS.
   */
  requestTimeoutMs: number;
  /**
   * API requests that run at once, and how long the next may wait for their turn before a 503
   * with Retry-After (plugins/load-shedding.ts): MAX_REQUESTS_IN_FLIGHT, MAX_QUEUE_WAIT_SECONDS.
   */
  load: LoadLimits;
  /** Uploaded photos: the bytes a school may keep, and the uploads a user may send in an hour. */
  uploadLimits: { quotaBytes: number; perUserPerHour: number };
  sms: SmsConfig;
  /** Absent: M-Pesa is not configured, and its buttons say so; cash and bank still work. */
  mpesa?: MpesaConfig;
}

const MPESA_SETTINGS = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'MPESA_CALLBACK_TOKEN',
  'PUBLIC_URL',
] as const;

/** M-Pesa when every setting it needs is there; none of them set means not configured. */
function mpesaOf(e: z.output<typeof envSchema>): MpesaConfig | undefined {
  const missing = MPESA_SETTINGS.filter((name) => !e[name]);
  if (missing.length === MPESA_SETTINGS.length) return undefined;
  if (missing.length > 0) {
    throw new Error(`Invalid configuration:\n  M-Pesa needs ${missing.join(', ')} as well`);
  }
  return {
    baseUrl: e.MPESA_BASE_URL ?? DARAJA_SANDBOX_URL,
    consumerKey: e.MPESA_CONSUMER_KEY!,
    consumerSecret: e.MPESA_CONSUMER_SECRET!,
    shortcode: e.MPESA_SHORTCODE!,
    passkey: e.MPESA_PASSKEY!,
    callbackToken: e.MPESA_CALLBACK_TOKEN!,
    publicUrl: e.PUBLIC_URL!.replace(/\/+$/, ''),
  };
}

function smsGateway(e: z.output<typeof envSchema>): SmsDriverConfig {
  if (e.SMS_DRIVER === 'test') return { driver: 'test' };
  if (!e.AT_USERNAME || !e.AT_API_KEY) {
    throw new Error(
      'Invalid configuration:\n  SMS_DRIVER=africastalking needs AT_USERNAME and AT_API_KEY',
    );
  }
  return {
    driver: 'africastalking',
    username: e.AT_USERNAME,
    apiKey: e.AT_API_KEY,
    senderId: e.AT_SENDER_ID,
    baseUrl: e.AT_BASE_URL ?? (e.AT_USERNAME === 'sandbox' ? AT_SANDBOX_URL : AT_LIVE_URL),
  };
}

/**
 * The signing secret: JWT_SECRET, or one generated once and kept in the data folder. It is
 * written aside and linked into place, so a process killed while writing it leaves no empty
 * file (an empty key fails every sign-in), and two first starts on one folder agree on it.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
  if (kept !== undefined && kept.length >= MIN_SECRET_LENGTH) return kept;
  const secret = randomBytes(48).toString('base64url');
  const draft = `${file}.${process.pid}`;
  try {
    writeFileSync(draft, secret, { mode: PRIVATE_FILE_MODE });
    // A file too short to be a secret (cut off by a kill before this was atomic) never
    // signed a token, so replacing it signs no one out.
    if (kept !== undefined) renameSync(draft, file);
    else linkSync(draft, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(draft, { force: true });
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (DATABASE_URL= turns PostgreSQL off).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  makePrivateDirSync(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    throttles: {
      login: {
        perPhoneAtAddress: { attempts: 10, windowSeconds: 15 * 60 },
        // One address can fail at most 40 times an hour (10 per 15 minutes), so only guessing
        // from several addresses at once locks a phone out everywhere.
        perPhone: { attempts: 50, windowSeconds: 60 * 60 },
        perAddress: { attempts: 100, windowSeconds: 15 * 60 },
      },
      signUpsPerAddress: { attempts: e.SIGN_UPS_PER_ADDRESS_PER_HOUR, windowSeconds: 60 * 60 },
      codes: {
        perPhone: { attempts: 3, windowSeconds: 15 * 60 },
        // 5 tries a code: at most 50 guesses a day at a phone's 6-digit codes.
        perPhonePerDay: { attempts: 10, windowSeconds: 24 * 60 * 60 },
        perAddress: { attempts: e.CODES_PER_ADDRESS_PER_15_MINUTES, windowSeconds: 15 * 60 },
      },
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    load: {
      maxInFlight: e.MAX_REQUESTS_IN_FLIGHT,
      maxWaitMs: Math.round(e.MAX_QUEUE_WAIT_SECONDS * 1000),
    },
    uploadLimits: {
      quotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
      perUserPerHour: e.UPLOADS_PER_HOUR,
    },
    sms: {
      gateway: smsGateway(e),
      callbackToken: e.SMS_CALLBACK_TOKEN,
      workerInProcess: e.SMS_WORKER === 'true',
      // The setting's pattern is shillings, so it always reads as cents.
      pricePerPartCents: centsFromKes(e.SMS_PRICE_PER_PART_KES)!,
    },
    mpesa: mpesaOf(e),
  };
}
