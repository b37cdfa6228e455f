/**
 * What an SMS gateway driver does for the outbox worker: send one text to some phones and say,
 * per phone, what became of it. Drivers turn their gateway's answers into these outcomes; the
 * worker turns outcomes into recipient rows (outbox-worker.ts).
 */

/** One gateway call: one text to one or more phones (10-digit local form, 0712345678). */
export interface SmsSend {
  phones: string[];
  text: string;
}

/** What became of one phone of a call. */
export type PhoneOutcome =
  /** The gateway took it (Processed, Sent, Queued): delivery reports tell the rest. */
  | {
      outcome: 'sent';
      gatewayStatus: string;
      messageId: string;
      /** Shillings as an exact decimal string ("0.8000"); null when nothing was charged. */
      costKes: string | null;
    }
  /** Refused for good (a bad number, a blacklist): the reason in words a school understands. */
  | { outcome: 'failed'; gatewayStatus: string; reason: string }
  /** Try again later (the gateway's own error, a timeout); after some tries it fails. */
  | { outcome: 'retry'; gatewayStatus: string; reason: string }
  /** The account is out of credit: the whole queue waits until someone tops up. */
  | { outcome: 'hold'; gatewayStatus: string; reason: string };

/** The answer of one call: an outcome per phone of the call, keyed by the local form. */
export type SmsSendResult = Map<string, PhoneOutcome>;

export interface SmsGateway {
  /** For logs and for rows: 'test' never lets anything leave the machine. */
  readonly name: 'test' | 'africastalking';
  /**
   * Sends and answers an outcome for every phone of the call. Never throws for the gateway's
   * own trouble (an HTTP error, a timeout): those are `retry` outcomes.
   */
  send(sms: SmsSend): Promise<SmsSendResult>;
}

/** The same outcome for every phone of a call (a timeout, an HTTP 5xx). */
export const sameForAll = (phones: string[], outcome: PhoneOutcome): SmsSendResult =>
  new Map(phones.map((phone) => [phone, outcome]));
