import { z } from 'zod';
import {
  type CellRead,
  csvImport,
  csvImportMessages,
  csvImportPreviewSchema,
  fromZod,
} from './csv-import';
import { isCalendarDate, requiredText } from './fields';
import {
  LANGUAGE_CHOICES,
  type LanguageChoice,
  MATHEMATICS_CHOICES,
  type MathematicsChoice,
  SENIOR_MESSAGES,
  seniorSubjectSchema,
} from './senior';
import { readDate } from './student-import';

/** The rules a learner's choice is refused by, beside those of SENIOR_MESSAGES. */
export const SENIOR_CHOICE_MESSAGES = {
  ...SENIOR_MESSAGES,
  notOfClass: (name: string, className: string) => `${name} is not in ${className}`,
  /** A stream's refusal: the learner, then the rule. */
  ofLearner: (name: string, message: string) => `${name}: ${message}`,
  twiceInList: (name: string) => `${name} is listed twice`,
} as const;

/** A learner's current choice: pathway, combination and the subjects they take. */
export const learnerChoiceSchema = z.object({
  pathway: z.number().int(),
  pathway_name: z.string(),
  combination: z.number().int(),
  combination_name: z.string(),
  mathematics: z.enum(MATHEMATICS_CHOICES),
  language: z.enum(LANGUAGE_CHOICES),
  /** YYYY-MM-DD */
  from: z.string(),
});
export type LearnerChoice = z.infer<typeof learnerChoiceSchema>;

/** One row of a learner's history of choices, the newest first. */
export const learnerChoiceHistorySchema = learnerChoiceSchema.extend({
  set_by_name: z.string().nullable(),
  /** ISO 8601 */
  set_at: z.string(),
});
export type LearnerChoiceHistory = z.infer<typeof learnerChoiceHistorySchema>;

/** GET/PUT /api/students/{id}/subjects/ */
export const learnerSubjectsResponse = z.object({
  current: learnerChoiceSchema
    .extend({
      /** The combination's three electives. */
      electives: z.array(seniorSubjectSchema),
      /** Every subject the learner takes: the core subjects of their choices and the electives. */
      subjects: z.array(seniorSubjectSchema),
    })
    .nullable(),
  history: z.array(learnerChoiceHistorySchema),
});
export type LearnerSubjects = z.infer<typeof learnerSubjectsResponse>;

/** GET/PUT /api/classes/{id}/subjects/: the stream's learners, each with their current choice. */
export const classSubjectsResponse = z.object({
  class: z.object({ id: z.number().int(), name: z.string(), level: z.string().nullable() }),
  senior: z.boolean(),
  students: z.array(
    z.object({
      id: z.number().int(),
      admission_number: z.string(),
      name: z.string(),
      choice: learnerChoiceSchema.nullable(),
    }),
  ),
});
export type ClassSubjects = z.infer<typeof classSubjectsResponse>;

/** The choices import: columns of the file. */
export const CHOICE_CSV_COLUMNS = [
  'admission_number',
  'pathway',
  'combination',
  'mathematics',
  'language',
  'from',
] as const;
export type ChoiceCsvColumn = (typeof CHOICE_CSV_COLUMNS)[number];
export const CHOICE_CSV_LABELS: Record<ChoiceCsvColumn, string> = {
  admission_number: 'Admission number',
  pathway: 'Pathway',
  combination: 'Combination',
  mathematics: 'Mathematics',
  language: 'Language',
  from: 'From',
};

/** POST /api/senior/choices/import/?preview=true */
export const choiceImportQuery = z.object({
  preview: z
    .enum(['true', 'false'], { error: 'preview is true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export const choiceImportPreviewSchema = csvImportPreviewSchema;
export type ChoiceImportPreview = z.infer<typeof choiceImportPreviewSchema>;
export const choiceImportResultSchema = z.object({ imported: z.number().int() });
export type ChoiceImportResult = z.infer<typeof choiceImportResultSchema>;

export const CHOICE_IMPORT_MESSAGES = {
  ...csvImportMessages('learner', 'learners'),
  mathematics: 'Mathematics must be Core or Essential',
  language: 'Language must be KIS (Kiswahili) or KSL (Kenyan Sign Language)',
  from: 'From must be a date (yyyy-mm-dd or dd/mm/yyyy)',
  unknownStudent: (n: string) => `No learner of this school has admission number ${n}`,
  unknownPathway: (name: string) => `Pathway '${name}' does not exist`,
  unknownCombination: (name: string) => `Combination '${name}' does not exist: add it first`,
} as const;

/** At most this many learners a file. */
export const MAX_CHOICE_IMPORT_ROWS = 3000;

/** A clean row of a choices file, names as written (the server finds their ids). */
export interface ImportedChoice {
  admission_number: string;
  pathway: string;
  combination: string;
  mathematics: MathematicsChoice;
  language: LanguageChoice;
  from: string;
}

const MATHEMATICS_WORDS: Record<string, MathematicsChoice> = {
  core: 'core',
  coremathematics: 'core',
  essential: 'essential',
  essentialmathematics: 'essential',
};
const LANGUAGE_WORDS: Record<string, LanguageChoice> = {
  kis: 'KIS',
  kiswahili: 'KIS',
  ksl: 'KSL',
  kenyansignlanguage: 'KSL',
};
const word = (v: string) => v.toLowerCase().replace(/[^a-z]/g, '');

export const choiceCsv = csvImport<ChoiceCsvColumn, 'choice', ImportedChoice>({
  columns: CHOICE_CSV_COLUMNS,
  required: CHOICE_CSV_COLUMNS,
  labels: CHOICE_CSV_LABELS,
  aliases: { 'adm no': 'admission_number', adm: 'admission_number', maths: 'mathematics' },
  maxRows: MAX_CHOICE_IMPORT_ROWS,
  messages: CHOICE_IMPORT_MESSAGES,
  cleanKey: 'choice',
  toClean: (read) => read as unknown as ImportedChoice,
  onceInFile: [
    { column: 'admission_number', label: 'Admission number', key: (v) => v.toUpperCase() },
  ],
});

/** Each column's reader. */
export const choiceCsvReaders: Record<ChoiceCsvColumn, (text: string) => CellRead<unknown>> = {
  admission_number: fromZod(requiredText('Admission number', { max: 20 })),
  pathway: fromZod(requiredText('Pathway', { max: 60 })),
  combination: fromZod(requiredText('Combination', { max: 60 })),
  mathematics: (v) => {
    const choice = MATHEMATICS_WORDS[word(v)];
    return choice ? { value: choice } : { messages: [CHOICE_IMPORT_MESSAGES.mathematics] };
  },
  language: (v) => {
    const choice = LANGUAGE_WORDS[word(v)];
    return choice ? { value: choice } : { messages: [CHOICE_IMPORT_MESSAGES.language] };
  },
  from: (v) => {
    const date = readDate(v);
    return date !== undefined && isCalendarDate(date)
      ? { value: date }
      : { messages: [CHOICE_IMPORT_MESSAGES.from] };
  },
};

/** Reads a choices file: each row clean (`row.choice`) or with its problems by column. */
export const readChoiceFile = (text: string) => choiceCsv.read(text, choiceCsvReaders);
