import type { AuditAction, AuditSubjectType } from '@shule/shared/audit';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export interface AuditEntryInput {
  schoolId: number | null;
  actorUserId: number | null;
  action: AuditAction;
  subjectType?: AuditSubjectType;
  subjectId?: number;
  /** `request.ip`: the client's address (X-Forwarded-For's when TRUST_PROXY is set). */
  address: string | null;
}

/**
 * Adds one entry to the audit log. Ids only, never a name. Pass the transaction of the change
 * it records, so the entry and the change are written together or not at all.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    schoolId: entry.schoolId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    address: entry.address,
  });
}
