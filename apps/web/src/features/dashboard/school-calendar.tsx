import { formatDateRange } from '@shule/shared/display-dates';
import { format } from 'date-fns';
import { useState } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import { useExams } from '../../lib/queries/exams';
import { useTerms } from '../../lib/queries/terms';
import 'react-day-picker/style.css';
import './school-calendar.css';

/** A day as a screen reader says it: "Monday 23 November 2026", then what is on and today. */
export function calendarDayName(date: Date, modifiers: Partial<Modifiers>) {
  return [
    format(date, 'EEEE d MMMM yyyy'),
    modifiers.exam ? 'exam' : modifiers.term ? 'term' : null,
    modifiers.today ? 'today' : null,
    modifiers.selected ? 'selected' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** yyyy-mm-dd as the calendar's local day. */
const dayOf = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

interface Dated {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
}

/** What overlaps the month shown, earliest first. */
function inMonth<T extends Dated>(items: readonly T[], month: Date): T[] {
  const first = format(new Date(month.getFullYear(), month.getMonth(), 1), 'yyyy-MM-dd');
  const last = format(new Date(month.getFullYear(), month.getMonth() + 1, 0), 'yyyy-MM-dd');
  return items
    .filter((i) => i.start_date <= last && i.end_date >= first)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
}

const range = (i: Dated) => ({ from: dayOf(i.start_date), to: dayOf(i.end_date) });

/**
 * The month's calendar on the dashboard with the school's terms (shaded) and exams (marked),
 * and a list of those of the month shown: loaded after the counts, being the heaviest part.
 */
export function SchoolCalendar() {
  const terms = useTerms();
  const exams = useExams();
  const [month, setMonth] = useState(() => new Date());
  const allTerms = terms.data ?? [];
  const allExams = exams.data ?? [];
  const shown = [
    ...inMonth(allTerms, month).map((t) => ({ ...t, kind: 'Term' as const })),
    ...inMonth(allExams, month).map((e) => ({ ...e, kind: 'Exam' as const })),
  ];
  return (
    <div className="space-y-3">
      <DayPicker
        mode="single"
        weekStartsOn={0}
        showOutsideDays
        month={month}
        onMonthChange={setMonth}
        className="text-sm"
        modifiers={{ term: allTerms.map(range), exam: allExams.map(range) }}
        modifiersClassNames={{ term: 'rdp-term', exam: 'rdp-exam' }}
        labels={{ labelDayButton: calendarDayName }}
      />
      <ul className="w-[280px] space-y-1.5 text-sm" aria-label="Terms and exams this month">
        {shown.length === 0 ? (
          <li className="text-muted-foreground">
            {terms.isPending || exams.isPending
              ? 'Loading terms and exams…'
              : 'No term or exam this month.'}
          </li>
        ) : (
          shown.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className={
                  item.kind === 'Exam'
                    ? 'mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary'
                    : 'mt-1.5 h-2 w-2 shrink-0 rounded-sm bg-accent ring-1 ring-primary/30'
                }
              />
              <span className="min-w-0">
                <span className="font-medium">{item.name}</span>{' '}
                <span className="text-muted-foreground">
                  ({item.kind === 'Exam' ? 'exam' : 'term'}){' '}
                  {formatDateRange(item.start_date, item.end_date)}
                </span>
              </span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
