import { kjseaLevelsLine } from '@shule/shared/kjsea';
import {
  attendanceLine,
  componentsNote,
  feeBalanceLine,
  formatResultNumber,
  nextTermLine,
  type SubjectColumn,
  subjectColumns,
  summaryBoxes,
  trendScaleTop,
  usesKcsePoints,
} from '@shule/shared/results/report-card-format';
import type { ReportCard } from '@shule/shared/results/report-cards';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A student's report form on screen, laid out like the printed one (the server's PDF): the
 * school, the title, the student, the summary boxes with the previous exam's beside them, a row
 * per subject, the year's means, the remarks and the next term's opening date. `remarks` takes
 * the place of the remarks' text (the page puts its editor there).
 */
export function ReportForm({ card, remarks }: { card: ReportCard; remarks?: ReactNode }) {
  return (
    <article
      aria-label={`Report form of ${card.student.name}`}
      className="report-form mx-auto max-w-[210mm] bg-white text-slate-800 sm:rounded-md sm:border sm:p-8 print:max-w-none print:border-0 print:p-0"
    >
      <SchoolHeader card={card} />
      <h2 className="mt-3 bg-primary-hover px-2 py-1.5 text-center text-xs font-bold text-white sm:text-sm print:text-sm">
        {card.title}
      </h2>
      <StudentDetails card={card} />
      <SummaryBoxes card={card} />
      <KjseaBaselineLine card={card} />
      <SubjectTable card={card} />
      <div className="mt-4 grid gap-4 sm:grid-cols-[2fr_3fr] print:grid-cols-[2fr_3fr]">
        <TrendChart card={card} />
        <div>{remarks ?? <RemarksText card={card} />}</div>
      </div>
      <footer className="mt-4 flex flex-col gap-3 border-t border-slate-300 pt-2 text-sm sm:flex-row sm:items-end sm:justify-between print:flex-row print:items-end print:justify-between">
        <div>
          <p className="font-semibold">{nextTermLine(card) ?? ''}</p>
          <p className="text-xs">{attendanceLine(card)}</p>
          {feeBalanceLine(card) && <p className="text-xs font-semibold">{feeBalanceLine(card)}</p>}
        </div>
        <p className="flex items-end gap-2 text-xs text-muted-foreground">
          Parent's / guardian's signature
          <span className="inline-block w-32 border-b border-slate-400" />
        </p>
      </footer>
    </article>
  );
}

function SchoolHeader({ card }: { card: ReportCard }) {
  const { school } = card;
  const contacts = [`Tel: ${school.phone_number}`, school.email].filter(Boolean).join(' · ');
  return (
    <header className="flex items-center gap-3">
      {school.logo ? (
        <img
          src={school.logo}
          alt=""
          className="h-14 w-14 shrink-0 object-contain sm:h-16 sm:w-16"
        />
      ) : null}
      <div className="min-w-0 flex-1 text-center">
        <p className="text-base font-bold uppercase sm:text-xl">{school.name}</p>
        {school.postal_address ? (
          <p className="text-xs text-muted-foreground sm:text-sm">{school.postal_address}</p>
        ) : null}
        <p className="text-xs break-words text-muted-foreground sm:text-sm">{contacts}</p>
      </div>
      {/* Balances the crest so that the school's name stays centred on the page. */}
      {school.logo ? <span className="hidden w-16 shrink-0 sm:block" /> : null}
    </header>
  );
}

function StudentDetails({ card }: { card: ReportCard }) {
  const { student } = card;
  const fields: [string, string][] = [
    ['NAME', student.name.toUpperCase()],
    ['ADM NO', student.admission_number],
    ['STREAM', student.class.name],
  ];
  if (student.level) fields.push(['LEVEL', student.level]);
  return (
    <section className="mt-3 flex items-start gap-3" aria-label="Student">
      <dl className="grid min-w-0 flex-1 grid-cols-[4.5rem_1fr] gap-x-2 gap-y-1 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="pt-0.5 text-[11px] font-bold text-muted-foreground">{label}</dt>
            <dd className="min-w-0 font-bold break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex h-24 w-20 shrink-0 items-center justify-center border border-slate-300 text-[10px] text-muted-foreground">
        {student.photo ? (
          <img src={student.photo} alt={student.name} className="h-full w-full object-cover" />
        ) : (
          'PHOTO'
        )}
      </div>
    </section>
  );
}

function SummaryBoxes({ card }: { card: ReportCard }) {
  const boxes = summaryBoxes(card);
  return (
    <section aria-label="Summary" className="mt-3">
      <ul
        className={cn(
          'grid grid-cols-2 gap-2 sm:grid-cols-[repeat(var(--boxes),minmax(0,1fr))] print:grid-cols-[repeat(var(--boxes),minmax(0,1fr))]',
        )}
        style={{ '--boxes': boxes.length } as React.CSSProperties}
      >
        {boxes.map((box) => (
          <li
            key={box.label}
            data-testid={`box-${box.label}`}
            className="overflow-hidden rounded-sm border border-slate-300"
          >
            <p className="bg-slate-100 py-0.5 text-center text-[10px] font-bold text-muted-foreground">
              {box.label}
            </p>
            <div className="grid grid-cols-2 divide-x divide-slate-200 py-1 text-center">
              <div>
                <p className="text-xl font-bold" data-testid="this-exam">
                  {box.value(card.summary)}
                </p>
                <p className="text-[10px] text-muted-foreground">{box.of(card.summary)}</p>
              </div>
              <div className="text-muted-foreground">
                <p className="text-[9px] uppercase">Previous</p>
                <p className="font-bold" data-testid="previous-exam">
                  {card.previous ? box.value(card.previous) : '—'}
                </p>
                <p className="text-[9px]">{card.previous ? box.of(card.previous) : ''}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {card.previous_exam ? (
        <p className="mt-0.5 text-right text-[10px] text-muted-foreground">
          Previous: {card.previous_exam.name}
        </p>
      ) : null}
    </section>
  );
}

/** A senior-school learner's KJSEA result, the baseline the form's results are read against. */
function KjseaBaselineLine({ card }: { card: ReportCard }) {
  const baseline = card.kjsea;
  if (!baseline) return null;
  return (
    <section
      aria-label="KJSEA baseline"
      className="mt-2 flex flex-col gap-1 border border-slate-300 text-sm sm:flex-row print:flex-row"
    >
      <p className="shrink-0 bg-slate-100 px-2 py-1">
        <span className="block text-[10px] font-bold text-muted-foreground">KJSEA BASELINE</span>
        <span className="font-semibold">
          {baseline.total_points} / {baseline.out_of} points
        </span>
      </p>
      <p className="px-2 py-1 text-xs">{kjseaLevelsLine(baseline)}</p>
    </section>
  );
}

/** Columns a phone folds under the subject's name, to keep the table within the screen. */
const FOLDED: SubjectColumn['key'][] = ['comment', 'teacher'];

function SubjectTable({ card }: { card: ReportCard }) {
  const columns = subjectColumns(card);
  const note = componentsNote(card);
  return (
    <>
      <table className="mt-2 w-full border border-slate-300 text-xs sm:text-sm">
        <thead className="bg-slate-100 text-[10px] text-muted-foreground sm:text-xs">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cn(
                  'px-1 py-1.5 font-bold sm:px-2',
                  c.key === 'subject' || FOLDED.includes(c.key) ? 'text-left' : 'text-center',
                  FOLDED.includes(c.key) && 'hidden sm:table-cell print:table-cell',
                )}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {card.subjects.map((row) => (
            <tr key={row.subject} className="even:bg-slate-50">
              {columns.map((c) =>
                c.key === 'subject' ? (
                  <th key={c.key} scope="row" className="px-1 py-1 text-left font-semibold sm:px-2">
                    {row.name}
                    <span className="block text-[11px] font-normal text-muted-foreground sm:hidden print:hidden">
                      {[row.comment, row.teacher].filter(Boolean).join(' · ')}
                    </span>
                  </th>
                ) : (
                  <td
                    key={c.key}
                    className={cn(
                      'px-1 py-1 sm:px-2',
                      FOLDED.includes(c.key)
                        ? 'hidden sm:table-cell print:table-cell'
                        : 'text-center',
                    )}
                  >
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
          {card.subjects.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-2 py-2 text-muted-foreground">
                No marks in this exam.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {note ? <p className="mt-1 text-[10px] text-muted-foreground sm:text-xs">{note}</p> : null}
    </>
  );
}

/** The first and last exams' names run inwards, so that they stay within the chart. */
const labelAnchor = (i: number, n: number) =>
  n === 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle';

/** The student's mean in each exam of the year, as a small line chart. */
export function TrendChart({ card }: { card: ReportCard }) {
  const top = trendScaleTop(card);
  const width = 240;
  const height = 120;
  const plot = { x: 44, y: 10, w: width - 64, h: height - 34 };
  const n = card.trend.length;
  const xOf = (i: number) => (n === 1 ? plot.x + plot.w / 2 : plot.x + (plot.w * i) / (n - 1));
  const yOf = (mean: number) => plot.y + plot.h * (1 - Math.min(Math.max(mean, 0), top) / top);
  const segments = card.trend.slice(1).flatMap((t, i) => {
    const before = card.trend[i]!;
    return before.mean !== null && t.mean !== null
      ? [{ key: t.exam, x1: xOf(i), y1: yOf(before.mean), x2: xOf(i + 1), y2: yOf(t.mean) }]
      : [];
  });
  const title = usesKcsePoints(card) ? 'MEAN POINTS THIS YEAR' : 'MEAN MARK THIS YEAR';
  return (
    <figure>
      <figcaption className="text-[11px] font-bold text-muted-foreground">{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="w-full max-w-sm"
        role="img"
        aria-label={`${title}: ${card.trend
          .map((t) => `${t.name} ${t.mean === null ? 'no mean' : formatResultNumber(t.mean)}`)
          .join(', ')}`}
      >
        {[0, 1, 2, 3, 4].map((i) => {
          const y = plot.y + (plot.h * i) / 4;
          return (
            <g key={i}>
              <line x1={plot.x - 16} x2={plot.x + plot.w + 16} y1={y} y2={y} stroke="#e5e7eb" />
              <text x={plot.x - 20} y={y + 3} fontSize="8" textAnchor="end" fill="#6b7280">
                {formatResultNumber((top * (4 - i)) / 4)}
              </text>
            </g>
          );
        })}
        {segments.map(({ key, ...ends }) => (
          <line key={key} {...ends} stroke="#14532d" strokeWidth="2" />
        ))}
        {card.trend.map((t, i) => (
          <g key={t.exam}>
            <text
              x={xOf(i)}
              // More than three names take turns on two rows, so that each has twice the room.
              y={n > 3 ? (i % 2 === 1 ? height - 2 : height - 11) : height - 8}
              fontSize="8"
              textAnchor={labelAnchor(i, n)}
              fill="#6b7280"
            >
              {t.name}
            </text>
            {t.mean === null ? null : (
              <>
                <circle cx={xOf(i)} cy={yOf(t.mean)} r="3" fill="#14532d" />
                <text
                  x={xOf(i)}
                  y={yOf(t.mean) - 6}
                  fontSize="8"
                  fontWeight="bold"
                  textAnchor="middle"
                >
                  {formatResultNumber(t.mean)}
                </text>
              </>
            )}
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** Signature and date lines under a remark. */
export function SignatureLine() {
  return (
    <p className="mt-3 flex items-end gap-2 text-[11px] text-muted-foreground">
      Signature <span className="inline-block flex-1 border-b border-slate-400" />
      Date <span className="inline-block w-20 border-b border-slate-400" />
    </p>
  );
}

function RemarksText({ card }: { card: ReportCard }) {
  return (
    <div className="space-y-4 text-sm">
      <div>
        <p className="text-[11px] font-bold text-muted-foreground">CLASS TEACHER'S REMARKS</p>
        <p className="whitespace-pre-line">{card.remarks.class_teacher}</p>
        <SignatureLine />
      </div>
      <div>
        <p className="text-[11px] font-bold text-muted-foreground">PRINCIPAL'S REMARKS</p>
        <p className="whitespace-pre-line">{card.remarks.principal}</p>
        <SignatureLine />
      </div>
    </div>
  );
}
