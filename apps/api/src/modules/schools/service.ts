import type { registerSchoolBody, SchoolInfo } from '@shule/shared/institution';
import type { School, updateSchoolBody } from '@shule/shared/schools';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoginLimits } from '../../config';
import type { Db } from '../../db/client';
import { schools, users } from '../../db/schema/index';
import { conflict, notFound } from '../../errors';
import {
  checkPasswordThrottled,
  endSessionsIn,
  forgetSessionVersion,
  grantRole,
  hashPassword,
  isPhoneTaken,
  PHONE_TAKEN_MESSAGE,
  raiseSessionVersion,
  verifyPassword,
} from '../auth/index';
import { assertUploadOfSchool, deleteUpload } from '../uploads/index';

/** Who registers: the caller's address and the login limits their password guesses count against. */
export interface Registrant {
  address: string;
  loginLimits: LoginLimits;
}

/**
 * The account without a school that holds the admin's phone, when the password given is its
 * own: someone who signed up alone registers their school with the account they have. The
 * password check counts as a login attempt, so registering is no way round the login throttle.
 */
async function ownAccountWithoutSchool(
  db: Db,
  phone: string,
  password: string,
  registrant: Registrant | undefined,
) {
  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), isNull(users.schoolId)));
  if (!account) return undefined;
  const check = () => verifyPassword(account.passwordHash, password);
  const right = registrant
    ? await checkPasswordThrottled(db, phone, registrant.address, registrant.loginLimits, check)
    : await check();
  return right ? account.id : undefined;
}

/**
 * Creates the school and its first admin together: both or neither. The admin is a new account,
 * or the caller's own account without a school (its phone and its password).
 */
export async function registerSchool(
  db: Db,
  input: z.output<typeof registerSchoolBody>,
  /** The HTTP caller; a seed script (test/large-school.ts) has none and is not throttled. */
  registrant?: Registrant,
) {
  const { admin } = input;
  const ownAccount = await ownAccountWithoutSchool(
    db,
    admin.phone_number,
    admin.password,
    registrant,
  );
  return createSchoolAndAdmin(
    db,
    input,
    ownAccount ? { ownAccount } : { passwordHash: await hashPassword(admin.password) },
  );
}

/** A registration with its admin's password left out (hashed, or the account's own). */
export type RegistrationDetails = Omit<z.output<typeof registerSchoolBody>, 'admin'> & {
  admin: Omit<z.output<typeof registerSchoolBody>['admin'], 'password'>;
};

/**
 * Who the admin is: a new account with this password hash, or an account without a school
 * (with the password typed now, when the registrant proved the phone by a code instead).
 */
export type RegisteringAdmin =
  | { passwordHash: string }
  | { ownAccount: number; newPasswordHash?: string };

/** The school and its admin, in one transaction; 409 when the admin's phone was taken meanwhile. */
export async function createSchoolAndAdmin(
  db: Db,
  input: RegistrationDetails,
  who: RegisteringAdmin,
) {
  const { school, admin } = input;
  const ownAccount = 'ownAccount' in who ? who.ownAccount : undefined;
  const passwordHash = 'passwordHash' in who ? who.passwordHash : '';
  const newPasswordHash = 'newPasswordHash' in who ? who.newPasswordHash : undefined;
  const registered = await db.transaction(async (tx) => {
    if (!ownAccount && (await isPhoneTaken(tx, admin.phone_number))) {
      throw conflict(PHONE_TAKEN_MESSAGE);
    }
    const [created] = await tx
      .insert(schools)
      .values({
        name: school.name,
        postalCode: school.postal_code,
        county: school.county,
        phoneNumber: school.phone_number,
        email: school.email,
        yearEstablished: Number(school.year_established),
        type: school.type,
        levels: school.levels ?? [],
        website: school.website,
        description: school.description,
        documents: school.documents,
      })
      .returning();
    if (ownAccount) {
      const linked = await tx
        .update(users)
        .set({
          schoolId: created!.id,
          ...(newPasswordHash ? { passwordHash: newPasswordHash, mustChangePassword: false } : {}),
        })
        .where(and(eq(users.id, ownAccount), isNull(users.schoolId)))
        .returning({ id: users.id });
      if (linked.length === 0) throw conflict(PHONE_TAKEN_MESSAGE);
      // A new password ends the account's sessions, as a password reset does.
      if (newPasswordHash) await endSessionsIn(tx, ownAccount);
      // A token it holds now has no school: refreshed, it gets one with the school and role.
      await raiseSessionVersion(tx, ownAccount);
    }
    const [user] = ownAccount
      ? [{ id: ownAccount }]
      : await tx
          .insert(users)
          .values({
            schoolId: created!.id,
            firstName: admin.first_name,
            lastName: admin.last_name,
            username: admin.first_name,
            email: admin.email,
            phoneNumber: admin.phone_number,
            passwordHash,
          })
          .returning({ id: users.id });
    await grantRole(tx, user!.id, 'admin');
    const info: SchoolInfo = {
      id: created!.id,
      name: created!.name,
      postal_code: created!.postalCode,
      phone_number: created!.phoneNumber,
      email: created!.email,
    };
    return { message: 'School created successfully', school: info };
  });
  if (ownAccount) forgetSessionVersion(db, ownAccount);
  return registered;
}

const schoolColumns = {
  id: schools.id,
  name: schools.name,
  postal_address: schools.postalAddress,
  postal_code: schools.postalCode,
  county: schools.county,
  phone_number: schools.phoneNumber,
  email: schools.email,
  website: schools.website,
  motto: schools.motto,
  logo: schools.logo,
  type: schools.type,
  levels: schools.levels,
  grading_scheme: schools.gradingScheme,
  report_teacher_names: schools.reportTeacherNames,
};

/** GET /schools/{id}/ (the caller's own school). */
export async function getSchool(db: Db, schoolId: number): Promise<School> {
  const [row] = await db.select(schoolColumns).from(schools).where(eq(schools.id, schoolId));
  if (!row) throw notFound('School');
  return row as School;
}

/**
 * PATCH /schools/{id}/: the profile's fields that were sent. A crest must be an upload of the
 * school itself (400 otherwise); the crest it replaces or removes is deleted once the change
 * has committed, unless something else of the school still uses it.
 */
export async function updateSchool(
  db: Db,
  dataDir: string,
  schoolId: number,
  input: z.output<typeof updateSchoolBody>,
): Promise<School> {
  const { row, previousLogo } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ logo: schools.logo })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .for('update');
    if (!before) throw notFound('School');
    if (input.logo) await assertUploadOfSchool(tx, schoolId, input.logo, 'logo');
    const [updated] = await tx
      .update(schools)
      .set({
        name: input.name,
        phoneNumber: input.phone_number,
        email: input.email,
        postalAddress: input.postal_address,
        motto: input.motto,
        logo: input.logo,
        county: input.county,
        type: input.type,
        levels: input.levels,
        gradingScheme: input.grading_scheme,
        reportTeacherNames: input.report_teacher_names,
      })
      .where(eq(schools.id, schoolId))
      .returning(schoolColumns);
    return { row: updated!, previousLogo: before.logo };
  });
  if (input.logo !== undefined && previousLogo !== row.logo) {
    await deleteUpload(db, dataDir, schoolId, previousLogo);
  }
  return row as School;
}
