import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { smsParts } from '@shule/shared/messages';
import type { DeliveryReportStatus } from '@shule/shared/sms-delivery-reports';
import type { AfricasTalkingSettings } from '../modules/messages/gateways/africastalking';

/**
 * A local Africa's Talking for tests and the e2e server: a real HTTP server (port 0) that checks
 * each request as the gateway would (method, path, apiKey header, Accept, form fields), answers
 * as it does (HTTP 201, SMSMessageData.Recipients per number), and posts delivery reports,
 * form-encoded, to a callback URL. It can refuse chosen numbers, fail transiently, run out of
 * credit and hang past a timeout. See docs/decisions/014-sms-outbox.md.
 *
 * As a program (`tsx src/test/fake-africastalking.ts`) it prints its settings as one JSON line
 * and reports Success for every number: FAKE_AT_CALLBACK_URL, FAKE_AT_USERNAME, FAKE_AT_API_KEY.
 * `GET /test/inbox?to=0712345678` answers the texts sent to a number (`{ messages }`, oldest
 * first): the e2e specs read one-time codes there, as a person reads their phone.
 */

/** One request the fake accepted, as the gateway read it. */
export interface FakeSmsRequest {
  username: string;
  to: string[];
  message: string;
  from?: string;
}

/** One delivery report the fake posted, and the status the callback answered. */
export interface PostedReport {
  id: string;
  status: DeliveryReportStatus;
  phoneNumber: string;
  answered: number;
}

export type TransientFailure = 'http-500' | 'status-500' | 'timeout';

export interface FakeAfricasTalkingOptions {
  username?: string;
  apiKey?: string;
  /** Where delivery reports go (POST, form-encoded); none are posted without it. */
  callbackUrl?: string;
  /** The status reported for every accepted number, `reportDelayMs` after it was sent. */
  autoReport?: DeliveryReportStatus | false;
  reportDelayMs?: number;
  /** What one SMS part costs, in cents of a shilling (80: "KES 0.8000"). */
  centsPerPart?: number;
  /** How long each answer takes, as a real gateway's round trip would. */
  answerDelayMs?: number;
}

/** The per-recipient codes, by name. */
export const AT_STATUS_NAMES: Record<number, string> = {
  100: 'Processed',
  101: 'Success',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

const KENYAN_MOBILE = /^\+254[17]\d{8}$/;

/** "+254712345678" for "0712345678" or "+254712345678". */
const international = (phone: string) => (phone.startsWith('0') ? `+254${phone.slice(1)}` : phone);

/** 160 cents → "KES 1.6000", exactly. */
const kes = (cents: number) =>
  `KES ${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}00`;

export async function startFakeAfricasTalking(options: FakeAfricasTalkingOptions = {}) {
  const username = options.username ?? 'sandbox';
  const apiKey = options.apiKey ?? `fake-key-${randomBytes(8).toString('hex')}`;
  const centsPerPart = options.centsPerPart ?? 80;
  let callbackUrl = options.callbackUrl;
  let autoReport = options.autoReport ?? false;
  const reportDelayMs = options.reportDelayMs ?? 300;
  const answerDelayMs = options.answerDelayMs ?? 0;

  const requests: FakeSmsRequest[] = [];
  const reports: PostedReport[] = [];
  const refused = new Map<string, number>();
  const failures: TransientFailure[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const pendingPosts = new Set<Promise<unknown>>();
  let outOfCredit = false;
  let messageCounter = 0;

  const postReport = async (report: Omit<PostedReport, 'answered'>, failureReason?: string) => {
    if (!callbackUrl) throw new Error('The fake gateway has no callback URL');
    const form = new URLSearchParams({
      id: report.id,
      status: report.status,
      phoneNumber: report.phoneNumber,
      networkCode: '63902',
      retryCount: '0',
    });
    if (failureReason) form.set('failureReason', failureReason);
    const response = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    await response.arrayBuffer();
    reports.push({ ...report, answered: response.status });
    return response.status;
  };

  const scheduleReport = (id: string, phoneNumber: string) => {
    if (!callbackUrl || !autoReport) return;
    const status = autoReport;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const post = postReport({ id, status, phoneNumber }).catch(() => undefined);
      pendingPosts.add(post);
      void post.finally(() => pendingPosts.delete(post));
    }, reportDelayMs);
    timers.add(timer);
  };

  const answer = (res: ServerResponse, status: number, body: string, type = 'text/plain') => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    // Not the gateway's: what a phone has received, for the e2e specs to read its codes.
    const inbox = /^\/test\/inbox\?to=(0\d{9})$/.exec(req.url ?? '');
    if (inbox && req.method === 'GET') {
      const number = international(inbox[1]!);
      const messages = requests.filter((r) => r.to.includes(number)).map((r) => r.message);
      return answer(res, 200, JSON.stringify({ messages }), 'application/json');
    }
    if (req.url !== '/version1/messaging') return answer(res, 404, 'Not found');
    if (req.method !== 'POST') return answer(res, 405, 'Method not allowed');
    if (req.headers.apikey !== apiKey) {
      return answer(res, 401, 'The supplied authentication is invalid');
    }
    if (req.headers.accept !== 'application/json') {
      return answer(res, 400, 'This fake answers JSON only: send Accept: application/json');
    }
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return answer(res, 400, 'Send the request form-encoded');
    }
    const form = new URLSearchParams(body);
    if (form.get('username') !== username) {
      return answer(res, 401, 'The supplied authentication is invalid');
    }
    const to = (form.get('to') ?? '').split(',').filter((n) => n !== '');
    const message = form.get('message') ?? '';
    if (to.length === 0) return answer(res, 400, 'Must have to set');
    if (message === '') return answer(res, 400, 'Must have message set');
    const from = form.get('from') ?? undefined;
    requests.push({ username, to, message, ...(from ? { from } : {}) });

    const failure = failures.shift();
    if (failure === 'timeout') return; // Never answered: the caller's timeout ends it.
    if (failure === 'http-500') return answer(res, 500, 'Internal Server Error');

    const cents = smsParts(message).parts * centsPerPart;
    const recipients = to.map((number) => {
      const code = !KENYAN_MOBILE.test(number)
        ? 403
        : failure === 'status-500'
          ? 500
          : outOfCredit
            ? 405
            : (refused.get(number) ?? 101);
      if (code > 102) {
        return {
          statusCode: code,
          number,
          status: AT_STATUS_NAMES[code],
          cost: '0',
          messageId: 'None',
        };
      }
      messageCounter += 1;
      const messageId = `ATXid_${randomBytes(8).toString('hex')}${messageCounter}`;
      scheduleReport(messageId, number);
      return {
        statusCode: code,
        number,
        status: AT_STATUS_NAMES[code],
        cost: kes(cents),
        messageId,
      };
    });
    const accepted = recipients.filter((r) => r.statusCode <= 102).length;
    const total = kes(accepted * cents);
    answer(
      res,
      201,
      JSON.stringify({
        SMSMessageData: {
          Message: `Sent to ${accepted}/${to.length} Total Cost: ${total}`,
          Recipients: recipients,
        },
      }),
      'application/json',
    );
  };

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      if (answerDelayMs === 0) return handle(req, res, body);
      const timer = setTimeout(() => {
        timers.delete(timer);
        handle(req, res, body);
      }, answerDelayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    /** The driver's settings that talk to this fake. */
    settings: {
      driver: 'africastalking',
      username,
      apiKey,
      baseUrl: url,
    } as AfricasTalkingSettings,
    /** Every request that passed the checks, in order. */
    requests,
    /** Every delivery report posted, with the callback's answer. */
    reports,
    /** Refuses `phone` (local or +254) with a per-recipient status code from now on. */
    refuse(phone: string, statusCode: number) {
      refused.set(international(phone), statusCode);
    },
    /** The next `times` requests fail this way (an HTTP 500, code 500 per number, no answer). */
    failNext(times: number, how: TransientFailure) {
      for (let i = 0; i < times; i += 1) failures.push(how);
    },
    /** While on, every number answers 405 InsufficientBalance. */
    setOutOfCredit(on: boolean) {
      outOfCredit = on;
    },
    /** Where reports go, and which status is reported for every accepted number (false: none). */
    setReports(url: string | undefined, status: DeliveryReportStatus | false) {
      callbackUrl = url;
      autoReport = status;
    },
    /** Forgets refusals, failures to come, the credit state and the requests seen. */
    reset() {
      refused.clear();
      failures.length = 0;
      outOfCredit = false;
      requests.length = 0;
    },
    /** Posts one delivery report now; answers the callback's HTTP status. */
    report(id: string, status: DeliveryReportStatus, phoneNumber: string, failureReason?: string) {
      return postReport({ id, status, phoneNumber }, failureReason);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(pendingPosts);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeAfricasTalking = Awaited<ReturnType<typeof startFakeAfricasTalking>>;

// As a program: the e2e server's gateway, reporting Success for every number.
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const fake = await startFakeAfricasTalking({
    username: process.env.FAKE_AT_USERNAME,
    apiKey: process.env.FAKE_AT_API_KEY,
    callbackUrl: process.env.FAKE_AT_CALLBACK_URL,
    autoReport: 'Success',
    reportDelayMs: 500,
  });
  console.log(JSON.stringify(fake.settings));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void fake.close().then(() => process.exit(0)));
  }
}
