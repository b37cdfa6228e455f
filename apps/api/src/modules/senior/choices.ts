import type {
  KjseaLevel,
  LanguageChoice,
  MathematicsChoice,
  SeniorSettings,
} from '@shule/shared/senior';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
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
 * The current senior-school choice of each learner of the school (the row with the latest
 * `from_date`, then the latest id), of these learners only when `studentIds` is given.
 */
export async function currentChoices(
  db: Db | Tx,
  schoolId: number,
  studentIds?: number[],
): Promise<CurrentChoice[]> {
  const only =
    studentIds === undefined
      ? sql``
      : sql`and sc.student_id = any(${`{${studentIds.join(',')}}`}::int[])`;
  return queryRows<CurrentChoice>(
    db,
    sql`select distinct on (sc.student_id)
          sc.student_id as "studentId", sc.pathway_id as "pathwayId",
          sc.combination_id as "combinationId", sc.mathematics, sc.language,
          sc.from_date::text as "fromDate"
        from senior_choices sc
        where sc.school_id = ${schoolId} ${only}
        order by sc.student_id, sc.from_date desc, sc.id desc`,
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
