import type {
  KjseaLevel,
  LanguageChoice,
  MathematicsChoice,
  SeniorSettings,
} from '@shule/shared/senior';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { intArray, queryRows } from '../../db/raw-rows';
import { seniorSettings } from '../../db/schema/index';

export type CurrentChoice = {
  studentId: number;
  pathwayId: number;
  combinationId: number;
  mathematics: MathematicsChoice;
  language: LanguageChoice;
  fromDate: string;
};

/**
 * Each learner's current senior_choices row (`sc.*`): the one with the latest `from_date`, then
 * the latest id. `narrowed` adds conditions on `sc` (the learners of a class, say).
 */
export const currentChoiceRows = (schoolId: number, narrowed: SQL = sql``) => sql`
      select distinct on (sc.student_id) sc.* from senior_choices sc
      where sc.school_id = ${schoolId} ${narrowed}
      order by sc.student_id, sc.from_date desc, sc.id desc`;

/** The current senior-school choice of each learner of the school, or of these learners. */
export async function currentChoices(
  db: Db | Tx,
  schoolId: number,
  studentIds?: number[],
): Promise<CurrentChoice[]> {
  const only =
    studentIds === undefined ? sql`` : sql`and sc.student_id = any(${intArray(studentIds)})`;
  return queryRows<CurrentChoice>(
    db,
    sql`select cur.student_id as "studentId", cur.pathway_id as "pathwayId",
          cur.combination_id as "combinationId", cur.mathematics, cur.language,
          cur.from_date::text as "fromDate"
        from (${currentChoiceRows(schoolId, only)}) cur`,
  );
}

/** The school's senior-school settings, or the defaults when it has set none. */
export async function readSeniorSettings(db: Db | Tx, schoolId: number): Promise<SeniorSettings> {
  const [row] = await db
    .select({
      coreMathematicsFrom: seniorSettings.coreMathematicsFrom,
      internalRanking: seniorSettings.internalRanking,
    })
    .from(seniorSettings)
    .where(eq(seniorSettings.schoolId, schoolId));
  return {
    core_mathematics_from: (row?.coreMathematicsFrom as KjseaLevel | null) ?? null,
    internal_ranking: row?.internalRanking ?? false,
  };
}
