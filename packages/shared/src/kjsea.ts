import { z } from 'zod';
import { LEARNING_AREAS_BY_BAND } from './cbc';
import { rubricWords } from './cbc-assessments';
import {
  type CellRead,
  type CsvReadFile,
  type CsvReadRow,
  csvImport,
  csvImportMessages,
  csvImportPreviewSchema,
  fromZod,
  orNull,
} from './csv-import';
import { optionalText } from './fields';
import { knecRecordFields } from './learner-record';
import { KJSEA_LEVELS, type KjseaLevel, kjseaPoints } from './senior';

/**
 * A senior-school entrant's KJSEA result, as the school records it (entrants come from KEMIS
 * with names only): the Assessment Number, the junior school, and the level of each of the nine
 * junior-school learning areas, EE1 (8 points) to BE2 (1), out of 72.
 */
export const KJSEA_LEARNING_AREAS = LEARNING_AREAS_BY_BAND.junior;
export type KjseaLearningArea = (typeof KJSEA_LEARNING_AREAS)[number];
export const KJSEA_MAX_POINTS = KJSEA_LEARNING_AREAS.length * KJSEA_LEVELS.length;

export const KJSEA_MESSAGES = {
  missingArea: (area: string) => `${area} has no KJSEA level: choose one from EE1 to BE2`,
  badLevel: (area: string) => `${area}'s KJSEA level must be one of EE1 to BE2`,
  unknownArea: (name: string) =>
    `${name} is not one of the nine KJSEA learning areas (${KJSEA_LEARNING_AREAS.join(', ')})`,
  learnerMissing: 'Give the admission number or the Assessment Number of the learner',
  noLearnerColumn:
    'The file has no Admission number or Assessment Number column: add one to the first row',
  noSuchAdmission: (n: string) => `No student of this school has admission number ${n}`,
  noSuchAssessment: (n: string) => `No student of this school has Assessment Number ${n}`,
  learnerTwice: (line: number) => `This learner is also on row ${line} of the file`,
  ...csvImportMessages('learner', 'learners'),
} as const;

/** A level as a person may type it: " ee1 " is EE1. */
const readLevel = (value: unknown): KjseaLevel | null => {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return (KJSEA_LEVELS as readonly string[]).includes(code) ? (code as KjseaLevel) : null;
};

/**
 * The nine levels by learning area: every area given, each EE1-BE2 (any case), no other name.
 * Each problem is said at its area (`levels.English`), naming it.
 */
export const kjseaLevelsField = z
  .record(z.string(), z.unknown(), { error: 'Give the nine learning areas with their levels' })
  .transform((given, ctx) => {
    const levels = {} as Record<KjseaLearningArea, KjseaLevel>;
    for (const area of KJSEA_LEARNING_AREAS) {
      const value = given[area];
      const level = readLevel(value);
      if (level) levels[area] = level;
      else
        ctx.addIssue({
          code: 'custom',
          path: [area],
          message:
            value === undefined || value === null || value === ''
              ? KJSEA_MESSAGES.missingArea(area)
              : KJSEA_MESSAGES.badLevel(area),
        });
    }
    for (const name of Object.keys(given))
      if (!(KJSEA_LEARNING_AREAS as readonly string[]).includes(name))
        ctx.addIssue({ code: 'custom', path: [name], message: KJSEA_MESSAGES.unknownArea(name) });
    return levels;
  });

const juniorSchoolField = optionalText('Junior school', { max: 200 });

/** PUT /api/students/{id}/kjsea/ */
export const putKjseaBody = z.object({
  /** The learner's Assessment Number: given, it is set on the learner (null clears it). */
  assessment_number: knecRecordFields.assessment_number,
  junior_school: juniorSchoolField,
  levels: kjseaLevelsField,
});
export type PutKjseaBody = z.input<typeof putKjseaBody>;

export const kjseaAreaSchema = z.object({
  learning_area: z.string(),
  level: z.enum(KJSEA_LEVELS),
  /** "Exceeding Expectations" */
  words: z.string(),
  points: z.number().int(),
});
export type KjseaArea = z.infer<typeof kjseaAreaSchema>;

/** A learner's KJSEA result: each area in the nine's order, and the total out of 72. */
export const kjseaResultSchema = z.object({
  student_id: z.number().int(),
  assessment_number: z.string().nullable(),
  junior_school: z.string().nullable(),
  areas: z.array(kjseaAreaSchema),
  total_points: z.number().int(),
  out_of: z.number().int(),
  recorded_at: z.string(),
});
export type KjseaResult = z.infer<typeof kjseaResultSchema>;

/** The baseline a senior-school learner's results are read beside: the areas' levels and the total. */
export const kjseaBaselineSchema = kjseaResultSchema.pick({
  areas: true,
  total_points: true,
  out_of: true,
});
export type KjseaBaseline = z.infer<typeof kjseaBaselineSchema>;

/** "English ME1 · Kiswahili EE2 · …": the areas in a line, as a form prints them. */
export const kjseaLevelsLine = (baseline: KjseaBaseline) =>
  baseline.areas.map((a) => `${a.learning_area} ${a.level}`).join(' · ');

/** GET /api/students/{id}/kjsea/: the result, or null when none is recorded. */
export const kjseaResultResponse = kjseaResultSchema.nullable();

/** The areas of stored levels, in the nine's order, with their words and points; and the total. */
export function kjseaAreas(levels: Record<string, string>) {
  const areas: KjseaArea[] = KJSEA_LEARNING_AREAS.flatMap((area) => {
    const level = readLevel(levels[area]);
    return level
      ? [{ learning_area: area, level, words: rubricWords(level), points: kjseaPoints(level) }]
      : [];
  });
  return { areas, total_points: areas.reduce((sum, a) => sum + a.points, 0) };
}

/** "Integrated Science" as a CSV column: integrated_science. */
export const kjseaAreaColumn = (area: string) =>
  area
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const AREA_COLUMNS = KJSEA_LEARNING_AREAS.map(kjseaAreaColumn);
export const KJSEA_CSV_COLUMNS = [
  'admission_number',
  'assessment_number',
  'junior_school',
  ...AREA_COLUMNS,
] as const;
export type KjseaCsvColumn = (typeof KJSEA_CSV_COLUMNS)[number];
export const KJSEA_CSV_LABELS = Object.fromEntries([
  ['admission_number', 'Admission number'],
  ['assessment_number', 'Assessment Number'],
  ['junior_school', 'Junior school'],
  ...KJSEA_LEARNING_AREAS.map((area) => [kjseaAreaColumn(area), area]),
]) as Record<KjseaCsvColumn, string>;

export const MAX_KJSEA_IMPORT_ROWS = 5000;
export const MAX_KJSEA_IMPORT_BYTES = 2 * 1024 * 1024;

/** A row's clean value: how to find the learner, and what to record. */
export interface ImportedKjsea {
  admission_number: string | null;
  assessment_number: string | null;
  junior_school: string | null;
  levels: Record<KjseaLearningArea, KjseaLevel>;
}

const kjseaImport = csvImport({
  columns: KJSEA_CSV_COLUMNS,
  required: AREA_COLUMNS,
  labels: KJSEA_CSV_LABELS,
  aliases: { 'Adm No': 'admission_number', 'Adm. No.': 'admission_number', KSL: 'kiswahili' },
  maxRows: MAX_KJSEA_IMPORT_ROWS,
  messages: KJSEA_MESSAGES,
  cleanKey: 'kjsea',
  toClean: (read: Record<KjseaCsvColumn, never>): ImportedKjsea => {
    const values = read as Record<KjseaCsvColumn, unknown>;
    return {
      admission_number: (values.admission_number as string | null) ?? null,
      assessment_number: (values.assessment_number as string | null) ?? null,
      junior_school: (values.junior_school as string | null) ?? null,
      levels: Object.fromEntries(
        KJSEA_LEARNING_AREAS.map((area) => [area, values[kjseaAreaColumn(area)]]),
      ) as ImportedKjsea['levels'],
    };
  },
  onceInFile: [
    { column: 'admission_number', label: 'Admission number', key: (v) => v },
    { column: 'assessment_number', label: 'Assessment Number', key: (v) => v.toUpperCase() },
  ],
});

export type KjseaCsvRow = CsvReadRow<KjseaCsvColumn, 'kjsea', ImportedKjsea>;
export type ReadKjseaCsv = CsvReadFile<KjseaCsvRow>;

const plainText = (text: string): CellRead<string | null> => ({ value: text.trim() || null });
const areaReader =
  (area: string) =>
  (text: string): CellRead<KjseaLevel> => {
    const level = readLevel(text);
    if (level) return { value: level };
    return { messages: [text ? KJSEA_MESSAGES.badLevel(area) : KJSEA_MESSAGES.missingArea(area)] };
  };
const readers = {
  admission_number: plainText,
  assessment_number: orNull(fromZod(knecRecordFields.assessment_number)),
  junior_school: orNull(fromZod(juniorSchoolField)),
  ...Object.fromEntries(KJSEA_LEARNING_AREAS.map((a) => [kjseaAreaColumn(a), areaReader(a)])),
} as Record<KjseaCsvColumn, (text: string) => CellRead<unknown>>;

/**
 * A KJSEA results file read without the database: the nine areas' columns (named by the area or
 * its snake_case name), and the admission number or the Assessment Number to find the learner
 * by (the file has at least one of the two columns; each row at least one of the two values).
 */
export function readKjseaCsv(text: string): ReadKjseaCsv {
  const file = kjseaImport.read(text, readers);
  if (file.file_errors.length > 0) return file;
  const hasLearnerColumn = file.rows.some(
    (r) => r.values.admission_number !== undefined || r.values.assessment_number !== undefined,
  );
  if (!hasLearnerColumn) return { file_errors: [KJSEA_MESSAGES.noLearnerColumn], rows: [] };
  for (const row of file.rows)
    if (!row.values.admission_number?.trim() && !row.values.assessment_number?.trim())
      kjseaImport.addRowError(row, 'admission_number', KJSEA_MESSAGES.learnerMissing);
  return file;
}

export const addKjseaRowError = kjseaImport.addRowError;
export const kjseaColumnOfHeader = kjseaImport.columnOfHeader;
export const KJSEA_REQUIRED_COLUMNS = AREA_COLUMNS;
export const kjseaPreviewOf = kjseaImport.previewOf;

/** POST /api/senior/kjsea/import/?preview=true */
export const kjseaImportPreviewSchema = csvImportPreviewSchema;
export const kjseaImportQuery = z.object({
  preview: z
    .enum(['true', 'false'], { error: 'preview must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
/** POST /api/senior/kjsea/import/: how many learners' results were recorded. */
export const kjseaImportResultSchema = z.object({ imported: z.number().int() });

/**
 * The Grade 10 entry list's columns, in this order (docs/entry-list.md): the learner, then
 * the combination and its seven subjects, core subjects first in the school's order.
 */
export const ENTRY_LIST_SUBJECTS = 7;
export const ENTRY_LIST_COLUMNS = [
  'Assessment Number',
  'Admission Number',
  'Names',
  'Gender',
  'Class',
  'Combination',
  ...Array.from({ length: ENTRY_LIST_SUBJECTS }, (_, i) => `Subject ${i + 1}`),
] as const;
/** The answer's header counting the learners listed without a subject choice. */
export const MISSING_CHOICES_HEADER = 'x-missing-choices';

/** GET /api/senior/entry_list/?level= */
