import { absenceMessageContent, absenceSmsText } from '@shule/shared/absence-sms';
import { eq, sql } from 'drizzle-orm';
import type { SmsConfig } from '../../config';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { schools } from '../../db/schema/index';
import { notFound } from '../../errors';
import {
  audienceStudents,
  type OutboxRow,
  type PersonalSmsTally,
  parentVerdicts,
  storeMessage,
  tallyPersonalSms,
} from '../messages/index';

interface AbsentRow {
  id: number;
  student_id: number;
  first_name: string;
  last_name: string;
}

/**
 * Texts the parents of the class's students marked absent on `date` whose absence was not yet
 * texted (attendance_marks.absence_sms_at null): one outbox row per student whose parent is
 * reached (the messages' audience rule: not opted out, SMS consent granted), each with its own
 * text, and absence_sms_at set on those rows in the same transaction, so a student's parent is
 * texted once a day however often the register is saved. Those left out (no parent, opted out,
 * no consent) are counted in `skipped` and may still be texted by a later save.
 */
export async function queueAbsenceSms(
  tx: Tx,
  actor: { schoolId: number; userId: number },
  sms: SmsConfig,
  cls: { id: number; name: string },
  date: string,
  today: string,
): Promise<{ queued: number; skipped: number }> {
  const absent = await queryRows<AbsentRow>(
    tx,
    sql`select am.id, s.id as student_id, s.first_name, s.last_name
    from attendance_marks am join students s on s.id = am.student_id
    where am.school_id = ${actor.schoolId} and am.class_id = ${cls.id} and am.date = ${date}
      and am.status = 'absent' and am.absence_sms_at is null
      and s.is_active and s.erased_at is null
    order by s.first_name, s.last_name, s.id
    for update of am`,
  );
  if (absent.length === 0) return { queued: 0, skipped: 0 };
  const [school] = await tx
    .select({ name: schools.name })
    .from(schools)
    .where(eq(schools.id, actor.schoolId));
  if (!school) throw notFound('School');
  const audience = await audienceStudents(tx, actor.schoolId, [cls.id]);
  const verdicts = parentVerdicts(audience);
  const parentOf = new Map(audience.map((a) => [a.studentId, a]));
  const tally: PersonalSmsTally<OutboxRow> = {
    rows: [],
    skippedNoConsent: 0,
    skippedOptedOut: 0,
  };
  const texted: number[] = [];
  let skipped = 0;
  for (const student of absent) {
    const parent = parentOf.get(student.student_id);
    const kept =
      parent !== undefined &&
      tallyPersonalSms(tally, verdicts.get(parent.parentId), {
        parentId: parent.parentId,
        studentId: student.student_id,
        phone: parent.phone,
        content: absenceSmsText({ school: school.name, student, date, today }),
      });
    if (kept) texted.push(student.id);
    else skipped += 1;
  }
  const { rows, skippedNoConsent, skippedOptedOut } = tally;
  if (rows.length > 0) {
    await storeMessage(
      tx,
      actor.schoolId,
      sms,
      {
        kind: 'absence',
        content: absenceMessageContent(cls.name, date),
        classes: [cls],
        sentBy: actor.userId,
        skippedNoConsent,
        skippedOptedOut,
      },
      rows,
    );
    await tx.execute(
      sql`update attendance_marks set absence_sms_at = now()
      where id in (${sql.join(
        texted.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  return { queued: rows.length, skipped };
}
