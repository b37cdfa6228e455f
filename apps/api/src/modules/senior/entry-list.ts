import { toCsv } from '@shule/shared/csv';
import { ENTRY_LIST_COLUMNS, ENTRY_LIST_SUBJECTS } from '@shule/shared/kjsea';
import { GENDER_CELLS } from '@shule/shared/sba';
import { takesCoreSubject } from '@shule/shared/senior';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { levels } from '../../db/schema/index';
import { notFound } from '../../errors';
import { currentChoices } from './choices';

interface Learner {
  id: number;
  admissionNumber: string;
  assessmentNumber: string | null;
  firstName: string;
  lastName: string;
  birthCertificateNames: string | null;
  gender: string;
  className: string;
}

/**
 * GET /senior/entry_list/?level=: the level's active learners in the columns of docs/entry-list.md,
 * by class then names; a learner without a current choice has empty combination and subjects and
 * is counted in `missingChoices`. Five queries whatever the level's size.
 */
export async function entryListFile(db: Db, schoolId: number, levelName: string) {
  const [level] = await db
    .select({ name: levels.name })
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), eq(levels.name, levelName)));
  if (!level) throw notFound('Level');

  const learners = await queryRows<Learner>(
    db,
    sql`select s.id, s.admission_number as "admissionNumber",
          s.assessment_number as "assessmentNumber", s.first_name as "firstName",
          s.last_name as "lastName", s.birth_certificate_names as "birthCertificateNames",
          s.gender, c.name as "className"
        from students s join classes c on c.id = s.class_id
        where s.school_id = ${schoolId} and c.school_id = ${schoolId} and c.level = ${level.name}
          and s.is_active and s.erased_at is null`,
  );
  const [choices, core, electives] = await Promise.all([
    currentChoices(
      db,
      schoolId,
      learners.map((l) => l.id),
    ),
    queryRows<{ name: string; option: string | null }>(
      db,
      sql`select sub.name, ss.core_option as option from senior_subjects ss
          join subjects sub on sub.id = ss.subject_id
          where ss.school_id = ${schoolId} and ss.kind = 'core' order by ss.id`,
    ),
    queryRows<{ combinationId: number; combination: string; subjects: string[] }>(
      db,
      sql`select sc.id as "combinationId", sc.name as combination,
            coalesce(array_agg(sub.name order by sub.name) filter (where sub.id is not null), '{}') as subjects
          from senior_combinations sc
          left join senior_combination_subjects scs on scs.combination_id = sc.id
          left join subjects sub on sub.id = scs.subject_id
          where sc.school_id = ${schoolId} group by sc.id, sc.name`,
    ),
  ]);
  const choiceOf = new Map(choices.map((c) => [c.studentId, c]));
  const combinationOf = new Map(electives.map((c) => [c.combinationId, c]));

  // The birth certificate's order when recorded, as KNEC's files have the names.
  const names = (l: Learner) => l.birthCertificateNames ?? `${l.firstName} ${l.lastName}`;
  const ordered = [...learners].sort(
    (a, b) =>
      a.className.localeCompare(b.className) || names(a).localeCompare(names(b)) || a.id - b.id,
  );
  let missingChoices = 0;
  const rows = ordered.map((l) => {
    const choice = choiceOf.get(l.id);
    const combination = choice ? combinationOf.get(choice.combinationId) : undefined;
    if (!choice || !combination) missingChoices++;
    const subjects =
      choice && combination
        ? [
            ...core.filter((c) => takesCoreSubject(c.option, choice)).map((c) => c.name),
            ...combination.subjects,
          ]
        : [];
    const cells = Array.from({ length: ENTRY_LIST_SUBJECTS }, (_, i) => subjects[i] ?? '');
    return [
      l.assessmentNumber ?? '',
      l.admissionNumber,
      names(l),
      GENDER_CELLS[l.gender] ?? 'Other',
      l.className,
      combination?.combination ?? '',
      ...cells,
    ];
  });
  const slug = level.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    fileName: `entry-list-${slug}.csv`,
    body: Buffer.from(`${toCsv([...ENTRY_LIST_COLUMNS], rows)}\r\n`),
    learners: rows.length,
    missingChoices,
  };
}
