import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parents } from '../../db/schema/index';
import { notFound } from '../../errors';
import { recordAudit } from '../audit/index';

/**
 * PATCH /parents/{id}/sms/: the parent does (not) want SMS from the school. Every message after
 * leaves an opted-out parent out, whatever consent their children's records hold. A change is
 * audited like a consent (consent_changed, about the parent); the same answer again changes
 * nothing and records nothing.
 */
export function setParentSmsOptOut(
  db: Db,
  actor: { schoolId: number; userId: number; address: string | null },
  parentId: number,
  optedOut: boolean,
) {
  return db.transaction(async (tx) => {
    const [parent] = await tx
      .select({ id: parents.id, smsOptOut: parents.smsOptOut })
      .from(parents)
      .where(and(eq(parents.id, parentId), eq(parents.schoolId, actor.schoolId)))
      .for('update');
    if (!parent) throw notFound('Parent');
    if (parent.smsOptOut !== optedOut) {
      await tx.update(parents).set({ smsOptOut: optedOut }).where(eq(parents.id, parentId));
      await recordAudit(tx, {
        schoolId: actor.schoolId,
        actorUserId: actor.userId,
        action: 'consent_changed',
        subjectType: 'parent',
        subjectId: parentId,
        address: actor.address,
      });
    }
    return { parent: { id: parentId, sms_opt_out: optedOut } };
  });
}
