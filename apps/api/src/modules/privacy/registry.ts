import { type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import {
  assessmentEntries,
  assessmentEntryChanges,
  attendanceMarks,
  examScores,
  examSittings,
  idempotencyKeys,
  kjseaResults,
  ledgerEntries,
  markChanges,
  messageRecipients,
  mpesaStkRequests,
  parents,
  payments,
  progressReportComments,
  progressReportRatings,
  progressReportRemarks,
  reportRemarks,
  seniorChoices,
  studentSubjects,
  students,
  teachingGroupMembers,
} from '../../db/schema/index';

/**
 * The personal-data registry: every table that holds a child's or a parent's data, how their
 * rows are found, and what the data export and the erasure do with each (docs/decisions/
 * 013-a-parents-rights.md). Both are driven by this list alone; registry.test.ts walks the
 * migrated database and fails when a table with a student_id or parent_id column (or a column
 * named like personal data) is in neither this list nor NOT_A_CHILDS_OR_PARENTS.
 */

/** What erasure does with one column of a row that is kept. */
export type ColumnErasure =
  /** Kept as it is: the reason it does not identify the child once the rest is gone. */
  | { keep: string }
  /** Set to null. */
  | 'clear'
  /**
   * A photo reference: the column is cleared, then the uploads row and its file are deleted
   * (deleteUpload, once committed; kept only while something else of the school uses it).
   */
  | 'photo'
  /** Replaced by a value that identifies no one (the SQL may read the row's other columns). */
  | { replace: SQL };

export interface PersonalTable {
  table: PgTable;
  /** Whose data the rows are: found by `key` holding the student's or the parents' ids. */
  of: 'student' | 'parent';
  key: PgColumn;
  /** Columns the export leaves out, each with the reason; every other column is exported. */
  notExported?: Record<string, string>;
  /**
   * `delete`: the rows go. `keep`: the rows stay (results need them) and each column is treated
   * as `columns` says; every column of the table must be named there.
   */
  erase: { rows: 'delete' } | { rows: 'keep'; columns: Record<string, ColumnErasure> };
}

/** How an erased student reads wherever results name them: "Erased student". */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'student';

const schoolOwn = { keep: "the school's own record (an id or a date), not the child's" } as const;
const money = {
  keep: "the school's books without a name: balances, collections and receipts must add up",
} as const;
const result = {
  keep: 'a mark without a name: kept so that the class means of past exams stay true',
} as const;
/** The columns an entry of CBC levels and its kept change share. */
const assessmentEntryColumns = {
  id: schoolOwn,
  school_id: schoolOwn,
  assessment_id: result,
  student_id: result,
  strand_id: result,
  level: result,
  mark: result,
  absent: result,
  comment: 'clear',
} as const;

/** In the order erasure applies them: a student's own tables, then the parents'. */
export const PERSONAL_DATA: readonly PersonalTable[] = [
  {
    table: students,
    of: 'student',
    key: students.id,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        school_id: schoolOwn,
        class_id: { keep: 'the class the marks were earned in: results rank by it' },
        parent_id: 'clear',
        // The admission number is the child's name in the school's registers, receipts and
        // M-Pesa references: it goes. The school's counter never gives it out again.
        admission_number: { replace: sql`'erased-' || ${students.id}` },
        first_name: { replace: sql`${ERASED_FIRST_NAME}` },
        last_name: { replace: sql`${ERASED_LAST_NAME}` },
        date_of_birth: 'clear',
        gender: { keep: 'counted in the analysis; says nothing of who the child was' },
        profile_photo: 'photo',
        is_active: { keep: 'results count active students: the marks must keep counting' },
        left_on: { keep: "a date: the school's register of who left when" },
        left_reason: { keep: 'one of a few fixed reasons (LEAVE_REASONS), not free text' },
        entry_exam: { keep: 'which entry exam the entry marks are: value added needs it' },
        entry_index_number: 'clear',
        entry_marks: { keep: 'a number without a name: value added of past exams needs it' },
        upi: 'clear',
        birth_certificate_number: 'clear',
        nationality: 'clear',
        county: 'clear',
        sub_county: 'clear',
        special_needs: 'clear',
        medical_condition: 'clear',
        nhif_number: 'clear',
        assessment_number: 'clear',
        birth_certificate_names: 'clear',
        re_option: 'clear',
        kiswahili_option: 'clear',
        special_needs_code: 'clear',
        photo_consent: { keep: "the parent's answer, without the child" },
        photo_consent_at: schoolOwn,
        photo_consent_by: { keep: 'a staff user id' },
        sms_consent: { keep: "the parent's answer, without the child" },
        sms_consent_at: schoolOwn,
        sms_consent_by: { keep: 'a staff user id' },
        erased_at: { replace: sql`now()` },
        created_at: schoolOwn,
      },
    },
  },
  {
    table: studentSubjects,
    of: 'student',
    key: studentSubjects.studentId,
    erase: {
      rows: 'keep',
      columns: { school_id: schoolOwn, student_id: result, subject_id: result },
    },
  },
  {
    // Which teaching group the child is taught a subject in: nothing a result needs.
    table: teachingGroupMembers,
    of: 'student',
    key: teachingGroupMembers.studentId,
    erase: { rows: 'delete' },
  },
  {
    // The entrant's junior-school result: the learner's own, and not needed by later results.
    table: kjseaResults,
    of: 'student',
    key: kjseaResults.studentId,
    erase: { rows: 'delete' },
  },
  {
    // A senior learner's pathway and combination over time: the choices are the child's own.
    table: seniorChoices,
    of: 'student',
    key: seniorChoices.studentId,
    erase: { rows: 'delete' },
  },
  {
    table: examScores,
    of: 'student',
    key: examScores.studentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        school_id: schoolOwn,
        exam_id: result,
        student_id: result,
        subject_id: result,
        class_id: { keep: 'the class the mark was earned in: past merit lists rank by it' },
        score: result,
        mark_code: result,
        updated_at: schoolOwn,
      },
    },
  },
  {
    // The marks again, one row per exam, kept by the database from exam_scores (decision 024).
    table: examSittings,
    of: 'student',
    key: examSittings.studentId,
    notExported: { marks: 'the same marks as exam_scores, which the export holds mark by mark' },
    erase: {
      rows: 'keep',
      columns: {
        exam_id: result,
        student_id: result,
        school_id: schoolOwn,
        class_id: { keep: 'the class the exam was sat in: past merit lists rank by it' },
        marks: result,
      },
    },
  },
  {
    // Who changed a mark and when: the school's record of its marks, kept as the marks are.
    table: markChanges,
    of: 'student',
    key: markChanges.studentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        school_id: schoolOwn,
        exam_id: result,
        student_id: result,
        subject_id: result,
        old_score: result,
        old_code: result,
        new_score: result,
        new_code: result,
        changed_by: { keep: 'a staff user id' },
        changed_at: schoolOwn,
      },
    },
  },
  // CBC levels: kept without a name so that a class's past level counts stay true; a
  // teacher's comment about the child goes.
  {
    table: assessmentEntries,
    of: 'student',
    key: assessmentEntries.studentId,
    erase: {
      rows: 'keep',
      columns: {
        ...assessmentEntryColumns,
        updated_by: { keep: 'a staff user id' },
        updated_at: schoolOwn,
      },
    },
  },
  {
    table: assessmentEntryChanges,
    of: 'student',
    key: assessmentEntryChanges.studentId,
    erase: {
      rows: 'keep',
      columns: {
        ...assessmentEntryColumns,
        changed_by: { keep: 'a staff user id' },
        changed_at: schoolOwn,
      },
    },
  },
  {
    // The daily registers: the marks stay (a class's and the school's past attendance rates
    // must stay true), the note about the child goes.
    table: attendanceMarks,
    of: 'student',
    key: attendanceMarks.studentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        school_id: schoolOwn,
        class_id: { keep: 'the class whose register it was: its past rates count it' },
        student_id: { keep: 'the erased row: a mark without a name' },
        date: schoolOwn,
        status: { keep: 'one of four fixed marks without a name: past rates need it' },
        note: 'clear',
        recorded_by: { keep: 'a staff user id' },
        recorded_at: schoolOwn,
        absence_sms_at: schoolOwn,
      },
    },
  },
  {
    // Free text about the child ("Wanjiru has improved in…"): it goes with the name.
    table: reportRemarks,
    of: 'student',
    key: reportRemarks.studentId,
    erase: { rows: 'delete' },
  },
  {
    // A CBC progress report's words about the child (ratings, comments, remarks): they go
    // with the name.
    table: progressReportRatings,
    of: 'student',
    key: progressReportRatings.studentId,
    erase: { rows: 'delete' },
  },
  {
    table: progressReportComments,
    of: 'student',
    key: progressReportComments.studentId,
    erase: { rows: 'delete' },
  },
  {
    table: progressReportRemarks,
    of: 'student',
    key: progressReportRemarks.studentId,
    erase: { rows: 'delete' },
  },
  {
    // A results SMS about the child (message_recipients.student_id): the row stays for the
    // message's counts and cost, without the child or the text naming them. The phone and the
    // parent are the parent's, erased with the parent (the entry below) when no other child
    // keeps them. A table may be listed once per side: the export lists a row once.
    table: messageRecipients,
    of: 'student',
    key: messageRecipients.studentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        message_id: schoolOwn,
        school_id: schoolOwn,
        parent_id: { keep: "the parent's: erased with the parent, not with one child" },
        student_id: 'clear',
        phone_number: { keep: "the parent's phone: erased with the parent, not with one child" },
        content: 'clear',
        parts: { keep: "a count: the message's cost needs it" },
        status: { keep: 'how the send went, without who it was about' },
        gateway_status: { keep: 'how the send went, without who it was about' },
        reason: { keep: 'why a send failed, in general words' },
        gateway_message_id: {
          keep: "the gateway's id: a late delivery report must still find the row",
        },
        cost_kes: { keep: "what the gateway charged: the school's own cost" },
        attempts: schoolOwn,
        next_attempt_at: schoolOwn,
        claimed_at: schoolOwn,
        sent_at: schoolOwn,
        delivered_at: schoolOwn,
        updated_at: schoolOwn,
      },
    },
  },
  {
    // The SMS a parent was sent: the rows stay (a message's counts and cost stay true), without
    // the phone, the parent or the text (a results SMS names the child).
    table: messageRecipients,
    of: 'parent',
    key: messageRecipients.parentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        message_id: schoolOwn,
        school_id: schoolOwn,
        parent_id: 'clear',
        student_id: 'clear',
        phone_number: 'clear',
        content: 'clear',
        parts: { keep: "a count: the message's cost needs it" },
        status: { keep: 'how the send went, without who it went to' },
        gateway_status: { keep: 'how the send went, without who it went to' },
        reason: { keep: 'why a send failed, in general words' },
        gateway_message_id: {
          keep: "the gateway's id: a late delivery report must still find no one",
        },
        cost_kes: { keep: "what the gateway charged: the school's own cost" },
        attempts: schoolOwn,
        next_attempt_at: schoolOwn,
        claimed_at: schoolOwn,
        sent_at: schoolOwn,
        delivered_at: schoolOwn,
        updated_at: schoolOwn,
      },
    },
  },
  {
    // A fee ledger is the school's books: the rows stay whole (a balance, a class's collection
    // and the receipts must stay true), tied to the erased row that no longer names anyone.
    table: ledgerEntries,
    of: 'student',
    key: ledgerEntries.studentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        school_id: schoolOwn,
        student_id: money,
        kind: money,
        amount_cents: money,
        term_id: money,
        fee_amount_id: money,
        payment_id: money,
        sponsor_id: money,
        reverses_id: money,
        // A waiver's reason may name the child or the family's circumstances.
        note: 'clear',
        granted_by: { keep: 'a staff name or an office, not the child' },
        recorded_by: { keep: 'a staff user id' },
        created_at: schoolOwn,
      },
    },
  },
  {
    // Receipts stay (the books must add up); who paid, and from which phone, goes.
    table: payments,
    of: 'student',
    key: payments.studentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        school_id: schoolOwn,
        student_id: money,
        method: money,
        source: money,
        amount_cents: money,
        receipt_number: money,
        reference: { keep: "the bank's or M-Pesa's receipt: finds the money, not the child" },
        // The admission number as the payer typed it.
        account_reference: 'clear',
        payer_name: 'clear',
        payer_phone: 'clear',
        sponsor_id: money,
        paid_at: money,
        recorded_by: { keep: 'a staff user id' },
        matched_by: { keep: 'a staff user id' },
        matched_at: schoolOwn,
        created_at: schoolOwn,
      },
    },
  },
  {
    table: mpesaStkRequests,
    of: 'student',
    key: mpesaStkRequests.studentId,
    erase: {
      rows: 'keep',
      columns: {
        id: schoolOwn,
        school_id: schoolOwn,
        student_id: money,
        phone_number: 'clear',
        amount_cents: money,
        // The admission number sent to M-Pesa.
        account_reference: { replace: sql`'erased'` },
        merchant_request_id: { keep: "M-Pesa's id of the request" },
        checkout_request_id: { keep: "M-Pesa's id: a late callback must still find no one" },
        status: money,
        result_code: money,
        result_desc: money,
        payment_id: money,
        requested_by: { keep: 'a staff user id' },
        created_at: schoolOwn,
        updated_at: schoolOwn,
      },
    },
  },
  {
    // Erased with the child only when no other (not erased) child of the school has them.
    table: parents,
    of: 'parent',
    key: parents.id,
    erase: { rows: 'delete' },
  },
];

/**
 * Copies of a child's data kept a short while in a table that is not about people, found by
 * what they hold rather than by a key. Erasure deletes them; the export leaves them out (they
 * repeat what it holds).
 */
export interface PersonalCopy {
  table: PgTable;
  why: string;
  /** The rows holding a copy of this student's data. */
  rowsOf: (student: { schoolId: number; admissionNumber: string }) => SQL;
}

export const PERSONAL_COPIES: readonly PersonalCopy[] = [
  {
    table: idempotencyKeys,
    why: "an admission's answer, replayed to a retry for 24 hours, holds the child and the parent",
    // The answer is the student row as JSON: its admission number, unique in the school.
    rowsOf: ({ schoolId, admissionNumber }) =>
      sql`${idempotencyKeys.schoolId} = ${schoolId} and strpos(${idempotencyKeys.responseBody}, ${`"admission_number":${JSON.stringify(admissionNumber)}`}) > 0`,
  },
];

/**
 * Tables with a column that looks personal but holds no child's or parent's data, with why.
 * The walk accepts them; anything else that looks personal must be in PERSONAL_DATA.
 */
export const NOT_A_CHILDS_OR_PARENTS: Record<string, string> = {
  users: "staff accounts (admins and teachers): the school's own people, not a child or parent",
  schools: "the school's own contact details",
  one_time_codes:
    "a code sent to an account holder's own phone (a sign-up, a school's registration, a password reset), kept 5 minutes",
  account_sms:
    "an SMS to an account holder about their own account, its text erased once sent; no school's message to a parent",
};

/** Column names that mark a table as holding personal data, beside student_id and parent_id. */
export const PERSONAL_COLUMN_NAMES = [
  'student_id',
  'parent_id',
  'first_name',
  'last_name',
  'phone_number',
  'date_of_birth',
  'profile_photo',
] as const;

export const tableName = (table: PgTable) => getTableConfig(table).name;
export const columnName = (column: PgColumn) => column.name;
