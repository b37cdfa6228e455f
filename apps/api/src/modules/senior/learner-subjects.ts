import {
  isSeniorLevel,
  KJSEA_LEVELS,
  type KjseaLevel,
  type LanguageChoice,
  type MathematicsChoice,
  mathematicsProblem,
  type SeniorSubject,
  takesCoreSubject,
} from '@shule/shared/senior';
import {
  type ClassSubjects,
  type LearnerSubjects,
  SENIOR_CHOICE_MESSAGES,
} from '@shule/shared/senior-choices';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { intArray, queryRows } from '../../db/raw-rows';
import {
  classes,
  kjseaResults,
  seniorChoices,
  seniorCombinationSubjects,
  seniorCombinations,
  seniorPathways,
  seniorSubjects,
  studentSubjects,
  students,
  subjectClasses,
  subjects,
} from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { DomainError, notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import { currentChoiceRows, currentChoices, readSeniorSettings } from './choices';

/** One learner's choices from a date, as a request gives them. */
export interface ChoiceEntry {
  student: number;
  pathway: number;
  combination: number;
  mathematics: MathematicsChoice;
  language: LanguageChoice;
  from: string;
}

export interface ChoiceActor {
  schoolId: number;
  userId: number;
  address: string | null;
}

/** A broken rule of one entry: its field and the rule in words (404: not the school's). */
export interface ChoiceProblem {
  index: number;
  field: 'student' | 'pathway' | 'combination' | 'mathematics';
  message: string;
  status: 400 | 404;
}

type Learner = {
  id: number;
  name: string;
  classId: number | null;
  level: string | null;
  kjsea: Record<string, string> | null;
};

/**
 * What is wrong with each of these entries, checked together in a few queries whatever their
 * number: learners of the school (of `classId` when given) in Grades 10-12, a pathway and a
 * combination of the school, the combination of that pathway and not beyond its capacity (its
 * current learners and this list's), and the mathematics the pathway and settings allow.
 */
export async function checkChoices(
  tx: Tx,
  schoolId: number,
  entries: ChoiceEntry[],
  inClass?: { id: number; name: string },
): Promise<ChoiceProblem[]> {
  const studentIds = [...new Set(entries.map((e) => e.student))];
  const learners = await tx
    .select({
      id: students.id,
      name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      classId: students.classId,
      level: classes.level,
      kjsea: kjseaResults.levels,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(kjseaResults, eq(kjseaResults.studentId, students.id))
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.erasedAt),
        inArray(students.id, studentIds),
      ),
    );
  const pathways = await tx
    .select({
      id: seniorPathways.id,
      name: seniorPathways.name,
      coreMathematics: seniorPathways.coreMathematics,
    })
    .from(seniorPathways)
    .where(eq(seniorPathways.schoolId, schoolId));
  const combinations = await tx
    .select({
      id: seniorCombinations.id,
      name: seniorCombinations.name,
      pathwayId: seniorCombinations.pathwayId,
      capacity: seniorCombinations.capacity,
    })
    .from(seniorCombinations)
    .where(eq(seniorCombinations.schoolId, schoolId));
  // The combinations' current learners in each level, beside those this list sets: a capacity
  // is a level's (Grade 10's 90 places leave Grade 11's alone).
  const holders = await queryRows<{ combinationId: number; level: string | null; n: number }>(
    tx,
    sql`select cur.combination_id as "combinationId", c.level, count(*)::int as n
        from (${currentChoiceRows(schoolId, sql`and sc.student_id <> all(${intArray(studentIds)})`)}) cur
        join students s on s.id = cur.student_id and s.erased_at is null
        left join classes c on c.id = s.class_id
        group by cur.combination_id, c.level`,
  );
  const settings = await readSeniorSettings(tx, schoolId);
  const learnerOf = new Map<number, Learner>(learners.map((l) => [l.id, l]));
  const pathwayOf = new Map(pathways.map((p) => [p.id, p]));
  const combinationOf = new Map(combinations.map((c) => [c.id, c]));
  const placeOf = (combinationId: number, level: string | null) => `${combinationId}:${level}`;
  const taken = new Map(holders.map((h) => [placeOf(h.combinationId, h.level), h.n]));
  const seen = new Set<number>();
  const problemOf = (
    field: ChoiceProblem['field'],
    message: string,
    status: 400 | 404 = 400,
  ): Omit<ChoiceProblem, 'index'> => ({ field, message, status });
  const check = (entry: ChoiceEntry): Omit<ChoiceProblem, 'index'> | null => {
    const learner = learnerOf.get(entry.student);
    if (!learner) return problemOf('student', 'Student not found', 404);
    if (seen.has(learner.id))
      return problemOf('student', SENIOR_CHOICE_MESSAGES.twiceInList(learner.name));
    seen.add(learner.id);
    if (inClass && learner.classId !== inClass.id)
      return problemOf('student', SENIOR_CHOICE_MESSAGES.notOfClass(learner.name, inClass.name));
    if (!isSeniorLevel(learner.level))
      return problemOf('student', SENIOR_CHOICE_MESSAGES.notSeniorLearner(learner.name));
    const pathway = pathwayOf.get(entry.pathway);
    if (!pathway) return problemOf('pathway', 'Pathway not found', 404);
    const combination = combinationOf.get(entry.combination);
    if (!combination) return problemOf('combination', 'Combination not found', 404);
    if (combination.pathwayId !== pathway.id) {
      const its = pathwayOf.get(combination.pathwayId)?.name ?? '';
      return problemOf(
        'combination',
        SENIOR_CHOICE_MESSAGES.combinationOfOtherPathway(combination.name, its),
      );
    }
    const level = learner.kjsea?.Mathematics;
    const mathematics = mathematicsProblem({
      pathway,
      mathematics: entry.mathematics,
      coreMathematicsFrom: settings.core_mathematics_from,
      kjseaMathematics: (KJSEA_LEVELS as readonly string[]).includes(level ?? '')
        ? (level as KjseaLevel)
        : null,
    });
    if (mathematics) return problemOf('mathematics', mathematics);
    const place = placeOf(combination.id, learner.level);
    const holding = (taken.get(place) ?? 0) + 1;
    taken.set(place, holding);
    if (combination.capacity !== null && holding > combination.capacity) {
      return problemOf(
        'combination',
        SENIOR_CHOICE_MESSAGES.combinationFull(combination.name, combination.capacity),
      );
    }
    return null;
  };
  return entries.flatMap((entry, index) => {
    const problem = check(entry);
    return problem ? [{ ...problem, index }] : [];
  });
}

/** The subjects a learner of this choice takes: the core subjects of their choices, the electives. */
function subjectsOfChoice(
  choice: { combinationId: number; mathematics: MathematicsChoice; language: LanguageChoice },
  core: { subjectId: number; option: string | null }[],
  electives: { combinationId: number; subjectId: number }[],
) {
  return [
    ...core.filter((c) => takesCoreSubject(c.option, choice)).map((c) => c.subjectId),
    ...electives.filter((e) => e.combinationId === choice.combinationId).map((e) => e.subjectId),
  ];
}

/**
 * Adds the entries' rows to the learners' history (never editing one), then keeps each
 * learner's own subjects in step with their current choice (the latest from date) and makes
 * sure their class teaches those subjects, so mark entry and results see them. Marks already
 * entered stay as they are. Queries do not grow with the number of entries.
 */
export async function saveChoices(tx: Tx, actor: ChoiceActor, entries: ChoiceEntry[]) {
  const { schoolId } = actor;
  await tx.insert(seniorChoices).values(
    entries.map((e) => ({
      schoolId,
      studentId: e.student,
      pathwayId: e.pathway,
      combinationId: e.combination,
      mathematics: e.mathematics,
      language: e.language,
      fromDate: e.from,
      setBy: actor.userId,
    })),
  );
  const studentIds = [...new Set(entries.map((e) => e.student))];
  const current = await currentChoices(tx, schoolId, studentIds);
  const core = await tx
    .select({ subjectId: seniorSubjects.subjectId, option: seniorSubjects.coreOption })
    .from(seniorSubjects)
    .where(and(eq(seniorSubjects.schoolId, schoolId), eq(seniorSubjects.kind, 'core')));
  const classOf = await tx
    .select({ id: students.id, classId: students.classId })
    .from(students)
    .where(inArray(students.id, studentIds));
  const allElectives = await tx
    .select({
      combinationId: seniorCombinationSubjects.combinationId,
      subjectId: seniorCombinationSubjects.subjectId,
    })
    .from(seniorCombinationSubjects)
    .where(
      inArray(seniorCombinationSubjects.combinationId, [
        ...new Set(current.map((c) => c.combinationId)),
      ]),
    );
  const own: { schoolId: number; studentId: number; subjectId: number }[] = [];
  const taught = new Map<string, { schoolId: number; classId: number; subjectId: number }>();
  const classId = new Map(classOf.map((s) => [s.id, s.classId]));
  for (const choice of current) {
    const cls = classId.get(choice.studentId) ?? null;
    for (const subjectId of new Set(subjectsOfChoice(choice, core, allElectives))) {
      own.push({ schoolId, studentId: choice.studentId, subjectId });
      if (cls !== null) taught.set(`${cls}:${subjectId}`, { schoolId, classId: cls, subjectId });
    }
  }
  await tx.delete(studentSubjects).where(inArray(studentSubjects.studentId, studentIds));
  if (own.length > 0) await tx.insert(studentSubjects).values(own).onConflictDoNothing();
  if (taught.size > 0)
    await tx
      .insert(subjectClasses)
      .values([...taught.values()])
      .onConflictDoNothing();
}

/** A refusal of a learner's choice: 404 when a row is not the school's, else 400 on its field. */
export function refusal(problem: ChoiceProblem, field = problem.field as string) {
  if (problem.status === 404) return notFound(problem.message.replace(/ not found$/, ''));
  return new DomainError(problem.message, 400, { errors: { [field]: [problem.message] } });
}

/** PUT /api/students/{id}/subjects/ */
export async function setLearnerSubjects(
  db: Db,
  actor: ChoiceActor,
  studentId: number,
  body: Omit<ChoiceEntry, 'student'>,
): Promise<LearnerSubjects> {
  return db.transaction(async (tx) => {
    const entry = { ...body, student: studentId };
    await lockChoices(tx, actor.schoolId);
    const [problem] = await checkChoices(tx, actor.schoolId, [entry]);
    if (problem) throw refusal(problem);
    await saveChoices(tx, actor, [entry]);
    await recordAudit(tx, {
      schoolId: actor.schoolId,
      actorUserId: actor.userId,
      action: 'senior_subjects_set',
      subjectType: 'student',
      subjectId: studentId,
      address: actor.address,
    });
    return readLearnerSubjects(tx, actor.schoolId, studentId);
  });
}

/**
 * Holds the school's choices until the transaction ends, so two saves never both take a
 * combination's last place.
 */
async function lockChoices(tx: Tx, schoolId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('senior_choices'), ${schoolId})`);
}

/** PUT /api/classes/{id}/subjects/: all or nothing, the first refusal naming its learner. */
export async function setClassSubjects(
  db: Db,
  actor: ChoiceActor,
  classId: number,
  entries: ChoiceEntry[],
): Promise<ClassSubjects> {
  return db.transaction(async (tx) => {
    const cls = await findInSchool(tx, actor.schoolId, classes, classId, 'Class', {
      columns: { id: classes.id, name: classes.name },
    });
    await lockChoices(tx, actor.schoolId);
    const problems = await checkChoices(tx, actor.schoolId, entries, cls);
    if (problems.length > 0) {
      const notOurs = problems.find((p) => p.status === 404);
      if (notOurs) throw refusal(notOurs);
      const errors: Record<string, string[]> = {};
      for (const p of problems) errors[`students.${p.index}.${p.field}`] = [p.message];
      const first = problems[0]!;
      const name = await learnerName(tx, entries[first.index]!.student);
      const message =
        first.field === 'student'
          ? first.message
          : SENIOR_CHOICE_MESSAGES.ofLearner(name, first.message);
      throw new DomainError(message, 400, { errors });
    }
    await saveChoices(tx, actor, entries);
    await recordAudit(tx, {
      schoolId: actor.schoolId,
      actorUserId: actor.userId,
      action: 'senior_subjects_set',
      subjectType: 'class',
      subjectId: cls.id,
      address: actor.address,
    });
    return readClassSubjects(tx, actor.schoolId, classId);
  });
}

async function learnerName(tx: Tx, studentId: number) {
  const [row] = await tx
    .select({ name: sql<string>`${students.firstName} || ' ' || ${students.lastName}` })
    .from(students)
    .where(eq(students.id, studentId));
  return row?.name ?? '';
}

type ChoiceRow = {
  pathway: number;
  pathway_name: string;
  combination: number;
  combination_name: string;
  mathematics: MathematicsChoice;
  language: LanguageChoice;
  from: string;
};

/** GET /api/students/{id}/subjects/: the current choice with its subjects, and the history. */
export async function readLearnerSubjects(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
  mayRead: (classId: number) => void = () => {},
): Promise<LearnerSubjects> {
  const student = await findInSchool(db, schoolId, students, studentId, 'Student', {
    columns: { classId: students.classId },
  });
  mayRead(student.classId);
  const history = await queryRows<ChoiceRow & { set_by_name: string | null; set_at: string }>(
    db,
    sql`select sc.pathway_id as pathway, p.name as pathway_name,
          sc.combination_id as combination, c.name as combination_name,
          sc.mathematics, sc.language, sc.from_date::text as "from",
          case when u.id is null then null else u.first_name || ' ' || u.last_name end
            as set_by_name,
          to_char(sc.set_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as set_at
        from senior_choices sc
        join senior_pathways p on p.id = sc.pathway_id
        join senior_combinations c on c.id = sc.combination_id
        left join users u on u.id = sc.set_by
        where sc.school_id = ${schoolId} and sc.student_id = ${studentId}
        order by sc.from_date desc, sc.id desc`,
  );
  const [latest] = history;
  if (!latest) return { current: null, history: [] };
  const core = await db
    .select({
      id: subjects.id,
      name: subjects.name,
      code: subjects.code,
      option: seniorSubjects.coreOption,
    })
    .from(seniorSubjects)
    .innerJoin(subjects, eq(subjects.id, seniorSubjects.subjectId))
    .where(and(eq(seniorSubjects.schoolId, schoolId), eq(seniorSubjects.kind, 'core')))
    .orderBy(asc(subjects.name));
  const electives = await db
    .select({ id: subjects.id, name: subjects.name, code: subjects.code })
    .from(seniorCombinationSubjects)
    .innerJoin(subjects, eq(subjects.id, seniorCombinationSubjects.subjectId))
    .where(eq(seniorCombinationSubjects.combinationId, latest.combination))
    .orderBy(asc(subjects.name));
  const { set_by_name: _by, set_at: _at, ...current } = latest;
  const taken: SeniorSubject[] = [
    ...core
      .filter((c) => takesCoreSubject(c.option, latest))
      .map(({ id, name, code }) => ({ id, name, code })),
    ...electives,
  ];
  return { current: { ...current, electives, subjects: taken }, history };
}

/** GET /api/classes/{id}/subjects/: the stream's learners on the roll, each with their choice. */
export async function readClassSubjects(
  db: Db | Tx,
  schoolId: number,
  classId: number,
): Promise<ClassSubjects> {
  const cls = await findInSchool(db, schoolId, classes, classId, 'Class', {
    columns: { id: classes.id, name: classes.name, level: classes.level },
  });
  const rows = await queryRows<{
    id: number;
    admission_number: string;
    name: string;
    pathway: number | null;
    pathway_name: string | null;
    combination: number | null;
    combination_name: string | null;
    mathematics: MathematicsChoice | null;
    language: LanguageChoice | null;
    from: string | null;
  }>(
    db,
    sql`select s.id, s.admission_number, s.first_name || ' ' || s.last_name as name,
          cur.pathway_id as pathway, p.name as pathway_name,
          cur.combination_id as combination, c.name as combination_name,
          cur.mathematics, cur.language, cur.from_date::text as "from"
        from students s
        left join (${currentChoiceRows(
          schoolId,
          sql`and sc.student_id in (select cs.id from students cs where cs.class_id = ${classId})`,
        )}) cur on cur.student_id = s.id
        left join senior_pathways p on p.id = cur.pathway_id
        left join senior_combinations c on c.id = cur.combination_id
        where s.school_id = ${schoolId} and s.class_id = ${classId}
          and s.is_active and s.erased_at is null
        order by s.first_name, s.last_name, s.id`,
  );
  return {
    class: cls,
    senior: isSeniorLevel(cls.level),
    students: rows.map(({ id, admission_number, name, ...choice }) => ({
      id,
      admission_number,
      name,
      choice:
        choice.pathway === null
          ? null
          : {
              pathway: choice.pathway,
              pathway_name: choice.pathway_name!,
              combination: choice.combination!,
              combination_name: choice.combination_name!,
              mathematics: choice.mathematics!,
              language: choice.language!,
              from: choice.from!,
            },
    })),
  };
}
