import {
  FEE_REMINDER_MESSAGES,
  type FeeRemindersPreview,
  feeReminderMessageContent,
  feeReminderText,
} from '@shule/shared/fee-reminders';
import { kesFromCents, type SendMessageResponse, smsParts } from '@shule/shared/messages';
import { accountReferenceFor } from '@shule/shared/mpesa';
import { eq, sql } from 'drizzle-orm';
import type { MpesaConfig, SmsConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { classes, schools } from '../../db/schema/index';
import { invalid, notFound } from '../../errors';
import {
  audienceStudents,
  type ClassRef,
  classesOfSchool,
  estimateCents,
  gatewayState,
  getMessageRow,
  type OutboxRow,
  parentVerdicts,
  storeMessage,
  tallyPersonalSms,
} from '../messages/index';

/**
 * Fee reminders by SMS: each parent of a student owing more than an amount gets one SMS per
 * such child with that child's own balance (feeReminderText), queued through the messaging
 * outbox as a message of kind 'fee_reminder'. Whom it reaches is the messages' one rule
 * (audience.ts: active, not erased students of the classes with a parent of the school; a
 * parent opted out or without SMS consent is left out, counted per student). The balance is
 * the student's whole ledger (every term; an overpayment carried forward lowers it).
 */

interface OwingStudent {
  studentId: number;
  name: string;
  admissionNumber: string;
  balanceCents: number;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The active, not erased students of the classes owing more than `minCents` (and more than
 * nothing), largest balance first: one query summing each student's ledger.
 */
async function owingStudents(
  db: Db | Tx,
  schoolId: number,
  classIds: readonly number[],
  minCents: number,
): Promise<OwingStudent[]> {
  if (classIds.length === 0) return [];
  const rows = await queryRows<Omit<OwingStudent, 'balanceCents'> & { balance: string }>(
    db,
    sql`select s.id as "studentId", s.first_name || ' ' || s.last_name as name,
      s.admission_number as "admissionNumber", b.balance::text as balance
    from students s
    join (
      select student_id, sum(amount_cents) as balance from ledger_entries
      where school_id = ${schoolId} group by student_id
    ) b on b.student_id = s.id
    where s.school_id = ${schoolId} and s.class_id in (${idList(classIds)})
      and s.is_active and s.erased_at is null and b.balance > ${Math.max(minCents, 0)}
    order by b.balance desc, s.id`,
  );
  return rows.map(({ balance, ...row }) => ({ ...row, balanceCents: Number(balance) }));
}

interface ReminderPlan {
  classes: ClassRef[];
  owing: OwingStudent[];
  rows: (OutboxRow & { student: OwingStudent })[];
  /** The first owing student's text, reached or not: what the preview shows if nobody is. */
  firstListed: { student: OwingStudent; content: string } | null;
  skippedNoConsent: number;
  skippedOptedOut: number;
  skippedNoParent: number;
}

async function reminderPlan(
  db: Db | Tx,
  schoolId: number,
  mpesa: MpesaConfig | undefined,
  chosen: number[] | undefined,
  minCents: number,
): Promise<ReminderPlan> {
  const targets =
    chosen === undefined
      ? await db
          .select({ id: classes.id, name: classes.name })
          .from(classes)
          .where(eq(classes.schoolId, schoolId))
          .orderBy(classes.name)
      : await classesOfSchool(db, schoolId, chosen);
  const classIds = targets.map((c) => c.id);
  const [school] = await db
    .select({ name: schools.name })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw notFound('School');
  const [owing, audience] = await Promise.all([
    owingStudents(db, schoolId, classIds, minCents),
    audienceStudents(db, schoolId, classIds),
  ]);
  const verdicts = parentVerdicts(audience);
  const parentOf = new Map(audience.map((a) => [a.studentId, a]));
  const plan: ReminderPlan = {
    classes: targets,
    owing,
    rows: [],
    firstListed: null,
    skippedNoConsent: 0,
    skippedOptedOut: 0,
    skippedNoParent: 0,
  };
  for (const student of owing) {
    const content = feeReminderText({
      school: school.name,
      student: { name: student.name, admission_number: student.admissionNumber },
      balance_cents: student.balanceCents,
      paybill: mpesa
        ? {
            shortcode: mpesa.shortcode,
            account: accountReferenceFor({
              id: student.studentId,
              admission_number: student.admissionNumber,
            }),
          }
        : null,
    });
    plan.firstListed ??= { student, content };
    const parent = parentOf.get(student.studentId);
    if (!parent) plan.skippedNoParent += 1;
    else {
      tallyPersonalSms(plan, verdicts.get(parent.parentId), {
        student,
        parentId: parent.parentId,
        studentId: student.studentId,
        phone: parent.phone,
        content,
      });
    }
  }
  return plan;
}

/** GET /fees/reminders/: whom reminding would reach, who is left out, and one parent's text. */
export async function previewFeeReminders(
  db: Db,
  schoolId: number,
  config: { sms: SmsConfig; mpesa?: MpesaConfig },
  query: { classes?: number[]; min_balance_cents: number },
): Promise<FeeRemindersPreview> {
  const plan = await reminderPlan(
    db,
    schoolId,
    config.mpesa,
    query.classes,
    query.min_balance_cents,
  );
  const first = plan.rows[0] ?? plan.firstListed;
  return {
    min_balance_cents: query.min_balance_cents,
    students_owing: plan.owing.length,
    total_balance_cents: plan.owing.reduce((sum, s) => sum + s.balanceCents, 0),
    recipients: plan.rows.length,
    skipped_no_consent: plan.skippedNoConsent,
    skipped_opted_out: plan.skippedOptedOut,
    skipped_no_parent: plan.skippedNoParent,
    estimated_cost: kesFromCents(
      estimateCents(
        plan.rows.map((r) => r.parts),
        config.sms,
      ),
    ),
    sample: first
      ? {
          student_name: first.student.name,
          admission_number: first.student.admissionNumber,
          balance_cents: first.student.balanceCents,
          content: first.content!,
          parts: smsParts(first.content!).parts,
        }
      : null,
    ...(await gatewayState(db, config.sms)),
  };
}

/**
 * POST /fees/reminders/: one message of kind fee_reminder with one outbox row per owing student
 * whose parent is reached, each with the child's own balance, in one transaction (balances and
 * parents read in it); 400 when nobody owes more, or nobody owing can be reached.
 */
export function sendFeeReminders(
  db: Db,
  actor: { schoolId: number; userId: number },
  config: { sms: SmsConfig; mpesa?: MpesaConfig },
  body: { classes?: number[]; min_balance_cents: number },
): Promise<SendMessageResponse> {
  return db.transaction(async (tx) => {
    const plan = await reminderPlan(
      tx,
      actor.schoolId,
      config.mpesa,
      body.classes,
      body.min_balance_cents,
    );
    if (plan.owing.length === 0) {
      throw invalid('min_balance_cents', FEE_REMINDER_MESSAGES.nobodyOwes);
    }
    if (plan.rows.length === 0) {
      throw invalid('classes', FEE_REMINDER_MESSAGES.noReachableParent);
    }
    const id = await storeMessage(
      tx,
      actor.schoolId,
      config.sms,
      {
        kind: 'fee_reminder',
        content: feeReminderMessageContent(body.min_balance_cents),
        classes: plan.classes,
        sentBy: actor.userId,
        skippedNoConsent: plan.skippedNoConsent,
        skippedOptedOut: plan.skippedOptedOut,
      },
      plan.rows,
    );
    const message = await getMessageRow(tx, actor.schoolId, id);
    const n = message.recipients;
    return {
      message,
      detail: `Fee reminders queued for the parents of ${n} student${n === 1 ? '' : 's'}`,
    };
  });
}
