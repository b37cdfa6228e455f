import {
  addStrandRowError,
  gradeOfLevel,
  readStrandCsv,
  STRAND_IMPORT_MESSAGES,
  type StrandImportResult,
  type StrandReadRow,
  strandPreviewOf,
} from '@shule/shared/cbc';
import type { CsvImportPreview } from '@shule/shared/csv-import';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { learningAreas, levels, strands } from '../../db/schema/index';

type SchoolLevel = { id: number; name: string };

/** The level a file's Grade names: its name ("PP1", "Grade 4"), or its number ("4"). */
function levelOfGrade(schoolLevels: SchoolLevel[], grade: string): SchoolLevel | undefined {
  const wanted = grade.trim().toLowerCase();
  const byName = schoolLevels.find((l) => l.name.toLowerCase() === wanted);
  if (byName) return byName;
  const number = /^\d{1,2}$/.test(wanted) ? Number(wanted) : gradeOfLevel(wanted);
  return number === null ? undefined : schoolLevels.find((l) => gradeOfLevel(l.name) === number);
}

const strandKey = (areaId: number, strand: string, subStrand: string | null) =>
  `${areaId}\u0000${strand.toLowerCase()}\u0000${(subStrand ?? '').toLowerCase()}`;

interface CheckedFile {
  preview: CsvImportPreview;
  /** The clean rows not yet in Shule, each once, ready to insert. */
  toInsert: { learningAreaId: number; name: string; subStrand: string }[];
  already: number;
}

/**
 * Reads a strands file against the school: each row's Grade must be one of its levels and its
 * learning area one of that level's; the same strand twice in the file is named on the second
 * row; a strand already in Shule is left as it is (so a file can be imported again).
 */
async function checkStrandFile(db: Db | Tx, schoolId: number, text: string): Promise<CheckedFile> {
  const file = readStrandCsv(text);
  const schoolLevels = await db
    .select({ id: levels.id, name: levels.name })
    .from(levels)
    .where(eq(levels.schoolId, schoolId));
  const areas = await db
    .select({ id: learningAreas.id, levelId: learningAreas.levelId, name: learningAreas.name })
    .from(learningAreas)
    .where(eq(learningAreas.schoolId, schoolId));
  const existing = await db
    .select({ areaId: strands.learningAreaId, name: strands.name, subStrand: strands.subStrand })
    .from(strands)
    .where(eq(strands.schoolId, schoolId));
  const inShule = new Set(existing.map((s) => strandKey(s.areaId, s.name, s.subStrand)));
  const seen = new Map<string, number>();
  const toInsert: CheckedFile['toInsert'] = [];
  let already = 0;

  for (const row of file.rows as StrandReadRow[]) {
    const clean = row.strand_row;
    if (!clean) continue;
    const level = levelOfGrade(schoolLevels, clean.grade);
    if (!level) {
      addStrandRowError(row, 'grade', STRAND_IMPORT_MESSAGES.noSuchLevel(clean.grade));
      continue;
    }
    const area = areas.find(
      (a) => a.levelId === level.id && a.name.toLowerCase() === clean.learning_area.toLowerCase(),
    );
    if (!area) {
      addStrandRowError(
        row,
        'learning_area',
        STRAND_IMPORT_MESSAGES.noSuchLearningArea(clean.learning_area, level.name),
      );
      continue;
    }
    const key = strandKey(area.id, clean.strand, clean.sub_strand);
    const first = seen.get(key);
    if (first !== undefined) {
      addStrandRowError(row, 'strand', STRAND_IMPORT_MESSAGES.twice(first));
      continue;
    }
    seen.set(key, row.row);
    if (inShule.has(key)) already += 1;
    else
      toInsert.push({
        learningAreaId: area.id,
        name: clean.strand,
        subStrand: clean.sub_strand ?? '',
      });
  }
  return { preview: strandPreviewOf(file), toInsert, already };
}

/** POST /api/cbc/strands/import/?preview=true: every row with its problems; nothing saved. */
export async function previewStrandImport(db: Db, schoolId: number, text: string) {
  return (await checkStrandFile(db, schoolId, text)).preview;
}

/**
 * POST /api/cbc/strands/import/: all or nothing. One row with a problem and nothing is saved;
 * the answer is the preview's rows (the route says 400).
 */
export async function importStrands(
  db: Db,
  schoolId: number,
  text: string,
): Promise<{ imported: StrandImportResult } | { refused: CsvImportPreview }> {
  return db.transaction(async (tx) => {
    const checked = await checkStrandFile(tx, schoolId, text);
    const { preview } = checked;
    if (preview.file_errors.length > 0 || preview.invalid > 0) return { refused: preview };
    if (checked.toInsert.length > 0) {
      await tx
        .insert(strands)
        .values(checked.toInsert.map((s) => ({ schoolId, ...s })))
        .onConflictDoNothing();
    }
    return { imported: { imported: checked.toInsert.length, already: checked.already } };
  });
}
