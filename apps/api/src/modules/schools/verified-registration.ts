import type { RegisterSchoolResponse, registerSchoolBody } from '@shule/shared/institution';
import type { CodeSentResponse, codeConfirmBody } from '@shule/shared/one-time-codes';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { type CodeDeps, hashPassword, sendCodeOrNotice, takeCode } from '../auth/index';
import {
  createSchoolAndAdmin,
  type RegisteringAdmin,
  type Registrant,
  type RegistrationDetails,
  registerSchool,
} from './service';

/**
 * Registering a school when SMS can be sent: the admin's phone is proved by a code before the
 * school exists, and the answer is the same whether or not the phone already has an account
 * (decision 025). A new phone, or an account without a school (its owner registers with it),
 * gets the code, and the registration waits with it; a phone of a school's user gets an SMS
 * saying someone tried. In test mode (no SMS leaves the server) the school is made at once.
 */

export interface RegistrationDeps {
  db: Db;
  codes: CodeDeps;
  verifiesPhones: boolean;
}

export type RegistrationAnswer =
  | { status: 201; body: RegisterSchoolResponse }
  | { status: 202; body: CodeSentResponse };

interface PendingRegistration {
  details: RegistrationDetails;
  who: RegisteringAdmin;
}

/** POST /schools/register_school/ */
export async function startRegistration(
  deps: RegistrationDeps,
  input: z.output<typeof registerSchoolBody>,
  registrant: Registrant,
): Promise<RegistrationAnswer> {
  if (!deps.verifiesPhones) {
    return { status: 201, body: await registerSchool(deps.db, input, registrant) };
  }
  const { password, ...admin } = input.admin;
  const phone = admin.phone_number;
  // Hashed whoever holds the phone, so every answer takes as long.
  const passwordHash = await hashPassword(password);
  const [account] = await deps.db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.phoneNumber, phone));
  const pending: PendingRegistration = {
    details: { ...input, admin },
    who: account ? { ownAccount: account.id, newPasswordHash: passwordHash } : { passwordHash },
  };
  // An account without a school is its owner's to register with, once the code proves the phone.
  return sendCodeOrNotice(deps.codes, {
    purpose: 'school_registration',
    phone,
    address: registrant.address,
    inUse: account !== undefined && account.schoolId !== null,
    pending,
    toFinish: 'to finish registering your school',
  });
}

/** POST /schools/register_school/confirm/: the code makes the school and its admin. */
export async function finishRegistration(
  deps: RegistrationDeps,
  input: z.output<typeof codeConfirmBody>,
): Promise<RegisterSchoolResponse> {
  const taken = await takeCode(deps.codes, {
    purpose: 'school_registration',
    phone: input.phone_number,
    code: input.code,
  });
  const { details, who } = taken.pending as PendingRegistration;
  return createSchoolAndAdmin(deps.db, details, who);
}
