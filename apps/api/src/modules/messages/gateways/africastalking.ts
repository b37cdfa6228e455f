import { internationalPhone } from '@shule/shared/messages';
import type { SmsDriverConfig } from '../../../config';
import { type PhoneOutcome, type SmsGateway, type SmsSendResult, sameForAll } from './types';

/**
 * SMS_DRIVER=africastalking: Africa's Talking's messaging API, one form POST per call
 * (docs/decisions/014-sms-outbox.md; apps/api/src/test/fake-africastalking.ts speaks the same API). Their `africastalking` package is a thin,
 * old wrapper of this one request, so this is our own client.
 */
export type AfricasTalkingSettings = Extract<SmsDriverConfig, { driver: 'africastalking' }>;

/** How long one call may take before it counts as a timeout (and is retried). */
export const AT_TIMEOUT_MS = 30_000;

/** Per-recipient status codes the gateway accepted: Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);

/** The transactional-sender advice both blocking refusals end with. */
const SAFARICOM_UNBLOCK =
  "On Safaricom the parent can dial *456*9*5# and activate messages from the school's sender name; a sender ID registered as transactional is not blocked this way.";

/** Refusals for good, in words a school understands, with what can be done. */
const REFUSED: Record<number, string> = {
  401: 'The gateway held this message as a risk (RiskHold): contact Africa’s Talking support to release it.',
  402: 'The sender ID (AT_SENDER_ID) is not valid for this account (InvalidSenderId): use a sender ID registered with Africa’s Talking, or none.',
  403: 'The phone number is not a valid number (InvalidPhoneNumber): correct the parent’s phone number.',
  404: 'The gateway cannot send to this kind of number (UnsupportedNumberType): give a Kenyan mobile number for the parent.',
  406: `The parent’s line blocks SMS from this sender (UserInBlacklist). ${SAFARICOM_UNBLOCK}`,
  407: 'The gateway could not route the message to the parent’s network (CouldNotRoute): try again later, or check the number.',
  409: `The parent’s line refuses promotional SMS (DoNotDisturbRejection). ${SAFARICOM_UNBLOCK}`,
};

export const INSUFFICIENT_BALANCE_REASON =
  'The SMS account is out of credit (InsufficientBalance): top up the Africa’s Talking account. Sending starts again by itself.';

/** The gateway's own trouble with one recipient: tried again later. */
const TRANSIENT: Record<number, string> = {
  500: 'The gateway had an internal error (InternalServerError)',
  501: 'The gateway’s upstream network had an error (GatewayError)',
  502: 'The network rejected the message at the gateway (RejectedByGateway)',
};

/**
 * "KES 0.8000" → "0.8000": shillings kept as the exact decimal text the gateway wrote (no
 * float on the way). Another currency, or no charge written, is null: cost_kes is shillings.
 */
export function parseKesCost(cost: unknown): string | null {
  if (typeof cost !== 'string') return null;
  const match = /^KES\s+(\d{1,8}(?:\.\d{1,4})?)$/.exec(cost.trim());
  return match ? match[1]! : null;
}

/** "+254712345678" → "0712345678", the form the rows keep. */
const localPhone = (number: string) => (number.startsWith('+254') ? `0${number.slice(4)}` : number);

interface AtRecipient {
  number?: unknown;
  status?: unknown;
  statusCode?: unknown;
  messageId?: unknown;
  cost?: unknown;
}

/** One recipient of the gateway's answer, as an outcome. */
export function outcomeOf(recipient: AtRecipient): PhoneOutcome {
  const code = Number(recipient.statusCode);
  const status = typeof recipient.status === 'string' ? recipient.status : String(code);
  const gatewayStatus = String(code);
  if (ACCEPTED.has(code) && typeof recipient.messageId === 'string' && recipient.messageId) {
    return {
      outcome: 'sent',
      gatewayStatus,
      messageId: recipient.messageId,
      costKes: parseKesCost(recipient.cost),
    };
  }
  if (code === 405) return { outcome: 'hold', gatewayStatus, reason: INSUFFICIENT_BALANCE_REASON };
  const refused = REFUSED[code];
  if (refused) return { outcome: 'failed', gatewayStatus, reason: refused };
  const transient = TRANSIENT[code];
  if (transient) return { outcome: 'retry', gatewayStatus, reason: transient };
  // A code the gateway did not document, or an accepted one without a message id: whether it
  // left is unknown, so it is not sent again (decision 014).
  return {
    outcome: 'failed',
    gatewayStatus,
    reason: `The gateway answered “${status}” (${gatewayStatus}): this SMS may or may not have reached the phone.`,
  };
}

const NO_ANSWER_FOR_PHONE =
  'The gateway’s answer did not mention this number: this SMS may or may not have reached the phone.';

/** Words for a call that got no usable answer: a timeout, no connection. */
function unreachableReason(err: unknown, timeoutMs: number) {
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `The gateway did not answer within ${Number((timeoutMs / 1000).toFixed(1))} seconds`;
  }
  const cause = (err as { cause?: { code?: string } }).cause;
  return `Could not reach the gateway${cause?.code ? ` (${cause.code})` : ''}`;
}

export function africasTalkingGateway(
  settings: AfricasTalkingSettings,
  { timeoutMs = AT_TIMEOUT_MS }: { timeoutMs?: number } = {},
): SmsGateway {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/version1/messaging`;
  return {
    name: 'africastalking',
    async send({ phones, text }): Promise<SmsSendResult> {
      const form = new URLSearchParams({
        username: settings.username,
        to: phones.map(internationalPhone).join(','),
        message: text,
      });
      if (settings.senderId) form.set('from', settings.senderId);

      let response: Response;
      let body: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            apiKey: settings.apiKey,
            // Without it the gateway answers XML.
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.text();
      } catch (err) {
        const reason = unreachableReason(err, timeoutMs);
        return sameForAll(phones, { outcome: 'retry', gatewayStatus: 'unreachable', reason });
      }

      const gatewayStatus = `HTTP ${response.status}`;
      if (response.status >= 500) {
        const reason = `The gateway had a problem (${gatewayStatus})`;
        return sameForAll(phones, { outcome: 'retry', gatewayStatus, reason });
      }
      if (response.status !== 201 && response.status !== 200) {
        // A refused request (bad credentials, a bad username): nothing was sent, and the
        // settings need fixing; tried again a few times in case it was passing.
        const said = body.trim().slice(0, 200);
        const reason = `The gateway refused the request (${gatewayStatus}${said ? `: ${said}` : ''}): check AT_USERNAME, AT_API_KEY and AT_SENDER_ID`;
        return sameForAll(phones, { outcome: 'retry', gatewayStatus, reason });
      }

      let recipients: AtRecipient[] | undefined;
      try {
        const parsed = JSON.parse(body) as { SMSMessageData?: { Recipients?: unknown } };
        const list = parsed.SMSMessageData?.Recipients;
        if (Array.isArray(list)) recipients = list as AtRecipient[];
      } catch {
        recipients = undefined;
      }
      if (!recipients) {
        // It said yes but not to whom: the SMS may have left, so none is sent again.
        const reason = `The gateway accepted the request but its answer could not be read: this SMS may or may not have reached the phone.`;
        return sameForAll(phones, { outcome: 'failed', gatewayStatus, reason });
      }

      const result: SmsSendResult = new Map();
      for (const recipient of recipients) {
        if (typeof recipient.number !== 'string') continue;
        result.set(localPhone(recipient.number), outcomeOf(recipient));
      }
      for (const phone of phones) {
        if (!result.has(phone)) {
          result.set(phone, { outcome: 'failed', gatewayStatus, reason: NO_ANSWER_FOR_PHONE });
        }
      }
      return result;
    },
  };
}
