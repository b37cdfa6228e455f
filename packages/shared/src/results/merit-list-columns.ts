import type { MeritList, MeritListRow, SubjectResult } from './merit-list';

/**
 * The columns of a merit list in the order Kenyan schools read them (ADM NO, NAME, STREAM,
 * entry marks, each subject, SBJ, TT MKS, MN MKS, GR, TT PTS, DEV, STR POS, OVR POS), shared by
 * the printed list, the screen and its CSV so that the three never disagree.
 */
export interface MeritListColumn {
  key: string;
  /** The short head a printed list carries (ADM NO, ENG, TT PTS). */
  head: string;
  /** What the head stands for, for a person who does not know the abbreviation. */
  title: string;
  align: 'left' | 'center' | 'right';
  kind: 'student' | 'entry' | 'subject' | 'total' | 'position';
  /** The cell as printed: '67 B', '+0.42', '3/40'; '' when there is nothing to show. */
  cell(row: MeritListRow): string;
  /** What the column sorts by; rows without a value go last either way. */
  sortValue(row: MeritListRow): number | string | null;
  /** The first click's order: A to Z for text and positions, best first for marks. */
  firstDirection: 'ascending' | 'descending';
}

/** A mark without trailing zeros: 67, 67.5 (marks are entered with at most one decimal). */
export const formatMark = (mark: number) => String(Number(mark.toFixed(2)));

/** A deviation as merit lists print it, always signed: +0.42, -3, 0. */
export function formatDeviation(deviation: number | null): string {
  if (deviation === null) return '';
  const value = Number(deviation.toFixed(2));
  if (value === 0) return '0';
  return value > 0 ? `+${value}` : String(value);
}

/** A subject's mark and grade, compact: '67 B', 'X' (absent), 'Y' (withheld). */
export function formatSubjectResult(result: SubjectResult | undefined): string {
  if (!result) return '';
  if (typeof result.mark !== 'number') return result.mark;
  return result.grade ? `${formatMark(result.mark)} ${result.grade}` : formatMark(result.mark);
}

export const formatPosition = (position: number | null, size: number) =>
  position === null ? '' : `${position}/${size}`;

const numericMark = (result: SubjectResult | undefined) =>
  result && typeof result.mark === 'number' ? result.mark : null;

/** The name of the entry exam the rows carry (KCPE, KPSEA, KJSEA), or 'ENTRY' when mixed. */
function entryHead(rows: readonly MeritListRow[]): string {
  const exams = new Set(rows.flatMap((r) => (r.entry?.marks != null ? [r.entry.exam ?? ''] : [])));
  const [only] = exams;
  return exams.size === 1 && only ? only.toUpperCase() : 'ENTRY';
}

export function meritListColumns(list: MeritList): MeritListColumn[] {
  const columns: MeritListColumn[] = [
    {
      key: 'admission_number',
      head: 'ADM NO',
      title: 'Admission number',
      align: 'left',
      kind: 'student',
      cell: (r) => r.admission_number,
      sortValue: (r) => r.admission_number,
      firstDirection: 'ascending',
    },
    {
      key: 'name',
      head: 'NAME',
      title: 'Name',
      align: 'left',
      kind: 'student',
      cell: (r) => r.name,
      sortValue: (r) => r.name,
      firstDirection: 'ascending',
    },
  ];
  if (list.scope.kind === 'level') {
    columns.push({
      key: 'stream',
      head: 'STREAM',
      title: 'Stream',
      align: 'left',
      kind: 'student',
      cell: (r) => r.class.name,
      sortValue: (r) => r.class.name,
      firstDirection: 'ascending',
    });
  }
  if (list.rows.some((r) => r.entry?.marks != null)) {
    const head = entryHead(list.rows);
    columns.push({
      key: 'entry',
      head,
      title: head === 'ENTRY' ? 'Entry marks' : `${head} marks`,
      align: 'right',
      kind: 'entry',
      cell: (r) => (r.entry?.marks != null ? String(r.entry.marks) : ''),
      sortValue: (r) => r.entry?.marks ?? null,
      firstDirection: 'descending',
    });
  }
  for (const subject of list.subjects) {
    const resultOf = (r: MeritListRow) => r.subjects.find((s) => s.subject === subject.id);
    columns.push({
      key: `subject:${subject.id}`,
      head: subject.code,
      title: subject.name,
      align: 'center',
      kind: 'subject',
      cell: (r) => formatSubjectResult(resultOf(r)),
      sortValue: (r) => numericMark(resultOf(r)),
      firstDirection: 'descending',
    });
  }
  columns.push(
    {
      key: 'subject_count',
      head: 'SBJ',
      title: 'Subjects sat',
      align: 'right',
      kind: 'total',
      cell: (r) => String(r.subject_count),
      sortValue: (r) => r.subject_count,
      firstDirection: 'descending',
    },
    {
      key: 'total_marks',
      head: 'TT MKS',
      title: 'Total marks',
      align: 'right',
      kind: 'total',
      cell: (r) => formatMark(r.total_marks),
      sortValue: (r) => r.total_marks,
      firstDirection: 'descending',
    },
    {
      key: 'mean_mark',
      head: 'MN MKS',
      title: 'Mean mark',
      align: 'right',
      kind: 'total',
      cell: (r) => (r.mean_mark === null ? '' : r.mean_mark.toFixed(2)),
      sortValue: (r) => r.mean_mark,
      firstDirection: 'descending',
    },
    {
      key: 'mean_grade',
      head: 'GR',
      title: 'Mean grade',
      align: 'center',
      kind: 'total',
      cell: (r) => r.mean_grade ?? '',
      // A grade sorts by what it was given for, not alphabetically (A- above B+).
      sortValue: (r) => (r.mean_grade === null ? null : (r.mean_points ?? r.mean_mark)),
      firstDirection: 'descending',
    },
    {
      key: 'total_points',
      head: 'TT PTS',
      title: 'Total points',
      align: 'right',
      kind: 'total',
      cell: (r) => (r.total_points === null ? '' : formatMark(r.total_points)),
      sortValue: (r) => r.total_points,
      firstDirection: 'descending',
    },
    {
      key: 'deviation',
      head: 'DEV',
      title: list.previous_exam
        ? `Deviation from ${list.previous_exam.name}`
        : 'Deviation from the previous exam',
      align: 'right',
      kind: 'total',
      cell: (r) => formatDeviation(r.deviation),
      sortValue: (r) => r.deviation,
      firstDirection: 'descending',
    },
  );
  if (list.exam.ranks) {
    columns.push(
      {
        key: 'class_position',
        head: 'STR POS',
        title: 'Stream position',
        align: 'right',
        kind: 'position',
        cell: (r) => formatPosition(r.class_position, r.class_size),
        sortValue: (r) => r.class_position,
        firstDirection: 'ascending',
      },
      {
        key: 'level_position',
        head: 'OVR POS',
        title: 'Overall position',
        align: 'right',
        kind: 'position',
        cell: (r) => formatPosition(r.level_position, r.level_size),
        sortValue: (r) => r.level_position,
        firstDirection: 'ascending',
      },
    );
  }
  return columns;
}

/** "MERIT LIST · Form 4 · End Term · 2026 Term 3": the title of the printed list. */
export function meritListTitle(list: MeritList): string {
  const when = [list.exam.year, list.exam.term].filter(Boolean).join(' ');
  return ['MERIT LIST', list.scope.name, list.exam.name, when].filter(Boolean).join(' · ');
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** "merit-list-form-4-end-term-2026-term-3": the list's file name, without the extension. */
export function meritListFileName(list: MeritList): string {
  const parts = ['merit list', list.scope.name, list.exam.name, list.exam.year, list.exam.term];
  return parts
    .filter((part): part is string => Boolean(part))
    .map(slug)
    .filter(Boolean)
    .join('-');
}
