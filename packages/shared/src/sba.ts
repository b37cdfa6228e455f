import { z } from 'zod';
import {
  ASSESSMENT_KIND_LABELS,
  RUBRIC_BANDS,
  type RubricScale,
  rubricWords,
} from './cbc-assessments';
import { idField } from './fields';
import {
  type KiswahiliOption,
  KNEC_RECORD_LABELS,
  knecRecordFields,
  type ReOption,
} from './learner-record';
import { bandOf } from './results/bands';
import { roundHalfUp } from './results/rounding';

/**
 * KNEC's school-based assessment (SBA): projects and practicals (Term 2) and written tests
 * (Term 3), each learner's score per learning area captured on the CBA portal by a deadline.
 * docs/sba-export.md describes the export; this file holds its rules, shared by the API and
 * the screen.
 */
export const SBA_KINDS = ['sba_project', 'sba_practical', 'sba_written'] as const;
export type SbaKind = (typeof SBA_KINDS)[number];
export const isSbaKind = (kind: string): kind is SbaKind =>
  (SBA_KINDS as readonly string[]).includes(kind);

/**
 * The columns the export can hold. `learning_areas` stands for one column per learning area of
 * the grade, in the grade's order. KNEC publishes no bulk file format, so the school sets the
 * order (and may add the admission number, UPI or class) to match what the portal asks.
 */
export const SBA_COLUMN_KEYS = [
  'assessment_number',
  'names',
  'gender',
  're_option',
  'kiswahili_option',
  'special_needs_code',
  'learning_areas',
  'admission_number',
  'upi',
  'class',
] as const;
export type SbaColumnKey = (typeof SBA_COLUMN_KEYS)[number];

/** The portal's order (docs/sba-export.md); the school's setting replaces it. */
export const DEFAULT_SBA_COLUMNS: readonly SbaColumnKey[] = [
  'assessment_number',
  'names',
  'gender',
  're_option',
  'kiswahili_option',
  'special_needs_code',
  'learning_areas',
];
/** Without these a row cannot be matched to a learner on the portal or carries no score. */
export const REQUIRED_SBA_COLUMNS: readonly SbaColumnKey[] = [
  'assessment_number',
  'names',
  'learning_areas',
];

export const SBA_COLUMN_LABELS: Record<SbaColumnKey, string> = {
  assessment_number: KNEC_RECORD_LABELS.assessment_number,
  names: 'Names',
  gender: 'Gender',
  re_option: KNEC_RECORD_LABELS.re_option,
  kiswahili_option: KNEC_RECORD_LABELS.kiswahili_option,
  special_needs_code: KNEC_RECORD_LABELS.special_needs_code,
  learning_areas: 'Learning areas (one column each)',
  admission_number: 'Admission number',
  upi: 'UPI',
  class: 'Class',
};

export const SBA_MESSAGES = {
  chooseGrade: 'Choose a grade',
  chooseYear: 'Choose a year',
  notCbc: (level: string) => `${level} is on 8-4-4: school-based assessment is for CBC grades`,
  twice: (label: string) => `${label} is in the order twice`,
  missingColumn: (label: string) => `The export needs the column ${label}`,
} as const;

/** GET /api/cbc/sba/?grade=&year= and its export: the grade is a level's id. */
export const sbaQuery = z.object({
  grade: idField('Grade', SBA_MESSAGES.chooseGrade),
  year: z.coerce
    .number({ error: SBA_MESSAGES.chooseYear })
    .int(SBA_MESSAGES.chooseYear)
    .min(2000, 'Year must be 2000 or later')
    .max(2100, 'Year must be 2100 or earlier'),
});
export type SbaQuery = z.input<typeof sbaQuery>;

/** PUT /api/cbc/sba/settings/: the export's column order. */
export const sbaSettingsBody = z.object({
  columns: z
    .array(z.enum(SBA_COLUMN_KEYS, { error: 'Choose columns from the list' }), {
      error: 'Send the columns in their order',
    })
    .max(SBA_COLUMN_KEYS.length, `At most ${SBA_COLUMN_KEYS.length} columns`)
    .superRefine((columns, ctx) => {
      const seen = new Set<SbaColumnKey>();
      for (const column of columns) {
        if (seen.has(column))
          ctx.addIssue({ code: 'custom', message: SBA_MESSAGES.twice(SBA_COLUMN_LABELS[column]) });
        seen.add(column);
      }
      for (const column of REQUIRED_SBA_COLUMNS) {
        if (!seen.has(column)) {
          ctx.addIssue({
            code: 'custom',
            message: SBA_MESSAGES.missingColumn(SBA_COLUMN_LABELS[column]),
          });
        }
      }
    }),
});
export type SbaSettingsBody = z.input<typeof sbaSettingsBody>;

export const sbaSettingsSchema = z.object({
  columns: z.array(z.enum(SBA_COLUMN_KEYS)),
  /** False while the school keeps the default order. */
  customised: z.boolean(),
});
export type SbaSettings = z.infer<typeof sbaSettingsSchema>;

/**
 * The SBA screen's "enter the Assessment Number" form beside a learner without one: the learner
 * record's field (PATCH /api/students/{id}/), required here.
 */
export const assessmentNumberFormSchema = z.object({
  assessment_number: knecRecordFields.assessment_number.refine(
    (v) => typeof v === 'string' && v !== '',
    'Enter the Assessment Number',
  ),
});
export type AssessmentNumberForm = z.input<typeof assessmentNumberFormSchema>;

// --- A learner's score --------------------------------------------------------------------

/** One SBA assessment of the grade in the year. */
export interface SbaAssessmentInput {
  id: number;
  learningArea: number;
  kind: SbaKind;
  date: string;
  outOf: number | null;
}

/** One saved entry of an SBA assessment (a strand's, or the learning area's as a whole). */
export interface SbaEntryInput {
  assessment: number;
  student: number;
  level: string | null;
  mark: number | null;
  absent: boolean;
}

export const sbaScoreSchema = z.object({
  /** The rubric code ("ME1"); printed with its words. */
  level: z.string(),
  words: z.string(),
  /** The whole percentage, when every assessment counted was a marked test. */
  percent: z.number().int().nullable(),
  /** The components the score has entries in. */
  components: z.array(z.enum(SBA_KINDS)),
});
export type SbaScore = z.infer<typeof sbaScoreSchema>;

const pointsOf = (code: string, scale: RubricScale) =>
  RUBRIC_BANDS[scale].find((b) => b.code === code)?.points ?? null;

/**
 * A learner's SBA score in one learning area, from their entries in its SBA assessments (absent
 * counts for nothing, never BE). Each assessment gives the mean of its entries' level points;
 * the score is the level whose points are the mean of the assessments', rounded half up. When
 * every assessment counted was a marked test, the score is the percentage of all the marks
 * (rounded half up) placed on the scale instead. Null: no entry to score.
 */
export function sbaScoreOf(
  assessments: readonly SbaAssessmentInput[],
  entries: readonly SbaEntryInput[],
  scale: RubricScale,
): SbaScore | null {
  const counted: { assessment: SbaAssessmentInput; points: number[]; marks: number[] }[] = [];
  for (const assessment of assessments) {
    const own = entries.filter((e) => e.assessment === assessment.id && !e.absent && e.level);
    const points = own.map((e) => pointsOf(e.level!, scale)).filter((p): p is number => p !== null);
    if (points.length === 0) continue;
    const marks = own.map((e) => e.mark).filter((m): m is number => m !== null);
    counted.push({ assessment, points, marks });
  }
  if (counted.length === 0) return null;
  const components = SBA_KINDS.filter((kind) => counted.some((c) => c.assessment.kind === kind));
  const allMarked = counted.every((c) => c.assessment.outOf !== null && c.marks.length === 1);
  let level: string | undefined;
  let percent: number | null = null;
  if (allMarked) {
    const got = counted.reduce((sum, c) => sum + c.marks[0]!, 0);
    const outOf = counted.reduce((sum, c) => sum + c.assessment.outOf!, 0);
    percent = roundHalfUp((got * 100) / outOf);
    level = bandOf(percent, RUBRIC_BANDS[scale])?.code;
  } else {
    const means = counted.map((c) => c.points.reduce((a, b) => a + b, 0) / c.points.length);
    const points = roundHalfUp(means.reduce((a, b) => a + b, 0) / means.length);
    level = RUBRIC_BANDS[scale].find((b) => b.points === points)?.code;
  }
  if (!level) return null;
  return { level, words: rubricWords(level), percent, components };
}

// --- The grade's completeness ------------------------------------------------------------

export interface SbaLearnerInput {
  id: number;
  classId: number;
  firstName: string;
  lastName: string;
  gender: string;
  admissionNumber: string;
  upi: string | null;
  assessmentNumber: string | null;
  birthCertificateNames: string | null;
  reOption: ReOption | null;
  kiswahiliOption: KiswahiliOption | null;
  specialNeedsCode: string | null;
  /**
   * The ids of the learning areas a senior-school learner takes (their own subjects'); absent or
   * null: every learning area of the grade.
   */
  areasTaken?: readonly number[] | null;
}

/** Whether the learner takes the learning area (one they do not take has no score, never a gap). */
export const takesArea = (l: SbaLearnerInput, areaId: number) =>
  l.areasTaken == null || l.areasTaken.includes(areaId);

/** The names the export writes: the birth certificate's order when recorded. */
export const sbaNamesOf = (l: SbaLearnerInput) =>
  l.birthCertificateNames ?? `${l.firstName} ${l.lastName}`;

/** What the portal needs that a learner's record lacks. */
export const SBA_DETAILS = [
  'assessment_number',
  'birth_certificate_names',
  're_option',
  'kiswahili_option',
] as const;
export type SbaDetail = (typeof SBA_DETAILS)[number];

const learnerRef = z.object({ id: z.number().int(), name: z.string() });

export const sbaCompletenessSchema = z.object({
  grade: z.object({ id: z.number().int(), name: z.string() }),
  year: z.number().int(),
  scale: z.enum(['kjsea', 'rubric']),
  /** Per learning area, how many SBA assessments of each component the grade has this year. */
  learning_areas: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      components: z.array(
        z.object({ kind: z.enum(SBA_KINDS), label: z.string(), assessments: z.number().int() }),
      ),
    }),
  ),
  classes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      learners: z.number().int(),
      /** Only the learning areas with someone missing. */
      gaps: z.array(
        z.object({
          learning_area: z.object({ id: z.number().int(), name: z.string() }),
          /** No SBA score at all in the learning area. */
          no_score: z.array(learnerRef),
          /** A score, but no entry in a component the grade has for the learning area. */
          missing_components: z.array(
            z.object({ kind: z.enum(SBA_KINDS), learners: z.array(learnerRef) }),
          ),
          message: z.string(),
        }),
      ),
    }),
  ),
  /** Every learner of the grade with their score per learning area (the learning areas' order). */
  learners: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      class: z.string(),
      assessment_number: z.string().nullable(),
      scores: z.array(sbaScoreSchema.nullable()),
      /** Whether the learner takes each learning area (a senior-school learner: their subjects). */
      takes: z.array(z.boolean()),
    }),
  ),
  /** Learners whose record lacks what the portal asks; without an Assessment Number first. */
  missing_details: z.array(
    learnerRef.extend({ class: z.string(), missing: z.array(z.enum(SBA_DETAILS)) }),
  ),
  without_assessment_number: z.number().int(),
  /** Every learner has a score in every learning area and an Assessment Number. */
  complete: z.boolean(),
});
export type SbaCompleteness = z.infer<typeof sbaCompletenessSchema>;

export const SBA_DETAIL_LABELS: Record<SbaDetail, string> = {
  assessment_number: KNEC_RECORD_LABELS.assessment_number,
  birth_certificate_names: KNEC_RECORD_LABELS.birth_certificate_names,
  re_option: KNEC_RECORD_LABELS.re_option,
  kiswahili_option: KNEC_RECORD_LABELS.kiswahili_option,
};

/** How the screen names what a learner's record lacks. */
export const SBA_DETAIL_MISSING: Record<SbaDetail, string> = {
  assessment_number: 'No Assessment Number',
  birth_certificate_names: 'No birth-certificate names',
  re_option: 'No RE option',
  kiswahili_option: 'Kiswahili or KSL not recorded',
};

/** "18 SBA scores are still missing": a score for each learner and learning area without one. */
export const missingScoresMessage = (n: number) =>
  `${n === 1 ? '1 SBA score is' : `${n} SBA scores are`} still missing`;

/** The components as the screen's columns head them (all of them SBA). */
export const SBA_KIND_SHORT_LABELS: Record<SbaKind, string> = {
  sba_project: 'Project',
  sba_practical: 'Practical',
  sba_written: 'Written test',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const firstNames = (names: readonly string[], max = 10) =>
  names.length > max
    ? `${names.slice(0, max).join(', ')} and ${names.length - max} more`
    : names.join(', ');

/** "8 East: 3 learners have no Agriculture and Nutrition SBA score: Achieng, Baraka, Chebet" */
export function sbaGapMessage(
  className: string,
  areaName: string,
  noScore: readonly string[],
  missing: readonly { kind: SbaKind; learners: readonly string[] }[],
): string {
  const parts: string[] = [];
  if (noScore.length > 0) {
    const have = noScore.length === 1 ? 'learner has' : 'learners have';
    parts.push(`${noScore.length} ${have} no ${areaName} SBA score: ${firstNames(noScore)}`);
  }
  for (const m of missing) {
    const have = m.learners.length === 1 ? 'learner has' : 'learners have';
    const what = ASSESSMENT_KIND_LABELS[m.kind].replace('SBA ', '');
    parts.push(
      `${m.learners.length} ${have} no ${areaName} SBA ${what}: ${firstNames(m.learners)}`,
    );
  }
  return `${className}: ${parts.join('; ')}`;
}

export interface SbaGradeInput {
  grade: { id: number; name: string };
  year: number;
  scale: RubricScale;
  classes: readonly { id: number; name: string }[];
  learningAreas: readonly { id: number; name: string }[];
  learners: readonly SbaLearnerInput[];
  assessments: readonly SbaAssessmentInput[];
  entries: readonly SbaEntryInput[];
}

/** Each learner's scores, in the learning areas' order; none in a learning area they do not take. */
export function sbaScores(input: SbaGradeInput): Map<number, (SbaScore | null)[]> {
  const byArea = new Map<number, SbaAssessmentInput[]>();
  for (const a of input.assessments) {
    byArea.set(a.learningArea, [...(byArea.get(a.learningArea) ?? []), a]);
  }
  const byLearner = new Map<number, SbaEntryInput[]>();
  for (const e of input.entries) byLearner.set(e.student, [...(byLearner.get(e.student) ?? []), e]);
  return new Map(
    input.learners.map((l) => [
      l.id,
      input.learningAreas.map((area) =>
        takesArea(l, area.id)
          ? sbaScoreOf(byArea.get(area.id) ?? [], byLearner.get(l.id) ?? [], input.scale)
          : null,
      ),
    ]),
  );
}

const missingDetailsOf = (l: SbaLearnerInput): SbaDetail[] =>
  SBA_DETAILS.filter((d) => {
    if (d === 'assessment_number') return !l.assessmentNumber;
    if (d === 'birth_certificate_names') return !l.birthCertificateNames;
    if (d === 're_option') return !l.reOption;
    return !l.kiswahiliOption;
  });

/**
 * GET /api/cbc/sba/: per class and learning area who lacks a score (or a component the grade
 * has in it), each learner's scores, and the learners whose record lacks what the portal asks.
 */
export function sbaCompleteness(input: SbaGradeInput): SbaCompleteness {
  const scores = sbaScores(input);
  const name = (l: SbaLearnerInput) => `${l.firstName} ${l.lastName}`;
  const ref = (l: SbaLearnerInput) => ({ id: l.id, name: name(l) });
  const learningAreas = input.learningAreas.map((area) => ({
    id: area.id,
    name: area.name,
    components: SBA_KINDS.map((kind) => ({
      kind,
      label: ASSESSMENT_KIND_LABELS[kind],
      assessments: input.assessments.filter((a) => a.learningArea === area.id && a.kind === kind)
        .length,
    })),
  }));
  const className = new Map(input.classes.map((c) => [c.id, c.name]));
  const classes = input.classes.map((cls) => {
    const learners = input.learners.filter((l) => l.classId === cls.id);
    const gaps = learningAreas.flatMap((area, i) => {
      const given = area.components.filter((c) => c.assessments > 0).map((c) => c.kind);
      const takers = learners.filter((l) => takesArea(l, area.id));
      const noScore = takers.filter((l) => !scores.get(l.id)![i]);
      const missing = given
        .map((kind) => ({
          kind,
          learners: takers.filter((l) => {
            const score = scores.get(l.id)![i];
            return !!score && !score.components.includes(kind);
          }),
        }))
        .filter((m) => m.learners.length > 0);
      if (noScore.length === 0 && missing.length === 0) return [];
      return [
        {
          learning_area: { id: area.id, name: area.name },
          no_score: noScore.map(ref),
          missing_components: missing.map((m) => ({ kind: m.kind, learners: m.learners.map(ref) })),
          message: sbaGapMessage(
            cls.name,
            area.name,
            noScore.map(name),
            missing.map((m) => ({ kind: m.kind, learners: m.learners.map(name) })),
          ),
        },
      ];
    });
    return { id: cls.id, name: cls.name, learners: learners.length, gaps };
  });
  const missingDetails = input.learners
    .map((l) => ({
      ...ref(l),
      class: className.get(l.classId) ?? '',
      missing: missingDetailsOf(l),
    }))
    .filter((l) => l.missing.length > 0)
    .sort(
      (a, b) =>
        Number(b.missing.includes('assessment_number')) -
        Number(a.missing.includes('assessment_number')),
    );
  const withoutNumber = input.learners.filter((l) => !l.assessmentNumber).length;
  return {
    grade: input.grade,
    year: input.year,
    scale: input.scale,
    learning_areas: learningAreas,
    classes,
    learners: input.learners.map((l) => ({
      id: l.id,
      name: name(l),
      class: className.get(l.classId) ?? '',
      assessment_number: l.assessmentNumber,
      scores: scores.get(l.id)!,
      takes: input.learningAreas.map((a) => takesArea(l, a.id)),
    })),
    missing_details: missingDetails,
    without_assessment_number: withoutNumber,
    complete:
      withoutNumber === 0 &&
      input.learners.length > 0 &&
      classes.every((c) => c.gaps.every((g) => g.no_score.length === 0)),
  };
}

/** "3 learners have no Assessment Number": the screen's and the file's warning. */
export const withoutAssessmentNumberMessage = (n: number) =>
  `${plural(n, 'learner has', 'learners have')} no Assessment Number: their rows have an empty first cell and the portal will not take them until it is entered`;

// --- The export --------------------------------------------------------------------------

/** How KNEC files write a gender: M, F (others "Other"). */
export const GENDER_CELLS: Record<string, string> = { male: 'M', female: 'F' };

/**
 * The export's heads and rows in the school's column order: one row per learner of the grade,
 * those with an Assessment Number first in its order, then those without (listed, never
 * dropped) by name. A learning area's cell is the score's rubric code, empty without a score
 * and empty in a learning area the learner does not take.
 */
export function sbaExportTable(
  input: SbaGradeInput,
  columns: readonly SbaColumnKey[],
): { headers: string[]; rows: string[][] } {
  const scores = sbaScores(input);
  const className = new Map(input.classes.map((c) => [c.id, c.name]));
  const headers = columns.flatMap((c) =>
    c === 'learning_areas' ? input.learningAreas.map((a) => a.name) : [SBA_COLUMN_LABELS[c]],
  );
  const ordered = [...input.learners].sort((a, b) => {
    if (a.assessmentNumber && b.assessmentNumber) {
      return a.assessmentNumber.localeCompare(b.assessmentNumber);
    }
    if (a.assessmentNumber || b.assessmentNumber) return a.assessmentNumber ? -1 : 1;
    return sbaNamesOf(a).localeCompare(sbaNamesOf(b)) || a.id - b.id;
  });
  const cellsOf = (l: SbaLearnerInput, column: SbaColumnKey): string[] => {
    switch (column) {
      case 'assessment_number':
        return [l.assessmentNumber ?? ''];
      case 'names':
        return [sbaNamesOf(l)];
      case 'gender':
        return [GENDER_CELLS[l.gender] ?? 'Other'];
      case 're_option':
        return [l.reOption ?? ''];
      case 'kiswahili_option':
        return [l.kiswahiliOption ?? ''];
      case 'special_needs_code':
        return [l.specialNeedsCode ?? ''];
      case 'learning_areas':
        return scores.get(l.id)!.map((s) => s?.level ?? '');
      case 'admission_number':
        return [l.admissionNumber];
      case 'upi':
        return [l.upi ?? ''];
      case 'class':
        return [className.get(l.classId) ?? ''];
    }
  };
  return { headers, rows: ordered.map((l) => columns.flatMap((c) => cellsOf(l, c))) };
}

/** "sba-grade-8-2026.csv" */
export const sbaFileName = (gradeName: string, year: number) =>
  `sba-${
    gradeName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'grade'
  }-${year}.csv`;
