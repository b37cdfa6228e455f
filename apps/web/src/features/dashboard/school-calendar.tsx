import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './school-calendar.css';

/** This month's calendar on the dashboard: loaded after the counts, being the heaviest part. */
export function SchoolCalendar() {
  return <DayPicker mode="single" weekStartsOn={0} showOutsideDays className="text-sm" />;
}
