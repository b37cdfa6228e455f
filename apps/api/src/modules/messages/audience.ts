import { type ConsentStatus, isConsented } from '@shule/shared/consents';
import { MESSAGE_MESSAGES, smsParts } from '@shule/shared/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { classes } from '../../db/schema/index';
import { invalid, notFound } from '../../errors';

/**
 * Who an SMS to the parents of some classes reaches. The one selection behind a broadcast, its
 * audience count and results by SMS: the active students of the classes who are not erased,
 * with a parent of the school. A parent is reached when they did not opt out of SMS and the
 * parent's SMS consent is granted (isConsented) for at least one of their children in the
 * classes; siblings share one parent (one phone), so they get one SMS.
 *
 * A parent left out is counted once, for one reason: opted out first (their own word, which
 * stands whatever consent is recorded), else no consent.
 */

export interface ClassRef {
  id: number;
  name: string;
}

/**
 * The classes of `classIds` (duplicates dropped, in the order given) with their names; 404 when
 * any is not a class of the school, so another school's class reads as one that does not exist.
 */
export async function classesOfSchool(
  db: Db | Tx,
  schoolId: number,
  classIds: readonly number[],
): Promise<ClassRef[]> {
  const ids = [...new Set(classIds)];
  const rows = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ids.map((id) => byId.get(id));
  if (found.some((c) => c === undefined)) throw notFound('Class');
  return found as ClassRef[];
}

/** One student of the classes with their parent, as the selection reads them. */
export interface AudienceStudent {
  studentId: number;
  classId: number;
  parentId: number;
  phone: string;
  optedOut: boolean;
  smsConsent: ConsentStatus;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The active, not erased students of `classIds` who have a parent of the school, with the
 * parent's phone and opt-out and the student's SMS consent: one query.
 */
export function audienceStudents(
  db: Db | Tx,
  schoolId: number,
  classIds: readonly number[],
): Promise<AudienceStudent[]> {
  if (classIds.length === 0) return Promise.resolve([]);
  return queryRows<AudienceStudent>(
    db,
    sql`select s.id as "studentId", s.class_id as "classId", p.id as "parentId",
      p.phone_number as phone, p.sms_opt_out as "optedOut", s.sms_consent as "smsConsent"
    from students s
    join parents p on p.id = s.parent_id and p.school_id = s.school_id
    where s.school_id = ${schoolId} and s.class_id in (${idList(classIds)})
      and s.is_active and s.erased_at is null
    order by p.id, s.id`,
  );
}

export type ParentVerdict = 'reached' | 'opted_out' | 'no_consent';

/**
 * Each parent's verdict (by parent id) over the students read: reached, or why not. One rule
 * for a broadcast and for results by SMS.
 */
export function parentVerdicts(rows: readonly AudienceStudent[]): Map<number, ParentVerdict> {
  const consented = new Set<number>();
  const optedOut = new Set<number>();
  for (const row of rows) {
    if (row.optedOut) optedOut.add(row.parentId);
    if (isConsented(row.smsConsent)) consented.add(row.parentId);
  }
  const verdicts = new Map<number, ParentVerdict>();
  for (const { parentId } of rows) {
    if (verdicts.has(parentId)) continue;
    verdicts.set(
      parentId,
      optedOut.has(parentId) ? 'opted_out' : consented.has(parentId) ? 'reached' : 'no_consent',
    );
  }
  return verdicts;
}

/** Personal messages, one per student's parent: those to send, and those left out, counted. */
export interface PersonalSmsTally<Row extends { content?: string; parts: number }> {
  rows: Row[];
  skippedNoConsent: number;
  skippedOptedOut: number;
}

/**
 * Counts one student's message by their parent's verdict: kept to send (with its SMS parts)
 * when the parent is reached, else counted as left out and why. True when kept.
 */
export function tallyPersonalSms<Row extends { content?: string; parts: number }>(
  tally: PersonalSmsTally<Row>,
  verdict: ParentVerdict | undefined,
  row: Omit<Row, 'parts'> & { content: string },
): boolean {
  if (verdict === 'opted_out') tally.skippedOptedOut += 1;
  else if (verdict === 'no_consent') tally.skippedNoConsent += 1;
  else if (verdict === 'reached') {
    tally.rows.push({ ...row, parts: smsParts(row.content).parts } as Row);
  }
  return verdict === 'reached';
}

export interface BroadcastAudience {
  /** One per parent phone reached, in parent id order. */
  parents: { parentId: number; phone: string }[];
  skippedNoConsent: number;
  skippedOptedOut: number;
}

/** The parents a broadcast to `classIds` reaches, and those left out, counted. */
export async function broadcastAudience(
  db: Db | Tx,
  schoolId: number,
  classIds: readonly number[],
): Promise<BroadcastAudience> {
  const rows = await audienceStudents(db, schoolId, classIds);
  const verdicts = parentVerdicts(rows);
  const phoneOf = new Map(rows.map((r) => [r.parentId, r.phone]));
  const audience: BroadcastAudience = { parents: [], skippedNoConsent: 0, skippedOptedOut: 0 };
  for (const [parentId, verdict] of verdicts) {
    if (verdict === 'reached') audience.parents.push({ parentId, phone: phoneOf.get(parentId)! });
    else if (verdict === 'opted_out') audience.skippedOptedOut += 1;
    else audience.skippedNoConsent += 1;
  }
  return audience;
}

/** 400 when nobody would get the message: the field is the classes chosen. */
export const noReachableParent = () => invalid('classes', MESSAGE_MESSAGES.noReachableParent);
