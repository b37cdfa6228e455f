import { format } from 'date-fns';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import './school-calendar.css';

/** A day as a screen reader says it: "Monday 23 November 2026", then today or selected. */
export function calendarDayName(date: Date, modifiers: Partial<Modifiers>) {
  return [
    format(date, 'EEEE d MMMM yyyy'),
    modifiers.today ? 'today' : null,
    modifiers.selected ? 'selected' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** This month's calendar on the dashboard: loaded after the counts, being the heaviest part. */
export function SchoolCalendar() {
  return (
    <DayPicker
      mode="single"
      weekStartsOn={0}
      showOutsideDays
      className="text-sm"
      labels={{ labelDayButton: calendarDayName }}
    />
  );
}
