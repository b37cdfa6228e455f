import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schools } from './schools';

/** Every person who can sign in. A plain sign-up has no school. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    /** The login: a 10-digit local number, unique across Shule. */
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * Carried by every access token; raised when the account's school or roles change under
     * sessions that go on (registering a school with it), so older access tokens answer 401 at
     * once and their refresh brings the new claims. Ending a session is `sessions.ended_at`.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    gender: text('gender'),
    profilePhoto: text('profile_photo'),
    /** Set when an admin deactivates the account (a teacher who left): it cannot sign in. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * Set while the account's password is a one-time password an admin was shown (a teacher
     * added, imported or reset): until it is changed the API refuses everything else.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Set when an admin added this existing account (a sign-up without a school) as a teacher:
     * its next sign-in tells the person so, once.
     */
    addedToSchoolUnseen: boolean('added_to_school_unseen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    index('users_school_idx').on(t.schoolId),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * One sign-in of a user on one device (modules/auth/sessions.ts): its id is in every access
 * token and refresh token it hands out, and once ended neither works. Active while not ended
 * and seen within a refresh token's lifetime.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's school at sign-in; null for a sign-up without one. */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    /** The browser and system, summarised from the User-Agent ("Chrome on Android"). */
    device: text('device').notNull(),
    /** The address it signed in from, then the one of its latest refresh; null when unknown. */
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it last got tokens: the sign-in, then each refresh. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastSeenAt)],
);

/** Refresh tokens, stored hashed, each of one session; reuse of a rotated token ends them all. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Attempts counted per key (a phone at an address, a phone, an address, sign-ups from an
 * address) in a fixed window; kept in the database so every instance counts the same attempts.
 * A row whose window has ended counts nothing and may be deleted.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_counters_window_ends_idx').on(t.windowEndsAt)],
);

/**
 * A 6-digit code sent by SMS to prove a phone is the person's (modules/auth/one-time-codes.ts):
 * to reset a password, to finish a sign-up or a school's registration. Kept as an HMAC only,
 * for 5 minutes and 5 tries; a newer code of the same phone and purpose ends the older ones.
 * A sign-up or registration waits here (`pending`, its password already hashed) until its code
 * comes back, so nothing exists for a phone no one has proved.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    /** CodePurpose: password_reset | sign_up | school_registration */
    purpose: text('purpose').notNull(),
    /** The 10-digit local form the code went to. */
    phoneNumber: text('phone_number').notNull(),
    /** The account a password reset is for; null when the phone has none (nothing is sent). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** What the code finishes: a sign-up's or a registration's checked body. */
    pending: jsonb('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Taken, or ended by a newer code. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_phone_idx').on(t.phoneNumber, t.purpose, t.id)],
);
