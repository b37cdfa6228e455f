import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { MpesaConfig } from '../config';
import { darajaTimestamp, stkPassword } from '../modules/mpesa/daraja';

/**
 * A local Safaricom Daraja for tests and the e2e server: a real HTTP server (port 0) that checks
 * each request as Daraja would (Basic auth for OAuth, a live bearer token, the STK fields and
 * their Password, a Nairobi timestamp, AccountReference of at most 12 characters, callback URLs
 * without the words Daraja refuses) and answers as it does. After an STK push it posts the
 * result to the push's CallBackURL: success with CallbackMetadata, or a failure code (cancelled
 * 1032, timeout 1037, wrong PIN 2001, insufficient funds 1), or nothing at all (then only the STK
 * query knows). It can post Paybill (C2B) confirmations to the registered URLs. See
 * docs/decisions/016-mpesa.md.
 *
 * As a program (`tsx src/test/fake-daraja.ts`) it prints its settings as one JSON line
 * ({baseUrl, consumerKey, consumerSecret, shortcode, passkey}) and settles each push by the
 * phone's last four digits: …1032 cancelled, …1037 timed out, …2001 wrong PIN, …0001 not enough
 * money, …0000 no callback (the STK query answers timed out); any other number pays, 1.5 s later.
 */

export type StkOutcome = 'success' | 'cancelled' | 'timeout' | 'wrong_pin' | 'insufficient';

export const STK_OUTCOME_CODES: Record<StkOutcome, number> = {
  success: 0,
  cancelled: 1032,
  timeout: 1037,
  wrong_pin: 2001,
  insufficient: 1,
};

const OUTCOME_WORDS: Record<StkOutcome, string> = {
  success: 'The service request is processed successfully.',
  cancelled: 'Request cancelled by user',
  timeout: 'DS timeout user cannot be reached',
  wrong_pin: 'The initiator information is invalid.',
  insufficient: 'The balance is insufficient for the transaction.',
};

/** How a push is settled: its result, whether the callback is posted, and how soon. */
export interface StkPlan {
  outcome: StkOutcome;
  /** false: no callback is posted (the STK query still knows the result). */
  callback?: boolean;
  /** Send ResultCode as a string ("0", "1032"), as Daraja sometimes does. */
  codeAsString?: boolean;
}

/** One push the fake accepted. */
export interface FakeStkPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  transactionDesc: string;
  callbackUrl: string;
  timestamp: string;
  plan: StkPlan;
  /** Set once settled (the callback posted, or due): the M-Pesa receipt on success. */
  receipt?: string;
  settled: boolean;
}

/** One callback the fake posted, with the HTTP status that answered it. */
export interface PostedCallback {
  url: string;
  body: unknown;
  answered: number;
}

export type PushFailure = 'http-500' | 'timeout' | 'refused';

/** Words Daraja refuses in a C2B callback URL, in any case. */
const FORBIDDEN_URL_WORDS = ['m-pesa', 'mpesa', 'safaricom', 'exe', 'exec', 'cmd', 'sql', 'query'];

export interface FakeDarajaOptions {
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  /** What OAuth says a token lives, in seconds (Daraja: 3599). */
  tokenSeconds?: number;
  /** How a push is settled when no plan names its phone. */
  defaultPlan?: StkPlan;
  /** Plans by the phone's last four digits (the program's convention), before the default. */
  plansBySuffix?: Record<string, StkPlan>;
  /** How long after the push its callback is posted. */
  callbackDelayMs?: number;
}

const newReceipt = () =>
  `T${randomBytes(6)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .toUpperCase()
    .slice(0, 9)}`;

export async function startFakeDaraja(options: FakeDarajaOptions = {}) {
  const consumerKey = options.consumerKey ?? `key-${randomBytes(6).toString('hex')}`;
  const consumerSecret = options.consumerSecret ?? `secret-${randomBytes(6).toString('hex')}`;
  const shortcode = options.shortcode ?? '174379';
  const passkey = options.passkey ?? `passkey-${randomBytes(8).toString('hex')}`;
  const tokenSeconds = options.tokenSeconds ?? 3599;
  let defaultPlan: StkPlan = options.defaultPlan ?? { outcome: 'success' };
  const plansBySuffix = { ...(options.plansBySuffix ?? {}) };
  const plansByPhone = new Map<string, StkPlan>();
  let callbackDelayMs = options.callbackDelayMs ?? 100;

  const tokens = new Map<string, number>();
  const pushes: FakeStkPush[] = [];
  const callbacks: PostedCallback[] = [];
  const pushFailures: PushFailure[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const pendingPosts = new Set<Promise<unknown>>();
  const counts = { oauth: 0, push: 0, query: 0, registerUrl: 0 };
  let registered: { confirmationUrl: string; validationUrl: string } | undefined;
  let counter = 0;

  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
    answer(res, status, { requestId: randomBytes(4).toString('hex'), errorCode, errorMessage });

  const postJson = async (url: string, body: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    callbacks.push({ url, body, answered: response.status });
    return { status: response.status, text };
  };

  const track = <T>(promise: Promise<T>) => {
    const quiet = promise.catch(() => undefined);
    pendingPosts.add(quiet);
    void quiet.finally(() => pendingPosts.delete(quiet));
    return promise;
  };

  /** The STK callback body of a push, as Daraja posts it. */
  const stkCallbackOf = (push: FakeStkPush) => {
    const code = STK_OUTCOME_CODES[push.plan.outcome];
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: push.plan.codeAsString ? String(code) : code,
      ResultDesc: OUTCOME_WORDS[push.plan.outcome],
    };
    if (code === 0) {
      // Daraja's order; the app must read them by Name, so the order is shuffled on purpose.
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
          { Name: 'PhoneNumber', Value: Number(push.phone) },
          { Name: 'Amount', Value: push.amount },
        ].reverse(),
      };
    }
    return { Body: { stkCallback } };
  };

  const settle = (push: FakeStkPush) => {
    push.settled = true;
    if (push.plan.outcome === 'success') push.receipt ??= newReceipt();
  };

  const planFor = (phone: string) =>
    plansByPhone.get(phone) ?? plansBySuffix[phone.slice(-4)] ?? defaultPlan;

  const bearerOk = (req: IncomingMessage) => {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const expires = match ? tokens.get(match[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  };

  const handleOauth = (req: IncomingMessage, res: ServerResponse) => {
    counts.oauth += 1;
    const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return error(res, 400, '400.008.01', 'Invalid Authentication passed');
    }
    const token = randomBytes(14).toString('base64url');
    tokens.set(token, Date.now() + tokenSeconds * 1000);
    answer(res, 200, { access_token: token, expires_in: String(tokenSeconds) });
  };

  /** The checks of an STK push or query's shortcode, timestamp and password. */
  const credentialsError = (body: Record<string, unknown>) => {
    if (String(body.BusinessShortCode) !== shortcode) return 'Invalid BusinessShortCode';
    const timestamp = String(body.Timestamp ?? '');
    if (!/^\d{14}$/.test(timestamp)) return 'Invalid Timestamp';
    // A Nairobi timestamp of now, give or take five minutes (a UTC one is three hours off).
    if (Math.abs(Date.now() - nairobiMs(timestamp)) > 5 * 60_000) return 'Invalid Timestamp';
    if (body.Password !== stkPassword(shortcode, passkey, timestamp)) return 'Invalid Password';
    return undefined;
  };

  const handlePush = (res: ServerResponse, body: Record<string, unknown>) => {
    counts.push += 1;
    const failure = pushFailures.shift();
    if (failure === 'timeout') return; // Never answered: the caller's timeout ends it.
    if (failure === 'http-500') return error(res, 500, '500.001.1001', 'Internal Server Error');
    if (failure === 'refused') {
      return error(res, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber');
    }
    const wrong = credentialsError(body);
    if (wrong) return error(res, 400, '400.002.02', `Bad Request - ${wrong}`);
    const phone = String(body.PhoneNumber ?? '');
    const checks: [boolean, string][] = [
      [body.TransactionType === 'CustomerPayBillOnline', 'Invalid TransactionType'],
      [Number.isInteger(body.Amount) && (body.Amount as number) >= 1, 'Invalid Amount'],
      [/^254[17]\d{8}$/.test(phone) && String(body.PartyA) === phone, 'Invalid PhoneNumber'],
      [String(body.PartyB) === shortcode, 'Invalid PartyB'],
      [/^https?:\/\//.test(String(body.CallBackURL ?? '')), 'Invalid CallBackURL'],
      [
        typeof body.AccountReference === 'string' &&
          body.AccountReference.length >= 1 &&
          body.AccountReference.length <= 12,
        'Invalid AccountReference',
      ],
      [
        typeof body.TransactionDesc === 'string' &&
          body.TransactionDesc.length >= 1 &&
          body.TransactionDesc.length <= 13,
        'Invalid TransactionDesc',
      ],
    ];
    const failed = checks.find(([ok]) => !ok);
    if (failed) return error(res, 400, '400.002.02', `Bad Request - ${failed[1]}`);

    counter += 1;
    const push: FakeStkPush = {
      merchantRequestId: `${10_000 + counter}-${randomBytes(3).toString('hex')}-1`,
      checkoutRequestId: `ws_CO_${darajaTimestamp(new Date())}${randomBytes(5).toString('hex')}`,
      amount: body.Amount as number,
      phone,
      accountReference: body.AccountReference as string,
      transactionDesc: body.TransactionDesc as string,
      callbackUrl: String(body.CallBackURL),
      timestamp: String(body.Timestamp),
      plan: planFor(phone),
      settled: false,
    };
    pushes.push(push);
    answer(res, 200, {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    const timer = setTimeout(() => {
      timers.delete(timer);
      settle(push);
      if (push.plan.callback === false) return;
      void track(postJson(push.callbackUrl, stkCallbackOf(push)));
    }, callbackDelayMs);
    timers.add(timer);
  };

  const handleQuery = (res: ServerResponse, body: Record<string, unknown>) => {
    counts.query += 1;
    const wrong = credentialsError(body);
    if (wrong) return error(res, 400, '400.002.02', `Bad Request - ${wrong}`);
    const push = pushes.find((p) => p.checkoutRequestId === body.CheckoutRequestID);
    if (!push) return error(res, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    if (!push.settled) {
      return error(res, 500, '500.001.1001', 'The transaction is being processed');
    }
    const code = STK_OUTCOME_CODES[push.plan.outcome];
    answer(res, 200, {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: String(code),
      ResultDesc: OUTCOME_WORDS[push.plan.outcome],
    });
  };

  const handleRegister = (res: ServerResponse, body: Record<string, unknown>) => {
    counts.registerUrl += 1;
    if (String(body.ShortCode) !== shortcode) {
      return error(res, 400, '400.003.02', 'Bad Request - Invalid ShortCode');
    }
    if (body.ResponseType !== 'Completed' && body.ResponseType !== 'Cancelled') {
      return error(res, 400, '400.003.02', 'Bad Request - Invalid ResponseType');
    }
    const urls = [String(body.ConfirmationURL ?? ''), String(body.ValidationURL ?? '')];
    for (const url of urls) {
      if (!/^https?:\/\//.test(url)) return error(res, 400, '400.003.02', 'Invalid URL');
      const lower = url.toLowerCase();
      if (FORBIDDEN_URL_WORDS.some((word) => lower.includes(word))) {
        return error(res, 400, '400.003.02', 'Bad Request - Invalid ConfirmationURL');
      }
    }
    registered = { confirmationUrl: urls[0]!, validationUrl: urls[1]! };
    answer(res, 200, {
      OriginatorCoversationID: randomBytes(6).toString('hex'),
      ResponseCode: '0',
      ResponseDescription: 'Success',
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/oauth/v1/generate') {
      if (req.method !== 'GET' || url.searchParams.get('grant_type') !== 'client_credentials') {
        return error(res, 400, '400.008.02', 'Invalid grant type passed');
      }
      return handleOauth(req, res);
    }
    const routes: Record<string, (res: ServerResponse, body: Record<string, unknown>) => void> = {
      '/mpesa/stkpush/v1/processrequest': handlePush,
      '/mpesa/stkpushquery/v1/query': handleQuery,
      '/mpesa/c2b/v1/registerurl': handleRegister,
    };
    const route = routes[url.pathname];
    if (!route) return error(res, 404, '404.001.01', 'Resource not found');
    if (req.method !== 'POST') return error(res, 405, '405.001.01', 'Method not allowed');
    if (!bearerOk(req)) return error(res, 401, '404.001.03', 'Invalid Access Token');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return error(res, 400, '400.002.05', 'Invalid Request Payload');
    }
    if (!body || typeof body !== 'object') {
      return error(res, 400, '400.002.05', 'Invalid Request Payload');
    }
    route(res, body as Record<string, unknown>);
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const pushOf = (checkoutRequestId: string) => {
    const push = pushes.find((p) => p.checkoutRequestId === checkoutRequestId);
    if (!push) throw new Error(`The fake has no push ${checkoutRequestId}`);
    return push;
  };

  return {
    url,
    /** The Daraja part of an MpesaConfig that talks to this fake. */
    settings: { baseUrl: url, consumerKey, consumerSecret, shortcode, passkey },
    /** An MpesaConfig for an app reachable at `publicUrl`. */
    config(publicUrl: string, callbackToken: string): MpesaConfig {
      return {
        baseUrl: url,
        consumerKey,
        consumerSecret,
        shortcode,
        passkey,
        callbackToken,
        publicUrl,
      };
    },
    pushes,
    callbacks,
    counts,
    /** The URLs last registered for the Paybill. */
    registered: () => registered,
    /** How pushes to `phone` (2547… or 07…) are settled from now on. */
    planPhone(phone: string, plan: StkPlan) {
      plansByPhone.set(phone.startsWith('0') ? `254${phone.slice(1)}` : phone, plan);
    },
    setDefaultPlan(plan: StkPlan) {
      defaultPlan = plan;
    },
    setCallbackDelay(ms: number) {
      callbackDelayMs = ms;
    },
    /** The next `times` STK pushes fail this way. */
    failNextPush(times: number, how: PushFailure) {
      for (let i = 0; i < times; i += 1) pushFailures.push(how);
    },
    /** Ends every token now (as if an hour went by): the next call with one is refused. */
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    /** The STK callback body of a push (settled now if it was not), to post again by hand. */
    stkCallback(checkoutRequestId: string) {
      const push = pushOf(checkoutRequestId);
      settle(push);
      return stkCallbackOf(push);
    },
    /** Posts a push's callback (again) to its CallBackURL; answers the HTTP status. */
    async postStkCallback(checkoutRequestId: string, url?: string) {
      const push = pushOf(checkoutRequestId);
      settle(push);
      return (await track(postJson(url ?? push.callbackUrl, stkCallbackOf(push)))).status;
    },
    /**
     * A Paybill payment: Daraja's confirmation body, posted to the registered confirmation URL
     * (or `url`). Answers the HTTP status and body text.
     */
    async payBill(
      payment: { amount: number; account: string; transId?: string; msisdn?: string },
      url?: string,
    ) {
      const target = url ?? registered?.confirmationUrl;
      if (!target) throw new Error('No confirmation URL was registered');
      const body = c2bConfirmation({ ...payment, shortcode });
      const { status, text } = await track(postJson(target, body));
      return { status, text, body };
    },
    reset() {
      pushFailures.length = 0;
      plansByPhone.clear();
      pushes.length = 0;
      callbacks.length = 0;
      defaultPlan = options.defaultPlan ?? { outcome: 'success' };
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(pendingPosts);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeDaraja = Awaited<ReturnType<typeof startFakeDaraja>>;

/** A yyyyMMddHHmmss Nairobi time as milliseconds since the epoch. */
function nairobiMs(timestamp: string) {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, k) =>
    Number(timestamp.slice(i, k === 0 ? 4 : i + 2)),
  ) as number[];
  return Date.UTC(y!, mo! - 1, d!, h! - 3, mi!, s!);
}

/** A C2B confirmation as Daraja posts it to the Paybill's confirmation URL. */
export function c2bConfirmation(payment: {
  amount: number;
  account: string;
  transId?: string;
  msisdn?: string;
  shortcode?: string;
}) {
  return {
    TransactionType: 'Pay Bill',
    TransID: payment.transId ?? newReceipt(),
    TransTime: darajaTimestamp(new Date()),
    TransAmount: payment.amount.toFixed(2),
    BusinessShortCode: payment.shortcode ?? '174379',
    BillRefNumber: payment.account,
    InvoiceNumber: '',
    OrgAccountBalance: '49197.00',
    ThirdPartyTransID: '',
    // Daraja now sends a hash or a masked number here, never the plain phone.
    MSISDN: payment.msisdn ?? '2547 ***** 126',
    FirstName: 'WANJIRU',
    MiddleName: '',
    LastName: 'KAMAU',
  };
}

// As a program: the e2e server's Daraja, settling pushes by the phone's last four digits.
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const fake = await startFakeDaraja({
    consumerKey: process.env.FAKE_DARAJA_CONSUMER_KEY,
    consumerSecret: process.env.FAKE_DARAJA_CONSUMER_SECRET,
    passkey: process.env.FAKE_DARAJA_PASSKEY,
    shortcode: process.env.FAKE_DARAJA_SHORTCODE,
    callbackDelayMs: 1_500,
    plansBySuffix: {
      '1032': { outcome: 'cancelled' },
      '1037': { outcome: 'timeout' },
      '2001': { outcome: 'wrong_pin', codeAsString: true },
      '0001': { outcome: 'insufficient' },
      '0000': { outcome: 'timeout', callback: false },
    },
  });
  console.log(JSON.stringify(fake.settings));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void fake.close().then(() => process.exit(0)));
  }
}
