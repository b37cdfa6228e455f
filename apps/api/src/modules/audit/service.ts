import type { AuditAction, AuditLogResponse } from '@shule/shared/audit';
import type { Pagination } from '@shule/shared/pagination';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { auditLog, classes, users } from '../../db/schema/index';

type Row = AuditLogResponse['entries'][number] & { total: number };

/**
 * One page of a school's audit log, newest first, with the acting user's name as it is now
 * (null once the user is gone; the id stays), and the name of the class or staff user an entry
 * is about, also as it is now and of this school only; a student or parent stays an id (the
 * log names no child or parent). One query: the total comes with the rows.
 */
export async function listAuditLog(
  db: Db,
  schoolId: number,
  filter: { action?: AuditAction },
  { page, page_size }: Pagination,
): Promise<AuditLogResponse> {
  const ofAction = filter.action ? sql` and ${auditLog.action} = ${filter.action}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select ${auditLog.id} as id, ${auditLog.action} as action,
      ${auditLog.actorUserId} as actor_id,
      case when ${users.id} is null then null
        else ${users.firstName} || ' ' || ${users.lastName} end as actor_name,
      ${auditLog.subjectType} as subject_type, ${auditLog.subjectId} as subject_id,
      case ${auditLog.subjectType}
        when 'class' then subject_class.name
        when 'user' then subject_user.first_name || ' ' || subject_user.last_name
      end as subject_name,
      ${auditLog.address} as address,
      to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      (count(*) over ())::int as total
    from ${auditLog}
    left join ${users} on ${users.id} = ${auditLog.actorUserId} and ${users.schoolId} = ${auditLog.schoolId}
    left join ${classes} subject_class on ${auditLog.subjectType} = 'class'
      and subject_class.id = ${auditLog.subjectId} and subject_class.school_id = ${auditLog.schoolId}
    left join ${users} subject_user on ${auditLog.subjectType} = 'user'
      and subject_user.id = ${auditLog.subjectId} and subject_user.school_id = ${auditLog.schoolId}
    where ${auditLog.schoolId} = ${schoolId}${ofAction}
    order by ${auditLog.createdAt} desc, ${auditLog.id} desc
    limit ${page_size} offset ${(page - 1) * page_size}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${auditLog} where ${auditLog.schoolId} = ${schoolId}${ofAction}`,
    );
    total = counted?.n ?? 0;
  }
  return {
    entries: rows.map(({ total: _total, ...entry }) => entry),
    total,
    page,
    page_size,
  };
}
