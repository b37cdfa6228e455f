import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema/index';
import { DomainError } from '../../errors';

export interface ThrottleLimits {
  perPhone: number;
  perAddress: number;
}

const phoneKey = (phone: string) => `phone:${phone}`;
const addressKey = (address: string) => `ip:${address}`;
const lastMinute = sql`now() - interval '1 minute'`;

async function failuresInLastMinute(db: Db, key: string) {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, lastMinute)));
  return row?.n ?? 0;
}

/**
 * 429 once a phone or an address has failed too often in the last minute. Kept in the
 * database, not in memory, so that every API instance counts the same failures.
 */
export async function assertLoginAllowed(
  db: Db,
  phone: string,
  address: string,
  limits: ThrottleLimits,
) {
  const [byPhone, byAddress] = await Promise.all([
    failuresInLastMinute(db, phoneKey(phone)),
    failuresInLastMinute(db, addressKey(address)),
  ]);
  if (byPhone >= limits.perPhone || byAddress >= limits.perAddress) {
    throw new DomainError(
      'Too many failed login attempts. Please wait a minute and try again.',
      429,
      { code: 'too_many_attempts' },
    );
  }
}

export async function recordLoginFailure(db: Db, phone: string, address: string) {
  await db.insert(loginFailures).values([{ key: phoneKey(phone) }, { key: addressKey(address) }]);
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.createdAt, sql`now() - interval '10 minutes'`));
}

export async function clearLoginFailures(db: Db, phone: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, phoneKey(phone)));
}
