import { z } from 'zod';
import {
  type CsvImportPreview,
  type CsvReadFile,
  type CsvReadRow,
  csvImport,
  csvImportMessages,
  csvImportPreviewSchema,
  fromZod,
  orNull,
} from './csv-import';
import { idField, optionalText, requiredText } from './fields';

/**
 * The learning areas a CBC level starts with, by grade band, after the 2024 rationalisation.
 * They are only a start: the school renames, adds and removes its own. Pre-primary starts
 * empty; a senior-school level's learning areas are the school's senior subjects (made by the
 * API from senior_subjects, not listed here).
 */
export const LEARNING_AREAS_BY_BAND = {
  lower_primary: [
    'Indigenous Language',
    'Kiswahili',
    'English',
    'Mathematics',
    'Religious Education',
    'Environmental Activities',
    'Creative Activities',
  ],
  upper_primary: [
    'English',
    'Kiswahili',
    'Mathematics',
    'Religious Education',
    'Science and Technology',
    'Agriculture and Nutrition',
    'Social Studies',
    'Creative Arts',
  ],
  junior: [
    'English',
    'Kiswahili',
    'Mathematics',
    'Religious Education',
    'Integrated Science',
    'Pre-Technical Studies',
    'Agriculture and Nutrition',
    'Social Studies',
    'Creative Arts and Sports',
  ],
} as const;

/** The grade a level's name gives: "Grade 7" and "G7" are 7; "PP1", "Form 4" are none. */
export function gradeOfLevel(levelName: string): number | null {
  const match = /^\s*(?:grade|g)\s*(\d{1,2})\s*$/i.exec(levelName);
  return match ? Number(match[1]) : null;
}

/** The learning areas a CBC level of this name starts with (none outside Grades 1-9). */
export function defaultLearningAreas(levelName: string): readonly string[] {
  const grade = gradeOfLevel(levelName);
  if (grade === null) return [];
  if (grade >= 1 && grade <= 3) return LEARNING_AREAS_BY_BAND.lower_primary;
  if (grade >= 4 && grade <= 6) return LEARNING_AREAS_BY_BAND.upper_primary;
  if (grade >= 7 && grade <= 9) return LEARNING_AREAS_BY_BAND.junior;
  return [];
}

const learningAreaName = requiredText('Learning area', { max: 100 });
const strandName = requiredText('Strand', { max: 200 });
const subStrandName = optionalText('Sub-strand', { max: 200 });

/** GET /api/cbc/learning_areas/?level= */
export const learningAreasQuery = z.object({ level: idField('Level', 'Choose a level') });

/** POST /api/cbc/learning_areas/ */
export const createLearningAreaBody = z.object({
  level: idField('Level', 'Choose a level'),
  name: learningAreaName,
});
export type CreateLearningAreaBody = z.input<typeof createLearningAreaBody>;

/** PATCH /api/cbc/learning_areas/{id}/, and the learning area form. */
export const updateLearningAreaBody = z.object({ name: learningAreaName });
export const learningAreaFormSchema = updateLearningAreaBody;
export type LearningAreaForm = z.input<typeof learningAreaFormSchema>;

export const learningAreaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  strands: z.number().int(),
});
export type LearningArea = z.infer<typeof learningAreaSchema>;
export const learningAreaListResponse = z.object({ learning_areas: z.array(learningAreaSchema) });

export const learningAreaTakenMessage = (name: string) =>
  `This level already has a learning area called ${name}`;

/** GET /api/cbc/strands/?learning_area= */
export const strandsQuery = z.object({
  learning_area: idField('Learning area', 'Choose a learning area'),
});

/** POST /api/cbc/strands/ */
export const createStrandBody = z.object({
  learning_area: idField('Learning area', 'Choose a learning area'),
  strand: strandName,
  sub_strand: subStrandName,
});
export type CreateStrandBody = z.input<typeof createStrandBody>;
/** The add-a-strand form under a learning area. */
export const strandFormSchema = createStrandBody.omit({ learning_area: true });
export type StrandForm = z.input<typeof strandFormSchema>;

/** A strand, or one sub-strand of it: what a teacher assesses and a report lists. */
export const strandSchema = z.object({
  id: z.number().int(),
  learning_area: z.number().int(),
  strand: z.string(),
  sub_strand: z.string().nullable(),
});
export type Strand = z.infer<typeof strandSchema>;
export const strandListResponse = z.object({ strands: z.array(strandSchema) });

export const strandTakenMessage = 'This learning area already has this strand';

/** The strands CSV: a row per strand or sub-strand, its learning area named in its grade. */
export const STRAND_CSV_COLUMNS = ['learning_area', 'grade', 'strand', 'sub_strand'] as const;
export type StrandCsvColumn = (typeof STRAND_CSV_COLUMNS)[number];
export const STRAND_CSV_LABELS: Record<StrandCsvColumn, string> = {
  learning_area: 'Learning area',
  grade: 'Grade',
  strand: 'Strand',
  sub_strand: 'Sub-strand',
};

export const STRAND_IMPORT_MESSAGES = {
  ...csvImportMessages('strand', 'strands'),
  noSuchLevel: (grade: string) =>
    `Your school has no level ${grade}: give a class that level first`,
  noSuchLearningArea: (area: string, level: string) =>
    `${level} has no learning area ${area}: add it first`,
  twice: (line: number) => `The same strand is also on row ${line} of the file`,
} as const;
export const MAX_STRAND_IMPORT_ROWS = 3000;
export const MAX_STRAND_IMPORT_BYTES = 512 * 1024;

export interface ImportedStrand {
  learning_area: string;
  grade: string;
  strand: string;
  sub_strand: string | null;
}

const strandCsv = csvImport({
  columns: STRAND_CSV_COLUMNS,
  required: ['learning_area', 'grade', 'strand'],
  labels: STRAND_CSV_LABELS,
  aliases: { 'learning area': 'learning_area', substrand: 'sub_strand', level: 'grade' },
  maxRows: MAX_STRAND_IMPORT_ROWS,
  messages: STRAND_IMPORT_MESSAGES,
  cleanKey: 'strand_row',
  toClean: (read) => read as unknown as ImportedStrand,
  onceInFile: [],
});

const READERS = {
  learning_area: fromZod(learningAreaName),
  grade: fromZod(requiredText('Grade', { max: 50 })),
  strand: fromZod(strandName),
  sub_strand: orNull(fromZod(subStrandName)),
};

export type StrandReadRow = CsvReadRow<StrandCsvColumn, 'strand_row', ImportedStrand>;
export const readStrandCsv = (text: string): CsvReadFile<StrandReadRow> =>
  strandCsv.read(text, READERS);
export const addStrandRowError = strandCsv.addRowError;
export const strandColumnOfHeader = strandCsv.columnOfHeader;
export const strandPreviewOf = (file: CsvReadFile<StrandReadRow>): CsvImportPreview =>
  strandCsv.previewOf(file);

/** POST /api/cbc/strands/import/?preview=true */
export const strandImportQuery = z.object({ preview: z.enum(['true', 'false']).optional() });
export const strandImportPreviewSchema = csvImportPreviewSchema;
export const strandImportResultSchema = z.object({
  imported: z.number().int(),
  /** Rows already in Shule, left as they were: a file can be imported again. */
  already: z.number().int(),
});
export type StrandImportResult = z.infer<typeof strandImportResultSchema>;
