import type { MpesaConfig } from '../../config';

/**
 * Our client of Safaricom's Daraja API (docs/decisions/016-mpesa.md; apps/api/src/test/fake-daraja.ts speaks the same API):
 * OAuth, STK push, STK query and the Paybill's URL registration, each one JSON request with the
 * base URL from config. One client per configuration (`darajaFor`), so the API's routes and the
 * STK sweeper share one cached OAuth token.
 */

/** How long one Daraja call may take. STK push answers in a second or two when M-Pesa is well. */
export const DARAJA_TIMEOUT_MS = 20_000;

/** A token is fetched again this long before Daraja says it expires (it lives about an hour). */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** What TransactionDesc says on the parent's phone (at most 13 characters). */
export const TRANSACTION_DESC = 'School fees';

/** Daraja's "still processing" answer to an STK query. */
const STILL_PROCESSING = '500.001.1001';

/** A Daraja call that failed: refused (with Daraja's words), timed out, or unreachable. */
export class DarajaError extends Error {
  constructor(
    message: string,
    /** Daraja's errorCode or ResponseCode, when it answered one. */
    readonly code?: string,
    /** The HTTP status, when there was an answer. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/**
 * yyyyMMddHHmmss in Nairobi time. East Africa Time is UTC+3 all year (Kenya keeps no daylight
 * saving), so the offset is added rather than asked of the time-zone database.
 */
export function darajaTimestamp(at: Date) {
  const nairobi = new Date(at.getTime() + 3 * 3_600_000);
  return nairobi.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The STK `Password`: base64 of shortcode, passkey and timestamp. */
export const stkPassword = (shortcode: string, passkey: string, timestamp: string) =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');

/** yyyyMMddHHmmss in Nairobi time (a callback's TransactionDate or TransTime) as an instant. */
export function dateOfDarajaTime(value: string | number): Date | null {
  const text = String(value);
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h! - 3, mi!, s!));
  return Number.isNaN(at.getTime()) || darajaTimestamp(at) !== text ? null : at;
}

export interface StkPushInput {
  /** Whole shillings. */
  amountKes: number;
  /** 2547… / 2541… */
  phone: string;
  accountReference: string;
  callbackUrl: string;
}

export interface StkPushAnswer {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

/** What the STK query knows: the final ResultCode, or that the parent has not finished yet. */
export type StkQueryAnswer =
  | { state: 'done'; resultCode: string; resultDesc: string }
  | { state: 'processing' };

export interface DarajaClient {
  stkPush(input: StkPushInput): Promise<StkPushAnswer>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer>;
  registerUrls(urls: { confirmationUrl: string; validationUrl: string }): Promise<string>;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** Words for a call that got no usable answer. */
function unreachable(err: unknown, timeoutMs: number): DarajaError {
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new DarajaError(
      `M-Pesa did not answer within ${Number((timeoutMs / 1000).toFixed(1))} seconds`,
    );
  }
  const cause = (err as { cause?: { code?: string } }).cause;
  return new DarajaError(`Could not reach M-Pesa${cause?.code ? ` (${cause.code})` : ''}`);
}

/** Daraja's error body ({errorCode, errorMessage}) or its ResponseDescription, as an error. */
function refusal(status: number, body: Record<string, unknown> | null): DarajaError {
  const code = typeof body?.errorCode === 'string' ? body.errorCode : undefined;
  const words =
    (typeof body?.errorMessage === 'string' && body.errorMessage) ||
    (typeof body?.ResponseDescription === 'string' && body.ResponseDescription) ||
    `HTTP ${status}`;
  return new DarajaError(`M-Pesa refused the request: ${words}`, code, status);
}

export function darajaClient(
  config: MpesaConfig,
  {
    timeoutMs = DARAJA_TIMEOUT_MS,
    now = () => new Date(),
  }: { timeoutMs?: number; now?: () => Date } = {},
): DarajaClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  let cached: CachedToken | undefined;
  // Callers that need a token while one is being fetched wait for that one fetch.
  let fetching: Promise<CachedToken> | undefined;

  async function call(path: string, init: RequestInit) {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (err) {
      throw unreachable(err, timeoutMs);
    }
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  async function fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
    const { status, body } = await call('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    const token = body?.access_token;
    const lifetime = Number(body?.expires_in);
    if (status !== 200 || typeof token !== 'string' || !token) {
      throw refusal(status, body);
    }
    const seconds = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 3599;
    return { token, expiresAt: now().getTime() + seconds * 1000 };
  }

  async function accessToken(): Promise<string> {
    if (cached && now().getTime() < cached.expiresAt - TOKEN_REFRESH_MARGIN_MS) return cached.token;
    fetching ??= fetchToken().finally(() => {
      fetching = undefined;
    });
    cached = await fetching;
    return cached.token;
  }

  /** A JSON POST with the bearer token; a token Daraja no longer takes is fetched again once. */
  async function post(path: string, payload: object) {
    for (let attempt = 1; ; attempt += 1) {
      const token = await accessToken();
      const answer = await call(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const invalidToken =
        answer.status === 401 ||
        (typeof answer.body?.errorCode === 'string' && answer.body.errorCode === '404.001.03');
      if (!invalidToken || attempt === 2) return answer;
      if (cached?.token === token) cached = undefined;
    }
  }

  const passwordNow = () => {
    const timestamp = darajaTimestamp(now());
    return {
      Password: stkPassword(config.shortcode, config.passkey, timestamp),
      Timestamp: timestamp,
    };
  };

  return {
    async stkPush(input) {
      const { status, body } = await post('/mpesa/stkpush/v1/processrequest', {
        BusinessShortCode: config.shortcode,
        ...passwordNow(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: input.amountKes,
        PartyA: input.phone,
        PartyB: config.shortcode,
        PhoneNumber: input.phone,
        CallBackURL: input.callbackUrl,
        AccountReference: input.accountReference,
        TransactionDesc: TRANSACTION_DESC,
      });
      const ok =
        status === 200 &&
        String(body?.ResponseCode) === '0' &&
        typeof body?.CheckoutRequestID === 'string';
      if (!ok) throw refusal(status, body);
      return {
        merchantRequestId: String(body!.MerchantRequestID ?? ''),
        checkoutRequestId: body!.CheckoutRequestID as string,
        customerMessage: String(body!.CustomerMessage ?? ''),
      };
    },

    async stkQuery(checkoutRequestId) {
      const { status, body } = await post('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: config.shortcode,
        ...passwordNow(),
        CheckoutRequestID: checkoutRequestId,
      });
      if (body?.errorCode === STILL_PROCESSING) return { state: 'processing' };
      if (status !== 200 || body?.ResultCode === undefined || body.ResultCode === null) {
        throw refusal(status, body);
      }
      return {
        state: 'done',
        resultCode: String(body.ResultCode).trim(),
        resultDesc: String(body.ResultDesc ?? ''),
      };
    },

    async registerUrls({ confirmationUrl, validationUrl }) {
      const { status, body } = await post('/mpesa/c2b/v1/registerurl', {
        ShortCode: config.shortcode,
        ResponseType: 'Completed',
        ConfirmationURL: confirmationUrl,
        ValidationURL: validationUrl,
      });
      if (status !== 200 || String(body?.ResponseCode ?? '0') !== '0') throw refusal(status, body);
      return String(body?.ResponseDescription ?? 'Success');
    },
  };
}

const clients = new WeakMap<MpesaConfig, DarajaClient>();

/** The one client of a configuration (one cached token for the process). */
export function darajaFor(config: MpesaConfig): DarajaClient {
  let client = clients.get(config);
  if (!client) {
    client = darajaClient(config);
    clients.set(config, client);
  }
  return client;
}

/** Lets a test give a configuration a client of its own (a clock, a short timeout). */
export function setDarajaFor(config: MpesaConfig, client: DarajaClient) {
  clients.set(config, client);
}
