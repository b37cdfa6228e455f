import { RUBRIC_BANDS } from '@shule/shared/cbc-assessments';
import {
  type ClassSummary,
  cbcSettingsOf,
  isBelowExpectations,
  levelCounts,
  levelWithWords,
  STRAND_RULE_STATEMENTS,
  type StrandRule,
} from '@shule/shared/cbc-term';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { assertMayReadClass, readableClasses } from '../teaching/index';
import { loadTermPicture, type TermPicture } from './term-picture';

/**
 * A class's term picture for a reader of the class: an administrator, its class teacher, or a
 * teacher assigned to a subject or learning area in it (readableClasses in modules/teaching).
 */
export function readTermPicture(
  db: Db,
  user: AuthUser,
  schoolId: number,
  classId: number,
  termId: number,
  studentId?: number,
) {
  return loadTermPicture(db, schoolId, classId, termId, {
    studentId,
    authorize: async () => assertMayReadClass(await readableClasses(db, user, schoolId), classId),
  });
}

/** Per learning area, how many learners are at each overall level, and who is below expectations. */
export function summaryOf(picture: TermPicture): ClassSummary {
  const { scale } = picture;
  return {
    class: picture.class,
    term: picture.term,
    scale,
    strand_rule: picture.rule,
    strand_rule_statement: STRAND_RULE_STATEMENTS[picture.rule],
    learners: picture.learners.length,
    levels: RUBRIC_BANDS[scale].map((b) => levelWithWords(b.code)),
    learning_areas: picture.areas.map((area) => {
      const takers = picture.learners.filter((l) => l.takes.has(area.id));
      const overall = takers.map((l) => l.areas.get(area.id)?.overall ?? null);
      return {
        id: area.id,
        name: area.name,
        counts: levelCounts(overall, scale).map((c) => ({ ...c, ...levelWithWords(c.level) })),
        not_assessed: overall.filter((l) => l === null).length,
        below_expectations: takers.flatMap((l, i) =>
          isBelowExpectations(overall[i]!)
            ? [
                {
                  id: l.id,
                  name: l.name,
                  admission_number: l.admission_number,
                  ...levelWithWords(overall[i]!),
                },
              ]
            : [],
        ),
      };
    }),
  };
}

export async function getCbcSettings(db: Db, schoolId: number) {
  const [row] = await db
    .select({ rule: schools.cbcStrandRule })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return cbcSettingsOf((row?.rule ?? 'latest') as StrandRule);
}

export async function updateCbcSettings(db: Db, schoolId: number, rule: StrandRule) {
  await db.update(schools).set({ cbcStrandRule: rule }).where(eq(schools.id, schoolId));
  return cbcSettingsOf(rule);
}
