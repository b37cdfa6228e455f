import type { ReportsOverview } from '@shule/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import type { AuthUser } from '../../plugins/auth';

const isAdmin = (user: AuthUser) => user.roles.includes('admin');

/**
 * Each exam with the classes that have marks in it (a combined exam: in any of its
 * components). One index probe of exam_scores (class_id, exam_id) per class and exam, so a
 * school's hundreds of thousands of marks are never read.
 */
const selectExams = (db: Db, schoolId: number) =>
  queryRows<ReportsOverview['exams'][number]>(
    db,
    sql`
    select e.id, e.name, e.start_date::text as start_date,
           exists (select 1 from exam_components x where x.exam_id = e.id) as combined,
           array(
             select c.id from classes c
             where c.school_id = ${schoolId}
               and exists (
                 select 1 from exam_scores es
                 where es.class_id = c.id
                   and es.exam_id = any(array[e.id] || array(
                     select x.component_exam_id from exam_components x where x.exam_id = e.id)))
             order by c.id) as marked_class_ids
    from exams e
    where e.school_id = ${schoolId}
    order by e.start_date desc, e.id desc`,
  );

/** The classes, and whose results the caller may see: as assertMaySeeResults rules (modules/results). */
const selectClasses = (db: Db, schoolId: number, user: AuthUser) =>
  queryRows<ReportsOverview['classes'][number]>(
    db,
    sql`
    select c.id, c.name, c.level,
           count(st.id) filter (where st.is_active and st.erased_at is null)::int as students,
           (${isAdmin(user)} or exists (
             select 1 from teachers t
             where t.id = c.class_teacher_id and t.user_id = ${user.id})) as may_see_results
    from classes c
    left join students st on st.class_id = c.id and st.school_id = ${schoolId}
    where c.school_id = ${schoolId}
    group by c.id
    order by c.name, c.id`,
  );

const selectFees = async (db: Db, schoolId: number) => {
  const [row] = await queryRows<NonNullable<ReportsOverview['fees']>>(
    db,
    sql`
    select
      (select count(distinct le.student_id)::int from ledger_entries le
       where le.school_id = ${schoolId} and le.kind = 'charge') as billed_students,
      (select count(*)::int from payments p where p.school_id = ${schoolId}) as payments`,
  );
  return row!;
};

const selectRegisters = async (db: Db, schoolId: number) => {
  const [row] = await queryRows<ReportsOverview['registers']>(
    db,
    sql`
    select count(distinct (am.class_id, am.date))::int as taken, max(am.date)::text as last_date
    from attendance_marks am
    where am.school_id = ${schoolId}`,
  );
  return row!;
};

/** What the school's reports are made from, in four queries (three for a teacher). */
export async function reportsOverview(
  db: Db,
  schoolId: number,
  user: AuthUser,
): Promise<ReportsOverview> {
  const [exams, classes, fees, registers] = await Promise.all([
    selectExams(db, schoolId),
    selectClasses(db, schoolId, user),
    isAdmin(user) ? selectFees(db, schoolId) : null,
    selectRegisters(db, schoolId),
  ]);
  return { exams, classes, fees, registers };
}
