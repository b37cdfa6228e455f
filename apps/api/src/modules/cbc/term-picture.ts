import {
  type AssessmentKind,
  type RubricScale,
  rubricScaleOf,
} from '@shule/shared/cbc-assessments';
import {
  type LearningAreaTerm,
  learningAreaTerm,
  STRAND_RULES,
  type StrandRule,
  type TermEntry,
} from '@shule/shared/cbc-term';
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import {
  assessmentEntries,
  assessments,
  strands,
  studentSubjects,
  students,
  terms,
} from '../../db/schema/index';
import { notFound } from '../../errors';

export interface TermPictureLearner {
  id: number;
  name: string;
  admission_number: string;
  upi: string | null;
  /** KNEC's Assessment Number, when the school has entered it. */
  assessment_number: string | null;
  /** By learning area id; a learning area with no entry of the learner is left out. */
  areas: Map<number, LearningAreaTerm>;
  /** The ids of the learning areas the learner takes (a senior-school learner: their own subjects'). */
  takes: Set<number>;
}

/** A class's term in CBC levels: each learner's learning areas, by the school's strand rule. */
export interface TermPicture {
  school: {
    name: string;
    postal_address: string | null;
    county: string;
    phone_number: string;
    email: string | null;
    motto: string | null;
    logo: string | null;
  };
  class: { id: number; name: string; level: string | null };
  term: { id: number; name: string; start_date: string; end_date: string };
  /** The start of the school's next term after this one, when it is set up. */
  next_term_opens: string | null;
  scale: RubricScale;
  rule: StrandRule;
  /** The learning areas of the class's level, in the order they were added (the report's). */
  areas: { id: number; name: string }[];
  /** "Numbers" or "Numbers: Whole numbers", by strand id. */
  strandNames: Map<number, string>;
  learners: TermPictureLearner[];
}

interface ContextRow {
  class_id: number;
  class_name: string;
  level: string | null;
  rule: string;
  school_name: string;
  postal_address: string | null;
  county: string;
  phone_number: string;
  email: string | null;
  motto: string | null;
  logo: string | null;
  term_id: number | null;
  term_name: string | null;
  start_date: string | null;
  end_date: string | null;
  next_term_opens: string | null;
  areas: { id: number; name: string; subject: number | null }[] | string;
}

/** The class, its school, the term, the next term's start and the level's learning areas. */
function selectContext(db: Db, schoolId: number, classId: number, termId: number) {
  return queryRows<ContextRow>(
    db,
    sql`select c.id as class_id, c.name as class_name, c.level,
      s.cbc_strand_rule as rule, s.name as school_name, s.postal_address, s.county,
      s.phone_number, s.email, s.motto, s.logo,
      t.id as term_id, t.name as term_name, t.start_date::text as start_date,
      t.end_date::text as end_date,
      (select min(n.start_date)::text from terms n
        where n.school_id = s.id and n.start_date > t.end_date) as next_term_opens,
      coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'subject', a.subject_id)
        order by a.id)
        from learning_areas a join levels l on l.id = a.level_id
        where a.school_id = s.id and l.school_id = s.id and l.name = c.level), '[]') as areas
    from classes c join schools s on s.id = c.school_id
    left join terms t on t.id = ${termId} and t.school_id = s.id
    where c.id = ${classId} and c.school_id = ${schoolId}`,
  );
}

/** An int[] arrives as a JS array from both drivers, or as '{1,2}' text from some paths. */
const ownSubjects = (own: number[] | string): number[] =>
  typeof own === 'string'
    ? own
        .replace(/[{}]/g, '')
        .split(',')
        .filter((v) => v !== '')
        .map(Number)
    : own.map(Number);

/**
 * The class's learners now (not left, not erased), by name, with their own subjects (null: they
 * take the class's); one of them with `studentId`.
 */
function selectLearners(db: Db, schoolId: number, classId: number, studentId?: number) {
  return db
    .select({
      id: students.id,
      name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      admission_number: students.admissionNumber,
      upi: students.upi,
      assessment_number: students.assessmentNumber,
      own: sql<number[] | null>`(select array_agg(ss.subject_id) from ${studentSubjects} ss
        where ss.student_id = students.id)`,
    })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.classId, classId),
        eq(students.isActive, true),
        isNull(students.erasedAt),
        studentId === undefined ? undefined : eq(students.id, studentId),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/**
 * Every entry of the class's assessments dated in the term (an assessment is in the term its
 * date falls in), with its strand's name, strands in the order they were made.
 */
function selectEntries(
  db: Db,
  schoolId: number,
  classId: number,
  termId: number,
  studentId?: number,
) {
  return db
    .select({
      student: assessmentEntries.studentId,
      area: assessments.learningAreaId,
      assessment: assessments.id,
      kind: assessments.kind,
      date: assessments.date,
      strand: assessmentEntries.strandId,
      strandName: strands.name,
      subStrand: strands.subStrand,
      level: assessmentEntries.level,
      absent: assessmentEntries.absent,
    })
    .from(assessmentEntries)
    .innerJoin(assessments, eq(assessments.id, assessmentEntries.assessmentId))
    .innerJoin(
      terms,
      and(
        eq(terms.id, termId),
        eq(terms.schoolId, schoolId),
        between(assessments.date, terms.startDate, terms.endDate),
      ),
    )
    .leftJoin(strands, eq(strands.id, assessmentEntries.strandId))
    .where(
      and(
        eq(assessments.schoolId, schoolId),
        eq(assessments.classId, classId),
        studentId === undefined ? undefined : eq(assessmentEntries.studentId, studentId),
      ),
    )
    .orderBy(sql`${assessmentEntries.strandId} nulls first`, asc(assessments.date));
}

/**
 * The class's term picture in three queries whatever its size: the context (404 for a class or
 * term not of the school, checked first), then the learners and the entries. `studentId`: one
 * learner of the class (404 when not one of them).
 */
export async function loadTermPicture(
  db: Db,
  schoolId: number,
  classId: number,
  termId: number,
  { studentId, authorize }: { studentId?: number; authorize?: () => Promise<void> } = {},
): Promise<TermPicture> {
  const [ctx] = await selectContext(db, schoolId, classId, termId);
  if (!ctx) throw notFound('Class');
  if (ctx.term_id === null) throw notFound('Term');
  await authorize?.();
  const [learnerRows, entryRows] = await Promise.all([
    selectLearners(db, schoolId, classId, studentId),
    selectEntries(db, schoolId, classId, termId, studentId),
  ]);
  if (studentId !== undefined && learnerRows.length === 0) throw notFound('Student');
  const scale = rubricScaleOf(ctx.level ?? '');
  const rule = (STRAND_RULES as readonly string[]).includes(ctx.rule)
    ? (ctx.rule as StrandRule)
    : 'latest';
  const strandNames = new Map<number, string>();
  const byLearnerArea = new Map<number, Map<number, TermEntry[]>>();
  for (const e of entryRows) {
    if (e.strand !== null && e.strandName !== null) {
      strandNames.set(e.strand, e.subStrand ? `${e.strandName}: ${e.subStrand}` : e.strandName);
    }
    let areas = byLearnerArea.get(e.student);
    if (!areas) {
      areas = new Map();
      byLearnerArea.set(e.student, areas);
    }
    const list = areas.get(e.area) ?? [];
    list.push({
      assessment: e.assessment,
      kind: e.kind as AssessmentKind,
      date: e.date,
      strand: e.strand,
      level: e.level,
      absent: e.absent,
    });
    areas.set(e.area, list);
  }
  const areas: { id: number; name: string; subject: number | null }[] =
    typeof ctx.areas === 'string' ? JSON.parse(ctx.areas) : ctx.areas;
  const learners = learnerRows.map(({ own, ...l }) => ({
    ...l,
    takes: new Set(
      areas
        .filter((a) => a.subject === null || own === null || ownSubjects(own).includes(a.subject))
        .map((a) => a.id),
    ),
    areas: new Map(
      [...(byLearnerArea.get(l.id) ?? [])].map(([area, entries]) => [
        area,
        learningAreaTerm(entries, scale, rule),
      ]),
    ),
  }));
  return {
    school: {
      name: ctx.school_name,
      postal_address: ctx.postal_address,
      county: ctx.county,
      phone_number: ctx.phone_number,
      email: ctx.email,
      motto: ctx.motto,
      logo: ctx.logo,
    },
    class: { id: ctx.class_id, name: ctx.class_name, level: ctx.level },
    term: {
      id: ctx.term_id,
      name: ctx.term_name!,
      start_date: ctx.start_date!,
      end_date: ctx.end_date!,
    },
    next_term_opens: ctx.next_term_opens,
    scale,
    rule,
    areas: areas.map(({ id, name }) => ({ id, name })),
    strandNames,
    learners,
  };
}
