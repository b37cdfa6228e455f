import { attendedOfRecorded } from '../attendance';
import { formatKes } from '../fees';
import type { ReportCard, ReportSubjectRow, ReportSummary } from './report-cards';

/**
 * How a report form reads, the same on paper (the server's PDF) and on screen: which boxes and
 * columns it has, and how their numbers are written.
 */

/** At most two decimals, none when whole: 9.14, 512, 64.5. */
export function formatResultNumber(value: number) {
  return String(Math.round(value * 100) / 100);
}

/** A deviation as schools write it: +5, -2.5, 0; empty when unknown. */
export function signedNumber(value: number | null) {
  if (value === null) return '';
  const text = formatResultNumber(value);
  return value > 0 ? `+${text}` : text;
}

const OPENING_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2027-01-05" as "5 January 2027". */
export function formatOpeningDate(iso: string) {
  return OPENING_DATE.format(new Date(`${iso}T00:00:00Z`));
}

/** A KCSE form counts points out of 84; its means (and the trend) are in points, else marks. */
export const usesKcsePoints = (card: ReportCard) => card.summary.total_points_of === 84;

/** The top of the trend chart's scale: 12 points under the KCSE rules, else 100 marks. */
export const trendScaleTop = (card: ReportCard) => (usesKcsePoints(card) ? 12 : 100);

const valueOrDash = (v: number | string | null) =>
  v === null ? '—' : typeof v === 'number' ? formatResultNumber(v) : v;

export interface SummaryBox {
  label: string;
  /** The big figure: "B", "512", "3". */
  value(s: ReportSummary): string;
  /** What it is out of, or the mean behind a grade: "of 84", "9.14 pts". */
  of(s: ReportSummary): string;
}

/** The boxes at the top of a form, each read for this exam and for the previous; positions only where the scheme ranks. */
export function summaryBoxes(card: ReportCard): SummaryBox[] {
  const kcse = usesKcsePoints(card);
  const boxes: SummaryBox[] = [
    {
      label: 'MEAN GRADE',
      value: (s) => (s.status === 'complete' ? valueOrDash(s.mean_grade) : '—'),
      of: (s) =>
        s.status !== 'complete'
          ? s.status
          : kcse && s.mean_points !== null
            ? `${formatResultNumber(s.mean_points)} pts`
            : s.mean_mark !== null
              ? `${formatResultNumber(s.mean_mark)}%`
              : '',
    },
    {
      label: 'TOTAL MARKS',
      value: (s) => formatResultNumber(s.total_marks),
      of: (s) => `of ${s.total_marks_of}`,
    },
  ];
  if (card.summary.total_points_of !== null) {
    boxes.push({
      label: 'TOTAL POINTS',
      value: (s) => valueOrDash(s.total_points),
      of: (s) => (s.total_points_of === null ? '' : `of ${s.total_points_of}`),
    });
  }
  if (card.ranks) {
    boxes.push(
      {
        label: 'STREAM POSITION',
        value: (s) => valueOrDash(s.class_position),
        of: (s) => `of ${s.class_size}`,
      },
      {
        label: 'OVERALL POSITION',
        value: (s) => valueOrDash(s.level_position),
        of: (s) => `of ${s.level_size}`,
      },
    );
  }
  return boxes;
}

export interface SubjectColumn {
  key:
    | 'subject'
    | 'mark'
    | 'deviation'
    | 'grade'
    | 'points'
    | 'position'
    | 'comment'
    | 'teacher'
    | ComponentColumnKey;
  label: string;
  cell(row: ReportSubjectRow): string;
}

/** A combined exam's column of one component's marks. */
export type ComponentColumnKey = `component-${number}`;
export const isComponentColumn = (key: SubjectColumn['key']): key is ComponentColumnKey =>
  key.startsWith('component-');

/** The mark of a combined exam whose weights were rescaled carries this mark, explained below the table. */
const RESCALED = '*';

/**
 * The columns of the subject table; the position only where the scheme ranks. A combined
 * exam's form shows each component's mark before the combined mark.
 */
export function subjectColumns(card: ReportCard): SubjectColumn[] {
  const columns: SubjectColumn[] = [
    { key: 'subject', label: 'SUBJECT', cell: (r) => r.name },
    ...card.components.map(
      (c, i): SubjectColumn => ({
        key: `component-${i}`,
        label: `${c.exam.name.toUpperCase()} ${c.weight}%`,
        cell: (r) => (r.component_marks[i] == null ? '' : String(r.component_marks[i])),
      }),
    ),
    { key: 'mark', label: 'MARK', cell: (r) => `${r.mark}${r.rescaled ? RESCALED : ''}` },
    { key: 'deviation', label: 'DEV', cell: (r) => signedNumber(r.deviation) },
    { key: 'grade', label: 'GRADE', cell: (r) => r.grade ?? '' },
    { key: 'points', label: 'PTS', cell: (r) => (r.points === null ? '' : String(r.points)) },
  ];
  if (card.ranks) {
    columns.push({
      key: 'position',
      label: 'POS',
      cell: (r) => (r.position === null ? '' : `${r.position}/${r.entries}`),
    });
  }
  columns.push(
    { key: 'comment', label: 'COMMENT', cell: (r) => r.comment ?? '' },
    { key: 'teacher', label: 'TEACHER', cell: (r) => r.teacher ?? '' },
  );
  return columns;
}

/**
 * Below a combined exam's table: what MARK combines, and what a rescaled mark means when the
 * form has one. Null for an ordinary exam.
 */
export function componentsNote(card: ReportCard): string | null {
  if (card.components.length === 0) return null;
  const parts = card.components.map((c) => `${c.exam.name} (${c.weight}%)`);
  const combines = `MARK combines ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}.`;
  return card.subjects.some((r) => r.rescaled)
    ? `${combines} ${RESCALED} A paper was missed (X) or not sat: the weights of the others were rescaled.`
    : combines;
}

/** "Fee balance: KES 12,500.00", "Fees: fully paid" or what is carried forward; null without fees. */
export function feeBalanceLine(card: ReportCard) {
  const cents = card.fee_balance_cents;
  if (cents === null) return null;
  if (cents > 0) return `Fee balance: KES ${formatKes(cents)}`;
  if (cents < 0) return `Fees: fully paid, KES ${formatKes(-cents)} carried forward`;
  return 'Fees: fully paid';
}

/** "Next term opens on 5 January 2027." */
export const nextTermLine = (card: ReportCard) =>
  card.next_term_opens ? `Next term opens on ${formatOpeningDate(card.next_term_opens)}.` : null;

/** "Attendance: 52 of 55 days (94.5%)", or that no register was taken in the term. */
export const attendanceLine = (card: ReportCard) =>
  card.attendance.recorded === 0
    ? 'Attendance: no registers taken'
    : `Attendance: ${attendedOfRecorded(card.attendance)}`;
