import type { CsvImportPreview } from '@shule/shared/csv-import';
import {
  CHOICE_IMPORT_MESSAGES,
  type ChoiceCsvColumn,
  type ChoiceImportResult,
  choiceCsv,
  readChoiceFile,
} from '@shule/shared/senior-choices';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { seniorCombinations, seniorPathways, students } from '../../db/schema/index';
import { recordAudit } from '../audit/index';
import {
  type ChoiceActor,
  type ChoiceEntry,
  type ChoiceProblem,
  checkChoices,
  saveChoices,
} from './learner-subjects';

const COLUMN_OF_FIELD: Record<ChoiceProblem['field'], ChoiceCsvColumn> = {
  student: 'admission_number',
  pathway: 'pathway',
  combination: 'combination',
  mathematics: 'mathematics',
};

const lower = (v: string) => v.trim().toLowerCase();

/**
 * A choices file read and checked against the school: each row's learner (by admission number),
 * pathway and combination (by name, any case) found, then every rule a learner's choice keeps.
 */
async function readAndCheck(tx: Tx, schoolId: number, text: string) {
  const file = readChoiceFile(text);
  const clean = file.rows.filter((r) => r.choice !== undefined);
  const numbers = [...new Set(clean.map((r) => r.choice!.admission_number.toUpperCase()))];
  const learners =
    numbers.length === 0
      ? []
      : await tx
          .select({ id: students.id, number: sql<string>`upper(${students.admissionNumber})` })
          .from(students)
          .where(
            and(
              eq(students.schoolId, schoolId),
              isNull(students.erasedAt),
              inArray(sql`upper(${students.admissionNumber})`, numbers),
            ),
          );
  const pathways = await tx
    .select({ id: seniorPathways.id, name: seniorPathways.name })
    .from(seniorPathways)
    .where(eq(seniorPathways.schoolId, schoolId));
  const combinations = await tx
    .select({ id: seniorCombinations.id, name: seniorCombinations.name })
    .from(seniorCombinations)
    .where(eq(seniorCombinations.schoolId, schoolId));
  const learnerOf = new Map(learners.map((l) => [l.number, l.id]));
  const pathwayOf = new Map(pathways.map((p) => [lower(p.name), p.id]));
  const combinationOf = new Map(combinations.map((c) => [lower(c.name), c.id]));
  const checked: { row: (typeof clean)[number]; entry: ChoiceEntry }[] = [];
  for (const row of clean) {
    const choice = row.choice!;
    const student = learnerOf.get(choice.admission_number.toUpperCase());
    const pathway = pathwayOf.get(lower(choice.pathway));
    const combination = combinationOf.get(lower(choice.combination));
    if (student === undefined)
      choiceCsv.addRowError(
        row,
        'admission_number',
        CHOICE_IMPORT_MESSAGES.unknownStudent(choice.admission_number),
      );
    if (pathway === undefined)
      choiceCsv.addRowError(row, 'pathway', CHOICE_IMPORT_MESSAGES.unknownPathway(choice.pathway));
    if (combination === undefined)
      choiceCsv.addRowError(
        row,
        'combination',
        CHOICE_IMPORT_MESSAGES.unknownCombination(choice.combination),
      );
    if (student === undefined || pathway === undefined || combination === undefined) continue;
    const { mathematics, language, from } = choice;
    checked.push({ row, entry: { student, pathway, combination, mathematics, language, from } });
  }
  if (checked.length > 0) {
    const problems = await checkChoices(
      tx,
      schoolId,
      checked.map((c) => c.entry),
    );
    for (const p of problems)
      choiceCsv.addRowError(checked[p.index]!.row, COLUMN_OF_FIELD[p.field], p.message);
  }
  return { file, entries: checked.filter((c) => c.row.choice !== undefined).map((c) => c.entry) };
}

/** POST /api/senior/choices/import/?preview=true: every row with its problems; nothing saved. */
export async function previewChoiceImport(
  db: Db,
  schoolId: number,
  text: string,
): Promise<CsvImportPreview> {
  return db.transaction(async (tx) =>
    choiceCsv.previewOf((await readAndCheck(tx, schoolId, text)).file),
  );
}

/** POST /api/senior/choices/import/: every row saved, or none when a row has a problem. */
export async function importChoices(
  db: Db,
  actor: ChoiceActor,
  text: string,
): Promise<{ imported: ChoiceImportResult } | { refused: CsvImportPreview }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('senior_choices'), ${actor.schoolId})`,
    );
    const { file, entries } = await readAndCheck(tx, actor.schoolId, text);
    const preview = choiceCsv.previewOf(file);
    if (preview.invalid > 0 || preview.file_errors.length > 0) return { refused: preview };
    await saveChoices(tx, actor, entries);
    await recordAudit(tx, {
      schoolId: actor.schoolId,
      actorUserId: actor.userId,
      action: 'senior_subjects_set',
      address: actor.address,
    });
    return { imported: { imported: entries.length } };
  });
}
