import { type AttendanceCounts, attendedOfRecorded } from '@shule/shared/attendance';
import { RUBRIC_BANDS, rubricWords } from '@shule/shared/cbc-assessments';
import type { ProgressReportInputs } from '@shule/shared/cbc-report-inputs';
import { STRAND_RULE_STATEMENTS } from '@shule/shared/cbc-term';
import { formatDate } from '@shule/shared/display-dates';
import { drawCodeKey, drawHeading, drawKeyValues } from '../../pdf/blocks';
import { drawSchoolHeader } from '../../pdf/header';
import { COLORS, drawLine, drawRule, FONTS, Printout } from '../../pdf/page';
import { drawTable, type TableColumn, type TableRow } from '../../pdf/table';
import type { TermPicture, TermPictureLearner } from './term-picture';

/**
 * Learner progress reports as one A4 PDF, a learner after another, each from a new page and as
 * many pages as it needs: the school's header, the learner, the strand rule and the key to the
 * levels, each learning area with its strands, summative and overall level (codes with their
 * words) and the teacher's comment, the core competencies and values, attendance, the remarks
 * and the term's dates. No position or rank: CBC levels are never ranked.
 *
 * What teachers add (competencies, values, comments, remarks) comes from `inputs`; a learner
 * without them gets the comment and remark lines blank, to be written by hand.
 */

const MARGIN = 36;
const MARGINS = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
const FONT_SIZE = 8.5;
const NOT_ASSESSED = 'Not assessed this term';
const WHOLE_AREA = 'The learning area as a whole';

export interface ProgressReportsPdfInput {
  picture: TermPicture;
  attendance: Map<number, AttendanceCounts>;
  inputs: Map<number, ProgressReportInputs>;
  crest?: Buffer | null;
}

const levelCells = (level: string | null) =>
  level === null ? ['—', NOT_ASSESSED] : [level, rubricWords(level)];

function areaRows(
  picture: TermPicture,
  learner: TermPictureLearner,
  inputs: ProgressReportInputs | undefined,
): TableRow[] {
  return picture.areas.flatMap((area) => {
    if (!learner.takes.has(area.id)) return [];
    const term = learner.areas.get(area.id);
    const rows: TableRow[] = [
      {
        cells: [area.name, ...levelCells(term?.overall ?? null)],
        font: FONTS.bold,
        fill: COLORS.shade,
        ruleAbove: true,
        keepWithNext: true,
      },
    ];
    for (const s of term?.strands ?? []) {
      const name = s.strand === null ? WHOLE_AREA : (picture.strandNames.get(s.strand) ?? '');
      rows.push({ cells: [name, ...levelCells(s.level)], fill: null });
    }
    if (term?.summative) {
      rows.push({ cells: ['Summative assessment', ...levelCells(term.summative)], fill: null });
    }
    // The comment is printed on the page of the line above it.
    rows.at(-1)!.keepWithNext = true;
    const comment = inputs?.comments[area.id];
    rows.push({
      cells: [
        {
          // Without a comment, two lines' room to write one by hand.
          text: comment ? `Teacher's comment: ${comment}` : "Teacher's comment:\n\u00a0",
          span: 3,
          font: FONTS.italic,
        },
      ],
      fill: null,
    });
    return rows;
  });
}

function drawLearningAreas(
  printout: Printout,
  picture: TermPicture,
  learner: TermPictureLearner,
  inputs: ProgressReportInputs | undefined,
) {
  const width = printout.width;
  const columns: TableColumn[] = [
    // A comment spans the three columns from the first and wraps onto up to three lines.
    { head: 'Learning area and its strands', width: width - 200, lines: 3 },
    { head: 'Level', width: 50, align: 'center', font: FONTS.bold },
    { head: 'Meaning', width: 150 },
  ];
  // Rows a little tighter than a list's, so that nine learning areas of five strands take two pages.
  drawTable(printout, columns, areaRows(picture, learner, inputs), {
    fontSize: FONT_SIZE,
    rowHeight: 12.5,
    paddingY: 2,
    rules: true,
    title: 'Learning areas',
    empty: 'This level has no learning areas yet.',
    keepRows: 3,
  });
}

function drawRatings(printout: Printout, inputs: ProgressReportInputs | undefined) {
  const sections = [
    ['Core competencies', inputs?.competencies ?? []],
    ['Values', inputs?.values ?? []],
  ] as const;
  const width = printout.width;
  for (const [title, ratings] of sections) {
    // Rated by the class teacher; nothing is printed for a learner not rated yet, and a
    // competency or value left unrated is a blank row.
    if (ratings.every((r) => r.level === null)) continue;
    drawTable(
      printout,
      [
        { head: title === 'Values' ? 'Value' : 'Competency', width: width - 200 },
        { head: 'Level', width: 50, align: 'center', font: FONTS.bold },
        { head: 'Meaning', width: 150 },
      ],
      ratings.map((r) => ({
        cells: [r.name, r.level ?? '', r.level === null ? '' : rubricWords(r.level)],
      })),
      { fontSize: FONT_SIZE, title, keepRows: 2 },
    );
  }
}

/** A remark in its box, or blank lines to write it on, with a line to sign. */
function drawRemark(printout: Printout, label: string, text: string | null) {
  const { doc } = printout;
  const lineGap = 16;
  doc.font(FONTS.regular).fontSize(FONT_SIZE);
  const textHeight = text ? doc.heightOfString(text, { width: printout.width }) : 2 * lineGap;
  printout.makeRoom(14 + textHeight + 26);
  drawLine(doc, label, printout.left, printout.y, printout.width, {
    font: FONTS.bold,
    size: 8,
    color: COLORS.muted,
  });
  let y = printout.y + 12;
  if (text) {
    doc.font(FONTS.regular).fontSize(FONT_SIZE).fillColor(COLORS.ink);
    doc.text(text, printout.left, y, { width: printout.width });
    y += textHeight + 4;
  } else {
    for (let i = 0; i < 2; i++) {
      y += lineGap;
      drawRule(doc, printout.left, y, printout.width, { lineWidth: 0.4 });
    }
    y += 4;
  }
  y += 12;
  drawLine(doc, 'Signature', printout.left, y - 7, 44, { size: 7, color: COLORS.muted });
  drawRule(doc, printout.left + 44, y, printout.width * 0.5 - 44, { lineWidth: 0.4 });
  drawLine(doc, 'Date', printout.left + printout.width * 0.6, y - 7, 28, {
    size: 7,
    color: COLORS.muted,
  });
  drawRule(doc, printout.left + printout.width * 0.6 + 28, y, printout.width * 0.4 - 28, {
    lineWidth: 0.4,
  });
  printout.y = y + 10;
}

function drawLearner(printout: Printout, input: ProgressReportsPdfInput, l: TermPictureLearner) {
  const { picture } = input;
  const inputs = input.inputs.get(l.id);
  drawSchoolHeader(printout, {
    titleStyle: 'band',
    crestSize: 56,
    title: `LEARNER PROGRESS REPORT · ${termTitle(picture).toUpperCase()}`,
  });
  const counts = input.attendance.get(l.id);
  const pairs: [string, string][] = [
    ['Learner', l.name],
    ['Admission number', l.admission_number],
  ];
  if (l.assessment_number) pairs.push(['Assessment Number', l.assessment_number]);
  if (l.upi) pairs.push(['UPI', l.upi]);
  pairs.push(
    [
      'Class',
      picture.class.level ? `${picture.class.name} (${picture.class.level})` : picture.class.name,
    ],
    [
      'Attendance this term',
      counts && counts.recorded > 0 ? attendedOfRecorded(counts) : 'No registers taken',
    ],
  );
  drawKeyValues(printout, pairs, { labelWidth: 110, labelSize: 8, valueSize: 9.5, spacing: 14 });
  drawLine(
    printout.doc,
    STRAND_RULE_STATEMENTS[picture.rule],
    printout.left,
    printout.y + 2,
    printout.width,
    {
      font: FONTS.italic,
      size: 7.5,
      color: COLORS.muted,
    },
  );
  printout.y += 10;
  drawCodeKey(
    printout,
    RUBRIC_BANDS[picture.scale].map((b) => [b.code, rubricWords(b.code)] as const),
    { label: 'Levels:', size: 7 },
  );
  drawLearningAreas(printout, picture, l, inputs);
  drawRatings(printout, inputs);
  printout.y += 6;
  drawHeading(printout, 'Remarks');
  drawRemark(printout, "CLASS TEACHER'S REMARKS", inputs?.class_teacher_remark ?? null);
  drawRemark(printout, "HEAD TEACHER'S REMARKS", inputs?.head_teacher_remark ?? null);
  drawDates(printout, picture);
}

function drawDates(printout: Printout, picture: TermPicture) {
  const { doc } = printout;
  printout.makeRoom(40);
  drawRule(doc, printout.left, printout.y, printout.width, { lineWidth: 0.5 });
  const y = printout.y + 7;
  const half = printout.width / 2;
  drawLine(doc, `Term closes on ${formatDate(picture.term.end_date)}.`, printout.left, y, half, {
    font: FONTS.bold,
    size: 9,
  });
  if (picture.next_term_opens) {
    drawLine(
      doc,
      `Next term opens on ${formatDate(picture.next_term_opens)}.`,
      printout.left,
      y + 12,
      half,
      { font: FONTS.bold, size: 9 },
    );
  }
  drawLine(doc, "Parent's / guardian's signature", printout.left + half, y, half - 140, {
    size: 7.5,
    color: COLORS.muted,
    align: 'right',
  });
  drawRule(doc, printout.right - 130, y + 8, 130, { lineWidth: 0.5 });
  printout.y = y + 26;
}

/** "Term 1 2027": the term's name, with its year when the name does not say it. */
const termTitle = ({ term }: TermPicture) =>
  /\b\d{4}\b/.test(term.name) ? term.name : `${term.name} ${term.start_date.slice(0, 4)}`;

/** One PDF of the learners' progress reports, in the picture's order (by name). */
export async function renderProgressReportsPdf(input: ProgressReportsPdfInput): Promise<Buffer> {
  const { picture } = input;
  const title = `Learner progress report · ${termTitle(picture)}`;
  const printout = new Printout({
    margins: MARGINS,
    school: picture.school,
    title,
    runningTitle: `${title} · ${picture.class.name}`,
    documentTitle:
      picture.learners.length === 1
        ? `${title} · ${picture.learners[0]!.name}`
        : `${title} · ${picture.class.name}`,
    crest: input.crest ?? null,
  });
  // Which learner each page is of, for its footer.
  const pageOwners: string[] = [];
  picture.learners.forEach((learner, i) => {
    if (i > 0) printout.newPage({ running: false });
    drawLearner(printout, input, learner);
    const pages = printout.doc.bufferedPageRange().count;
    while (pageOwners.length < pages)
      pageOwners.push(`${learner.name} · ${learner.admission_number}`);
  });
  if (picture.learners.length === 0) {
    drawSchoolHeader(printout, { titleStyle: 'band', title: title.toUpperCase() });
    drawLine(
      printout.doc,
      `${picture.class.name} has no learners.`,
      printout.left,
      printout.y,
      printout.width,
    );
  }
  return printout.finish((page) => pageOwners[page] ?? '');
}
