import { z } from 'zod';
import { formatKes } from './fees';
import type { dataExportFileName, StudentDataExport } from './privacy';

/**
 * A parent's data download read by a person (the PDF) or a spreadsheet (the CSV): the JSON's
 * rows with human labels, dates as Kenyans write them, money in shillings, and the school's
 * internal record numbers left to the JSON. One function for both files.
 */

/** GET /api/students/{id}/data_export/?format=pdf|csv|json (json by default). */
export const DATA_EXPORT_FORMATS = ['json', 'pdf', 'csv'] as const satisfies readonly Parameters<
  typeof dataExportFileName
>[1][];
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];
export const dataExportQuery = z.object({
  format: z
    .enum(DATA_EXPORT_FORMATS, { error: 'Choose json, pdf or csv' })
    .optional()
    .default('json'),
});

export interface ReadableSection {
  title: string;
  /** 'fields': one record as label and value lines; 'table': a row per record. */
  kind: 'fields' | 'table';
  columns: string[];
  rows: string[][];
}

export interface ReadableDataExport {
  title: string;
  notes: string[];
  sections: ReadableSection[];
}

/** The tables in the order a parent reads them, with their headings. */
const TABLE_TITLES: Record<string, string> = {
  students: 'The child',
  parents: 'Parent or guardian',
  student_subjects: 'Subjects taken',
  exam_scores: 'Marks',
  exam_sittings: 'Exams sat',
  mark_changes: 'Changes to marks',
  report_remarks: 'Report form remarks',
  attendance_marks: 'Attendance',
  message_recipients: 'Messages sent (SMS)',
  ledger_entries: 'Fee account',
  payments: 'Payments',
  mpesa_stk_requests: 'M-Pesa payment requests',
};

/** Labels that sentence case would get wrong or leave unclear. */
const COLUMN_LABELS: Record<string, string> = {
  class_id: 'Class',
  exam_id: 'Exam',
  subject_id: 'Subject',
  upi: 'UPI',
  nhif_number: 'NHIF/SHA number',
  entry_index_number: 'Entry index number (KCPE)',
  assessment_number: 'Assessment Number (KNEC)',
  birth_certificate_names: 'Names as on the birth certificate',
  re_option: 'RE option',
  kiswahili_option: 'Kiswahili or KSL',
  special_needs_code: 'Special-needs code (KNEC)',
  national_id_number: 'National ID number',
  sms_opt_out: 'Opted out of SMS',
  cost_kes: 'Cost (KES)',
  mark_code: 'Mark code (X absent, Y withheld)',
  old_code: 'Old code',
  new_code: 'New code',
  class_teacher: "Class teacher's remarks",
  principal: "Principal's remarks",
  is_active: 'Active',
  created_at: 'Recorded',
  updated_at: 'Last changed',
  absence_sms_at: 'Absence SMS sent',
  sms_consent: 'SMS consent',
  sms_consent_at: 'SMS consent recorded',
  photo_consent_at: 'Photo consent recorded',
};

/** The answers a consent holds, in the words of the screens. */
const CONSENT_WORDS: Record<string, string> = {
  granted: 'Granted',
  refused: 'Refused',
  unknown: 'Not asked yet',
};
/** Columns holding one of a few codes (male, present, sent), shown capitalised. */
const CODED = new Set(['gender', 'status', 'kind', 'method', 'source', 'left_reason']);

/** Record numbers that mean something only inside Shule, and its own bookkeeping: in the JSON. */
const HIDDEN = new Set(['id', 'next_attempt_at', 'claimed_at']);
const LABELLED_IDS = new Set(['class_id', 'exam_id', 'subject_id']);
const isHidden = (column: string) =>
  HIDDEN.has(column) ||
  (column.endsWith('_id') && !LABELLED_IDS.has(column)) ||
  column.endsWith('_by');

const sentenceCase = (column: string) => {
  const words = column
    .replace(/_cents$/, '')
    .replace(/_at$/, '')
    .split('_');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const labelOf = (column: string) => COLUMN_LABELS[column] ?? sentenceCase(column);

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
});
const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Nairobi',
});

/** A stored value as a person reads it: "24 Aug 2026", "24 Aug 2026 14:05", "KES 1,250.00". */
function readableValue(
  column: string,
  value: unknown,
  labels: StudentDataExport['labels'],
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (column.endsWith('_cents') && typeof value === 'number') return `KES ${formatKes(value)}`;
  const named = { class_id: labels.classes, exam_id: labels.exams, subject_id: labels.subjects }[
    column
  ];
  if (named) return named[String(value)] ?? String(value);
  if (typeof value === 'string') {
    if (column.endsWith('_consent')) return CONSENT_WORDS[value] ?? value;
    if (CODED.has(column) && /^[a-z_]+$/.test(value)) {
      const words = value.replaceAll('_', ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DAY.format(new Date(`${value}T12:00:00Z`));
    // A timestamp as ISO 8601 or as PostgreSQL writes it ("2026-08-23 21:49:00.1+00").
    const stamp =
      /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(
        value,
      );
    if (stamp) {
      const zone =
        !stamp[3] || stamp[3] === 'Z' ? 'Z' : stamp[3].length === 3 ? `${stamp[3]}:00` : stamp[3];
      const at = new Date(`${stamp[1]}T${stamp[2]}${zone}`);
      if (!Number.isNaN(at.getTime())) return `${DAY.format(at)} ${TIME.format(at)}`;
    }
    // A decimal as PostgreSQL keeps it (a mark 45.00): without the zeros it does not need.
    if (/^-?\d+\.\d+$/.test(value)) return value.replace(/\.?0+$/, '');
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

type Row = Record<string, unknown>;

/** The columns of `rows` a person reads: not hidden, and holding something in some row. */
const shownColumns = (rows: readonly Row[]) => {
  const columns: string[] = [];
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      if (columns.includes(column) || isHidden(column)) continue;
      if (value !== null && value !== undefined && value !== '') columns.push(column);
    }
  }
  return columns;
};

const ORDER = Object.keys(TABLE_TITLES);
const orderOf = (table: string) => {
  const i = ORDER.indexOf(table);
  return i === -1 ? ORDER.length : i;
};

/** The export as sections: the child, each parent, then each kind of record as a table. */
export function readableDataExport(data: StudentDataExport): ReadableDataExport {
  const tables = Object.entries(data.tables).sort(
    ([a], [b]) => orderOf(a) - orderOf(b) || a.localeCompare(b),
  );
  const sections: ReadableSection[] = [];
  for (const [table, rows] of tables) {
    const title = TABLE_TITLES[table] ?? sentenceCase(table);
    const columns = shownColumns(rows);
    const cells = (row: Row) => columns.map((c) => readableValue(c, row[c], data.labels));
    if (table === 'students' || table === 'parents') {
      rows.forEach((row, i) => {
        sections.push({
          title: rows.length > 1 ? `${title} ${i + 1}` : title,
          kind: 'fields',
          columns: ['Field', 'Value'],
          rows: columns.map((c) => [labelOf(c), readableValue(c, row[c], data.labels)]),
        });
      });
      if (rows.length === 0) {
        sections.push({ title, kind: 'fields', columns: ['Field', 'Value'], rows: [] });
      }
      continue;
    }
    if (rows.length > 0 && columns.length === 0) {
      // Rows of Shule's own record numbers alone (which subject a child takes, by id).
      const count = rows.length === 1 ? '1 record' : `${rows.length} records`;
      sections.push({
        title,
        kind: 'table',
        columns: ['Records'],
        rows: [[`${count} of the school's record numbers only: see the JSON file`]],
      });
      continue;
    }
    sections.push({ title, kind: 'table', columns: columns.map(labelOf), rows: rows.map(cells) });
  }
  const exportedAt = readableValue('exported_at', data.exported_at, data.labels);
  return {
    title: 'What the school holds about a student and their parent',
    notes: [
      `${data.school.name} · exported ${exportedAt} (Nairobi time)`,
      "Under Kenya's Data Protection Act 2019. The school's internal record numbers are in the JSON file.",
    ],
    sections,
  };
}

/** The CSV: one line per value, as section, record (its number in the section), field, value. */
export function dataExportCsvRows(readable: ReadableDataExport): (string | number)[][] {
  const lines: (string | number)[][] = [];
  for (const section of readable.sections) {
    if (section.kind === 'fields') {
      for (const [field, value] of section.rows) lines.push([section.title, 1, field!, value!]);
      continue;
    }
    section.rows.forEach((row, i) => {
      row.forEach((value, j) => {
        lines.push([section.title, i + 1, section.columns[j]!, value]);
      });
    });
  }
  return lines;
}

export const DATA_EXPORT_CSV_HEADERS = ['section', 'record', 'field', 'value'] as const;
