import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';

export interface TermRef {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
}

/**
 * The school's current term: the one holding `today` (Nairobi), the latest start when terms
 * overlap; null in a holiday.
 */
export async function currentTerm(
  db: Db | Tx,
  schoolId: number,
  today: string,
): Promise<TermRef | null> {
  const [term] = await queryRows<TermRef>(
    db,
    sql`select id, name, start_date::text as start_date, end_date::text as end_date from terms
    where school_id = ${schoolId} and start_date <= ${today} and end_date >= ${today}
    order by start_date desc, id desc limit 1`,
  );
  return term ?? null;
}

/** The days of the term counted up to `date` (the term's end at most). */
export const termDaysUpTo = (term: TermRef, date: string) => ({
  from: term.start_date,
  to: date < term.end_date ? date : term.end_date,
});
