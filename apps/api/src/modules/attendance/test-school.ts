import { todayIn } from '@shule/shared/school-time';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import { classes, terms } from '../../db/schema/index';

/** yyyy-mm-dd `days` after `date` (before, when negative). */
export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The latest day on or before `date` whose weekday passes `test`. */
function latest(date: string, test: (day: number) => boolean) {
  let d = date;
  while (!test(weekday(d))) d = addDays(d, -1);
  return d;
}

/**
 * Dates around today (Nairobi), whatever day the tests run: `schoolDay` the last weekday on or
 * before today, `earlierSchoolDay` the weekday before it, `saturday` the last Saturday on or
 * before today, `tomorrow`; and a term from 40 days before today to 40 days after.
 */
export function registerDates(today = todayIn()) {
  const schoolDay = latest(today, (d) => d !== 0 && d !== 6);
  const earlierSchoolDay = latest(addDays(schoolDay, -1), (d) => d !== 0 && d !== 6);
  return {
    today,
    schoolDay,
    earlierSchoolDay,
    saturday: latest(today, (d) => d === 6),
    tomorrow: addDays(today, 1),
    term: { start: addDays(today, -40), end: addDays(today, 40) },
  };
}

/** A term of the school holding today (straight into the database: terms have their own tests). */
export async function insertCurrentTerm(app: App, schoolId: number, name = 'Term 3') {
  const { term } = registerDates();
  const [row] = await app.db
    .insert(terms)
    .values({ schoolId, name, startDate: term.start, endDate: term.end })
    .returning({ id: terms.id });
  return { id: row!.id, name, start_date: term.start, end_date: term.end };
}

/** Makes `teacherId` the class teacher of `classId`. */
export const setClassTeacher = (app: App, classId: number, teacherId: number) =>
  app.db.update(classes).set({ classTeacherId: teacherId }).where(eq(classes.id, classId));
