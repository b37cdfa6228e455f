import { todayIn } from '@shule/shared/school-time';
import type { Gender } from '@shule/shared/students';
import {
  OPEN_EXAM_GRACE_DAYS,
  type TeacherAssignment,
  type TeacherDashboard,
} from '@shule/shared/teacher-dashboard';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';

interface AssignmentRow {
  class_id: number;
  class_name: string;
  subject_id: number;
  subject_name: string;
  subject_code: string;
}

const assignmentOf = (r: AssignmentRow): TeacherAssignment => ({
  class: { id: r.class_id, name: r.class_name },
  subject: { id: r.subject_id, name: r.subject_name, code: r.subject_code },
});

/** The current (class, subject) pairs of the teacher signed in as `userId`. */
const MY_ASSIGNMENTS = (schoolId: number, userId: number) => sql`
  select ta.class_id, c.name as class_name, c.level as class_level,
         ta.subject_id, s.name as subject_name, s.code as subject_code
  from teaching_assignments ta
  join teachers t on t.id = ta.teacher_id
  join classes c on c.id = ta.class_id
  join subjects s on s.id = ta.subject_id
  where t.user_id = ${userId} and t.school_id = ${schoolId}
    and ta.school_id = ${schoolId} and ta.ended_at is null`;

/**
 * My current assignments: subjects (8-4-4) and CBC learning areas, one query for both. A
 * senior-school subject comes with its level's learning area (learning_areas.subject_id): its
 * teacher assesses it too.
 */
function selectAssignments(db: Db, schoolId: number, userId: number) {
  return queryRows<
    | (AssignmentRow & {
        learning_area_id: null;
        learning_area_name: null;
        subject_area_id: number | null;
        subject_area_name: string | null;
      })
    | {
        class_id: number;
        class_name: string;
        subject_id: null;
        learning_area_id: number;
        learning_area_name: string;
      }
  >(
    db,
    sql`select ta.class_id, c.name as class_name,
               ta.subject_id, s.name as subject_name, s.code as subject_code,
               ta.learning_area_id, la.name as learning_area_name,
               sa.id as subject_area_id, sa.name as subject_area_name
        from teaching_assignments ta
        join teachers t on t.id = ta.teacher_id
        join classes c on c.id = ta.class_id
        left join subjects s on s.id = ta.subject_id
        left join learning_areas la on la.id = ta.learning_area_id
        left join levels l on l.school_id = ta.school_id and l.name = c.level
        left join learning_areas sa on sa.subject_id = s.id and sa.level_id = l.id
        where t.user_id = ${userId} and t.school_id = ${schoolId}
          and ta.school_id = ${schoolId} and ta.ended_at is null
          and (s.id is not null or la.id is not null)
        order by c.name, s.name, la.id, ta.id`,
  );
}

/**
 * For each open exam (not combined, started, ended at most OPEN_EXAM_GRACE_DAYS ago) and each of
 * my assignments whose class sits it (an exam naming no class and no level is sat by every
 * class): the marks owed (active students of the class who take the subject: no list of their
 * own, or theirs holds it) and how many of them are entered. Counted in SQL, one row per pair.
 */
function selectProgress(db: Db, schoolId: number, userId: number, today: string) {
  return queryRows<
    AssignmentRow & {
      exam_id: number;
      exam_name: string;
      start_date: string;
      end_date: string;
      owed: number;
      entered: number;
    }
  >(
    db,
    sql`
    with mine as (${MY_ASSIGNMENTS(schoolId, userId)}),
    open_exams as (
      select e.id, e.name, e.start_date, e.end_date, e.levels
      from exams e
      where e.school_id = ${schoolId}
        and e.start_date <= ${today}::date
        and e.end_date >= ${today}::date - ${OPEN_EXAM_GRACE_DAYS}::int
        and not exists (select 1 from exam_components x where x.exam_id = e.id)
    )
    select o.id as exam_id, o.name as exam_name,
           o.start_date::text as start_date, o.end_date::text as end_date,
           m.class_id, m.class_name, m.subject_id, m.subject_name, m.subject_code,
           count(st.id)::int as owed, count(es.id)::int as entered
    from open_exams o
    join mine m
      on (not exists (select 1 from exam_classes ec where ec.exam_id = o.id)
            and coalesce(cardinality(o.levels), 0) = 0)
         or exists (select 1 from exam_classes ec
                    where ec.exam_id = o.id and ec.class_id = m.class_id)
         or m.class_level = any(o.levels)
    left join students st
      on st.school_id = ${schoolId} and st.class_id = m.class_id
         and st.is_active and st.erased_at is null
         and (not exists (select 1 from student_subjects ss where ss.student_id = st.id)
              or exists (select 1 from student_subjects ss
                         where ss.student_id = st.id and ss.subject_id = m.subject_id))
    left join exam_scores es
      on es.exam_id = o.id and es.student_id = st.id and es.subject_id = m.subject_id
    group by o.id, o.name, o.start_date, o.end_date,
             m.class_id, m.class_name, m.subject_id, m.subject_name, m.subject_code
    order by o.start_date desc, o.id desc, m.class_name, m.subject_name, m.class_id, m.subject_id`,
  );
}

interface GroupRow {
  id: number;
  name: string;
  level: string;
  subject_id: number;
  subject_name: string;
  subject_code: string;
  size: number;
  exams: {
    id: number;
    name: string;
    start_date: string;
    end_date: string;
    owed: number;
    entered: number;
  }[];
}

/**
 * The teaching groups I teach, each with its active members' marks owed and entered in every
 * open exam its level sits. One query.
 */
function selectGroups(db: Db, schoolId: number, userId: number, today: string) {
  return queryRows<GroupRow>(
    db,
    sql`
    with mine as (
      select g.id, g.name, g.level, sub.id as subject_id, sub.name as subject_name,
             sub.code as subject_code
      from teaching_groups g
      join teachers t on t.id = g.teacher_id
      join subjects sub on sub.id = g.subject_id
      where t.user_id = ${userId} and g.school_id = ${schoolId}
    ),
    open_exams as (
      select e.id, e.name, e.start_date, e.end_date, e.levels
      from exams e
      where e.school_id = ${schoolId}
        and e.start_date <= ${today}::date
        and e.end_date >= ${today}::date - ${OPEN_EXAM_GRACE_DAYS}::int
        and not exists (select 1 from exam_components x where x.exam_id = e.id)
    )
    select m.*,
           (select count(*)::int from teaching_group_members tm
            join students s on s.id = tm.student_id
            where tm.group_id = m.id and s.is_active and s.erased_at is null) as size,
           coalesce((
             select json_agg(json_build_object(
                      'id', o.id, 'name', o.name, 'start_date', o.start_date::text,
                      'end_date', o.end_date::text, 'owed', p.owed, 'entered', p.entered)
                    order by o.start_date desc, o.id desc)
             from open_exams o
             cross join lateral (
               select count(s.id)::int as owed, count(es.id)::int as entered
               from teaching_group_members tm
               join students s on s.id = tm.student_id and s.is_active and s.erased_at is null
               left join exam_scores es
                 on es.exam_id = o.id and es.student_id = s.id and es.subject_id = m.subject_id
               where tm.group_id = m.id) p
             where (not exists (select 1 from exam_classes ec where ec.exam_id = o.id)
                      and coalesce(cardinality(o.levels), 0) = 0)
                or m.level = any(o.levels)
                or exists (select 1 from exam_classes ec join classes c on c.id = ec.class_id
                           where ec.exam_id = o.id and c.level = m.level)), '[]'::json) as exams
    from mine m
    order by m.level, m.subject_name, m.name, m.id`,
  );
}

/** The class I am class teacher of (the first by name, should I lead several), with its active students. */
async function selectMyClass(db: Db, schoolId: number, userId: number) {
  const [row] = await queryRows<{
    id: number;
    name: string;
    students: {
      id: number;
      first_name: string;
      last_name: string;
      admission_number: string;
      gender: Gender;
    }[];
  }>(
    db,
    sql`
    select c.id, c.name,
           coalesce((
             select json_agg(json_build_object(
                      'id', st.id, 'first_name', st.first_name, 'last_name', st.last_name,
                      'admission_number', st.admission_number, 'gender', st.gender)
                    order by st.first_name, st.last_name, st.id)
             from students st
             where st.school_id = ${schoolId} and st.class_id = c.id
               and st.is_active and st.erased_at is null), '[]'::json) as students
    from classes c
    join teachers t on t.id = c.class_teacher_id
    where t.user_id = ${userId} and t.school_id = ${schoolId} and c.school_id = ${schoolId}
    order by c.name, c.id
    limit 1`,
  );
  return row ? { ...row, count: row.students.length } : null;
}

/**
 * The teacher's dashboard of the user `userId`: four queries whatever the size of the school.
 * A user without a teachers row (an administrator) gets empty lists and no class.
 */
export async function teacherDashboard(
  db: Db,
  schoolId: number,
  userId: number,
  today = todayIn(),
): Promise<TeacherDashboard> {
  const [assignments, progress, myClass, groups] = await Promise.all([
    selectAssignments(db, schoolId, userId),
    selectProgress(db, schoolId, userId, today),
    selectMyClass(db, schoolId, userId),
    selectGroups(db, schoolId, userId, today),
  ]);
  const openExams: TeacherDashboard['open_exams'] = [];
  for (const row of progress) {
    let exam = openExams.at(-1);
    if (exam?.exam.id !== row.exam_id) {
      exam = {
        exam: {
          id: row.exam_id,
          name: row.exam_name,
          start_date: row.start_date,
          end_date: row.end_date,
        },
        items: [],
      };
      openExams.push(exam);
    }
    exam.items.push({ ...assignmentOf(row), entered: row.entered, owed: row.owed });
  }
  for (const g of groups) {
    for (const e of g.exams) {
      let exam = openExams.find((o) => o.exam.id === e.id);
      if (!exam) {
        exam = {
          exam: { id: e.id, name: e.name, start_date: e.start_date, end_date: e.end_date },
          items: [],
        };
        openExams.push(exam);
      }
      exam.groups = [
        ...(exam.groups ?? []),
        {
          group: { id: g.id, name: g.name },
          subject: { id: g.subject_id, name: g.subject_name, code: g.subject_code },
          entered: e.entered,
          owed: e.owed,
        },
      ];
    }
  }
  openExams.sort(
    (a, b) => b.exam.start_date.localeCompare(a.exam.start_date) || b.exam.id - a.exam.id,
  );
  const learningAreas: TeacherDashboard['learning_areas'] = [];
  const subjects: TeacherAssignment[] = [];
  for (const row of assignments) {
    if (row.subject_id !== null) {
      subjects.push(assignmentOf(row));
      if (row.subject_area_id !== null) {
        learningAreas.push({
          class: { id: row.class_id, name: row.class_name },
          learning_area: { id: row.subject_area_id, name: row.subject_area_name! },
        });
      }
    } else {
      learningAreas.push({
        class: { id: row.class_id, name: row.class_name },
        learning_area: { id: row.learning_area_id, name: row.learning_area_name },
      });
    }
  }
  return {
    assignments: subjects,
    learning_areas: learningAreas,
    open_exams: openExams,
    my_class: myClass,
    groups: groups.map((g) => ({
      group: { id: g.id, name: g.name },
      level: g.level,
      subject: { id: g.subject_id, name: g.subject_name, code: g.subject_code },
      size: g.size,
    })),
  };
}
