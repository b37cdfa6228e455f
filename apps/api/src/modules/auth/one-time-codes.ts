import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_DIGITS,
  CODE_LIFETIME_MINUTES,
  CODE_MESSAGES,
  CODE_TRIES,
  type CodePurpose,
  type CodeSentResponse,
  codeSentMessage,
  codeSmsText,
  PHONE_IN_USE_SMS,
} from '@shule/shared/one-time-codes';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { CodeLimits } from '../../config';
import type { Db } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/index';
import { invalid, TooManyAttempts } from '../../errors';
import { queueAccountSms } from '../messages/index';
import { type CountedKey, takeAttempt, waitOf } from './throttle';

/**
 * One-time codes by SMS (docs/decisions/025-one-time-codes-by-sms.md): six random digits for a
 * purpose and a phone, kept only as an HMAC under the server's secret (a copy of the database
 * alone cannot try the million codes), alive 5 minutes, 5 tries. At most 3 SMS to a phone in 15
 * minutes and 10 a day, and a limit per asking address (429 with Retry-After). Asking again ends
 * the phone's earlier codes of that purpose. The SMS goes through the outbox of account SMS
 * (modules/messages/account-sms.ts), after the answer, so the answer takes as long whether or
 * not an SMS is sent.
 */

export interface CodeDeps {
  db: Db;
  /** The server's signing secret: the key of the codes' HMAC. */
  secret: string;
  limits: CodeLimits;
}

const hashOf = (secret: string, purpose: CodePurpose, phone: string, code: string) =>
  createHmac('sha256', secret).update(`one-time-code:${purpose}:${phone}:${code}`).digest();

/** Six digits from the system's random source, leading zeros kept. */
export const newCode = () => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

/**
 * Counts one SMS to `phone` asked from `address` (a code, or a notice that the phone is in use);
 * 429 once the phone or the address has had its share.
 */
export async function countSmsTo(
  db: Db,
  phone: string,
  address: string,
  limits: CodeLimits,
): Promise<void> {
  const keys: CountedKey[] = [
    { key: `code:phone:${phone}`, limit: limits.perPhone },
    { key: `code:phone-day:${phone}`, limit: limits.perPhonePerDay },
    { key: `code:address:${address}`, limit: limits.perAddress },
  ];
  const wait = (await takeAttempt(db, keys)).refusedFor;
  if (wait !== null) {
    throw new TooManyAttempts(
      `Too many codes were asked for. Please wait ${waitOf(wait)} and try again.`,
      wait,
    );
  }
}

export interface CodeRequest {
  purpose: CodePurpose;
  phone: string;
  address: string;
  /** The account the code is for (a password reset). */
  userId?: number | null;
  /** What the code finishes, kept with it (a sign-up's body, its password hashed). */
  pending?: unknown;
  /**
   * False: a code row no one receives, for a phone with no account. It counts and answers as a
   * real one would (a wrong code is "not right", a late one "expired"), so nothing tells them apart.
   */
  send?: boolean;
}

/** Makes a code for `phone`, ends its earlier ones of the purpose and queues the SMS. */
export async function issueCode(deps: CodeDeps, request: CodeRequest): Promise<void> {
  const { purpose, phone } = request;
  await countSmsTo(deps.db, phone, request.address, deps.limits);
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oneTimeCodes.phoneNumber, phone),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.usedAt),
        ),
      );
    const [issued] = await tx
      .insert(oneTimeCodes)
      .values({
        purpose,
        phoneNumber: phone,
        userId: request.userId ?? null,
        codeHash: hashOf(deps.secret, purpose, phone, code).toString('base64url'),
        pending: request.pending ?? null,
        expiresAt: sql`now() + make_interval(mins => ${CODE_LIFETIME_MINUTES})`,
      })
      .returning({ expiresAt: oneTimeCodes.expiresAt });
    if (request.send !== false) {
      await queueAccountSms(tx, {
        phone,
        text: codeSmsText(purpose, code),
        sendBefore: issued!.expiresAt,
      });
    }
  });
}

/** Queues a notice to `phone` (counted as a code is: the same SMS limits hold). */
export async function notifyBySms(
  deps: CodeDeps,
  notice: { phone: string; address: string; text: string },
) {
  await countSmsTo(deps.db, notice.phone, notice.address, deps.limits);
  await queueAccountSms(deps.db, {
    phone: notice.phone,
    text: notice.text,
    sendBefore: new Date(Date.now() + 60 * 60_000),
  });
}

/**
 * The start of a sign-up or a school's registration when SMS can be sent: a phone free for it
 * gets a code, with `pending` (what the code finishes) waiting in its row; a phone in use gets,
 * instead, an SMS telling its owner that someone tried. The answer is the same 202 either way,
 * so only the phone's owner learns which it was.
 */
export async function sendCodeOrNotice(
  deps: CodeDeps,
  request: {
    purpose: keyof typeof PHONE_IN_USE_SMS;
    phone: string;
    address: string;
    inUse: boolean;
    pending: unknown;
    /** How the answer ends: "to finish creating your account". */
    toFinish: string;
  },
): Promise<{ status: 202; body: CodeSentResponse }> {
  const { purpose, phone, address } = request;
  if (request.inUse) {
    await notifyBySms(deps, { phone, address, text: PHONE_IN_USE_SMS[purpose] });
  } else {
    await issueCode(deps, { purpose, phone, address, pending: request.pending });
  }
  return {
    status: 202,
    body: {
      message: codeSentMessage(phone, request.toFinish),
      phone_number: phone,
      test_mode: false,
    },
  };
}

export interface TakenCode {
  id: number;
  userId: number | null;
  pending: unknown;
}

/**
 * Takes the latest code of `phone` for `purpose` if `code` is it: once, within its 5 minutes and
 * 5 tries. Otherwise 400 on `code`: "That code is not right", "That code has expired", or tried
 * too many times. A phone that was never sent a code answers "not right", as a wrong code does.
 */
export async function takeCode(
  deps: CodeDeps,
  attempt: { purpose: CodePurpose; phone: string; code: string },
): Promise<TakenCode> {
  const { db } = deps;
  const [latest] = await db
    .select({
      id: oneTimeCodes.id,
      live: sql<boolean>`${oneTimeCodes.expiresAt} > now()`,
      attempts: oneTimeCodes.attempts,
    })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.phoneNumber, attempt.phone),
        eq(oneTimeCodes.purpose, attempt.purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!latest) throw invalid('code', CODE_MESSAGES.wrong);
  if (!latest.live) throw invalid('code', CODE_MESSAGES.expired);
  // Counted before the comparison, in one statement: of any burst, only CODE_TRIES compare.
  const [tried] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, latest.id),
        lt(oneTimeCodes.attempts, CODE_TRIES),
        isNull(oneTimeCodes.usedAt),
      ),
    )
    .returning({ codeHash: oneTimeCodes.codeHash });
  if (!tried) throw invalid('code', CODE_MESSAGES.tooManyTries);
  const given = hashOf(deps.secret, attempt.purpose, attempt.phone, attempt.code);
  const stored = Buffer.from(tried.codeHash, 'base64url');
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) {
    throw invalid('code', CODE_MESSAGES.wrong);
  }
  const [taken] = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, latest.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id, userId: oneTimeCodes.userId, pending: oneTimeCodes.pending });
  // Taken by a request at the same instant.
  if (!taken) throw invalid('code', CODE_MESSAGES.wrong);
  return taken;
}

/** Housekeeping: codes a day past their expiry (a pending sign-up holds a name and a phone). */
export async function pruneCodes(db: Db) {
  const gone = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: oneTimeCodes.id });
  return gone.length;
}
