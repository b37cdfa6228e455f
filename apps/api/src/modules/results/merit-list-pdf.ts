import {
  MERIT_LIST_FOOTER,
  type MeritList,
  type MeritListRow,
} from '@shule/shared/results/merit-list';
import {
  type MeritListColumn,
  meritListColumns,
  meritListTitle,
} from '@shule/shared/results/merit-list-columns';
import { GRADING_SCHEME_LABELS } from '@shule/shared/results/scheme';
import type { School } from '@shule/shared/schools';
import { drawCodeKey } from '../../pdf/blocks';
import { drawSchoolHeader } from '../../pdf/header';
import { FONTS, type PrintOptions, Printout, SMALLEST_TEXT_SIZE } from '../../pdf/page';
import { type Cell, drawTable, fitColumns, type TableRow } from '../../pdf/table';

const MARGIN = { top: 24, bottom: 30, left: 24, right: 24 };
/** The largest body text: 12+ subjects and long names shrink it, never below the smallest. */
const MAX_FONT_SIZE = 7.5;
/** Cell padding on each side, in ems of the body text. */
const PADDING_EM = 0.5;
/** A name wider than this (in ems) is cut with an ellipsis rather than squeezing every column. */
const NAME_MAX_EM = 24;

/** The name, the mean grade and the positions stand out in bold. */
const cellFont = (column: MeritListColumn) =>
  column.key === 'name' || column.key === 'mean_grade' || column.kind === 'position'
    ? FONTS.bold
    : FONTS.regular;

/**
 * The landscape A4 merit list a school prints for its staff: the school's header, the title
 * line, one row per student in the column order Kenyan schools read (the ranked first, then the
 * incomplete and withheld with their reason), the column heads repeated on every page, the key
 * to the heads' codes, page numbers and the staff-only footer.
 */
export function renderMeritListPdf(
  list: MeritList,
  school: School,
  options: PrintOptions = {},
): Promise<Buffer> {
  const printout = new Printout({
    layout: 'landscape',
    margins: MARGIN,
    school,
    title: meritListTitle(list),
    crest: options.crest,
  });
  drawSchoolHeader(printout, { notes: [headerNotes(list)] });

  const columns = meritListColumns(list);
  const { widths, fontSize } = fitColumns(
    printout.doc,
    columns.map((column) => ({
      head: column.head,
      font: cellFont(column),
      maxEm: column.key === 'name' ? NAME_MAX_EM : undefined,
      grows: column.key !== 'name',
      shrinks: column.key === 'name',
    })),
    list.rows.map((row) => columns.map((column) => column.cell(row))),
    {
      width: printout.width,
      maxSize: MAX_FONT_SIZE,
      paddingEm: PADDING_EM,
      fill: true,
    },
  );
  const ranked = list.rows.filter((r) => r.status === 'complete');
  const unranked = list.rows.filter((r) => r.status !== 'complete');
  const rows: TableRow[] = ranked.map((row) => ({ cells: cellsOf(columns, row) }));
  if (unranked.length > 0) {
    rows.push({
      cells: [
        {
          text: `NOT RANKED: ${unranked.length} incomplete or withheld ${unranked.length === 1 ? 'result' : 'results'}`,
          font: FONTS.bold,
          span: columns.length,
        },
      ],
      fill: null,
      ruleAbove: true,
      keepWithNext: true,
    });
    for (const row of unranked) rows.push({ cells: cellsOf(columns, row) });
  }
  drawTable(
    printout,
    columns.map((column, i) => ({
      head: column.head,
      width: widths[i]!,
      align: column.align,
      font: cellFont(column),
    })),
    rows,
    {
      fontSize,
      paddingEm: PADDING_EM,
      empty: list.rows.length === 0 ? 'No marks entered for this exam yet.' : undefined,
    },
  );
  drawCodeKey(printout, codesOf(columns), { size: Math.max(SMALLEST_TEXT_SIZE, fontSize - 1) });
  return printout.finish(MERIT_LIST_FOOTER, options.printedOn);
}

/** A result that does not rank shows its reason across the columns from GR on. */
function cellsOf(columns: MeritListColumn[], row: MeritListRow): Cell[] {
  const reasonFrom =
    row.status === 'complete' || !row.reason
      ? -1
      : columns.findIndex((c) => c.key === 'mean_grade');
  if (reasonFrom < 0) return columns.map((column) => column.cell(row));
  return [
    ...columns.slice(0, reasonFrom).map((column) => column.cell(row)),
    { text: row.reason!, font: FONTS.italic, span: columns.length - reasonFrom, align: 'left' },
  ];
}

/** The heads that are codes, with what they stand for: ENG English, TT PTS Total points. */
const codesOf = (columns: MeritListColumn[]) =>
  columns
    .filter((column) => column.head.toLowerCase() !== column.title.toLowerCase())
    .map((column) => [column.head, column.title] as const);

/** Under the title: the scheme, what DEV compares with, and how many students. */
function headerNotes(list: MeritList): string {
  return [
    `Grading: ${GRADING_SCHEME_LABELS[list.exam.grading_scheme]}`,
    list.previous_exam
      ? `DEV: change in ${list.exam.grading_scheme.startsWith('kcse') ? 'mean points' : 'mean mark'} since ${list.previous_exam.name}`
      : 'No previous exam to compare with',
    `${list.rows.length} ${list.rows.length === 1 ? 'student' : 'students'}`,
  ].join('  ·  ');
}
