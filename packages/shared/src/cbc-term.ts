import { z } from 'zod';
import {
  type AssessmentKind,
  RUBRIC_BANDS,
  type RubricScale,
  rubricWords,
} from './cbc-assessments';
import { idField } from './fields';

/**
 * How a strand's level for the term is read from its several assessments: the latest one, or
 * the level given most often (a tie goes to the latest of the tied levels). The school chooses;
 * the progress report states the choice (STRAND_RULE_STATEMENTS).
 */
export const STRAND_RULES = ['latest', 'most_frequent'] as const;
export type StrandRule = (typeof STRAND_RULES)[number];
export const strandRuleField = z.enum(STRAND_RULES, {
  error: 'Choose the latest level or the most frequent',
});

export const STRAND_RULE_LABELS: Record<StrandRule, string> = {
  latest: 'The latest level assessed',
  most_frequent: 'The level given most often',
};

export const STRAND_RULE_STATEMENTS: Record<StrandRule, string> = {
  latest: "Each strand's level is the latest assessed this term.",
  most_frequent: "Each strand's level is the one given most often this term.",
};

/** The kinds whose levels are the term's summative level rather than evidence for a strand. */
export const SUMMATIVE_KINDS: readonly AssessmentKind[] = ['summative_test'];

/** One learner's level (or absence) in one assessment of the term, for a strand or the area. */
export interface TermEntry {
  assessment: number;
  kind: AssessmentKind;
  /** ISO date of the assessment. */
  date: string;
  /** Null: the learning area as a whole. */
  strand: number | null;
  level: string | null;
  absent: boolean;
}

export interface LearningAreaTerm {
  /** Each strand assessed this term (null: the area as a whole), in the order first met. */
  strands: { strand: number | null; level: string }[];
  summative: string | null;
  overall: string | null;
}

const newestFirst = (a: TermEntry, b: TermEntry) =>
  b.date.localeCompare(a.date) || b.assessment - a.assessment;

/** The strand's level for the term from its entries by `rule`; null when none has a level. */
export function strandLevelOf(entries: readonly TermEntry[], rule: StrandRule): string | null {
  const levelled = entries.filter((e) => !e.absent && e.level !== null).sort(newestFirst);
  if (levelled.length === 0) return null;
  if (rule === 'latest') return levelled[0]!.level;
  const counts = new Map<string, number>();
  for (const e of levelled) counts.set(e.level!, (counts.get(e.level!) ?? 0) + 1);
  // Newest first, so the first level to reach the top count wins a tie.
  let best = levelled[0]!.level!;
  for (const e of levelled) if (counts.get(e.level!)! > counts.get(best)!) best = e.level!;
  return best;
}

export function pointsOfLevel(code: string, scale: RubricScale): number | null {
  return RUBRIC_BANDS[scale].find((b) => b.code === code)?.points ?? null;
}

/** The level whose points are the mean of `points`, rounded half up (2.5 is 3: ME). */
export function levelOfMeanPoints(points: readonly number[], scale: RubricScale): string | null {
  if (points.length === 0) return null;
  const mean = points.reduce((sum, p) => sum + p, 0) / points.length;
  const rounded = Math.floor(mean + 0.5 + 1e-9);
  return RUBRIC_BANDS[scale].find((b) => b.points === rounded)?.code ?? null;
}

/**
 * One learner's term in one learning area. Strand levels come from the formative kinds by
 * `rule`; the summative level is the latest summative test's (its whole-area entry, or the
 * mean of its strand levels); the overall level is the mean, in points, of the strands' mean and
 * the summative level (either alone when the other is missing), rounded half up. Absences count
 * for nothing, never as BE.
 */
export function learningAreaTerm(
  entries: readonly TermEntry[],
  scale: RubricScale,
  rule: StrandRule,
): LearningAreaTerm {
  const byStrand = new Map<number | null, TermEntry[]>();
  const summative: TermEntry[] = [];
  for (const e of entries) {
    if (SUMMATIVE_KINDS.includes(e.kind)) {
      summative.push(e);
      continue;
    }
    const list = byStrand.get(e.strand) ?? [];
    list.push(e);
    byStrand.set(e.strand, list);
  }
  const strands: LearningAreaTerm['strands'] = [];
  for (const [strand, list] of byStrand) {
    const level = strandLevelOf(list, rule);
    if (level !== null) strands.push({ strand, level });
  }
  const summativeLevel = latestSummativeLevel(summative, scale);
  const parts: number[] = [];
  const strandPoints = strands.map((s) => pointsOfLevel(s.level, scale)).filter(isNumber);
  if (strandPoints.length > 0) {
    parts.push(strandPoints.reduce((sum, p) => sum + p, 0) / strandPoints.length);
  }
  const summativePoints = summativeLevel === null ? null : pointsOfLevel(summativeLevel, scale);
  if (summativePoints !== null) parts.push(summativePoints);
  return { strands, summative: summativeLevel, overall: levelOfMeanPoints(parts, scale) };
}

function latestSummativeLevel(entries: readonly TermEntry[], scale: RubricScale): string | null {
  const levelled = entries.filter((e) => !e.absent && e.level !== null).sort(newestFirst);
  const latest = levelled[0]?.assessment;
  if (latest === undefined) return null;
  const ofLatest = levelled.filter((e) => e.assessment === latest);
  const whole = ofLatest.find((e) => e.strand === null);
  if (whole) return whole.level;
  const points = ofLatest.map((e) => pointsOfLevel(e.level!, scale)).filter(isNumber);
  return levelOfMeanPoints(points, scale);
}

const isNumber = (n: number | null): n is number => n !== null;

/** How many learners are at each level of the scale (every level listed, highest first). */
export function levelCounts(
  levels: readonly (string | null)[],
  scale: RubricScale,
): { level: string; count: number }[] {
  return RUBRIC_BANDS[scale].map((b) => ({
    level: b.code,
    count: levels.filter((l) => l === b.code).length,
  }));
}

/** Below Expectations: BE on the four-level scale, BE1 or BE2 on the junior school's eight. */
export const isBelowExpectations = (level: string | null) => level?.startsWith('BE') ?? false;

/** A rubric code and its words, as every screen and PDF prints them ("ME", "Meeting Expectations"). */
export const levelWithWords = (code: string) => ({ level: code, words: rubricWords(code) });

/** "ME - Meeting Expectations" */
export const levelLabel = (code: string) => `${code} - ${rubricWords(code)}`;

/** GET and PUT /api/cbc/settings/: how the school reads a strand's term level. */
export const cbcSettingsSchema = z.object({
  strand_rule: z.enum(STRAND_RULES),
  strand_rule_label: z.string(),
  strand_rule_statement: z.string(),
});
export type CbcSettings = z.infer<typeof cbcSettingsSchema>;
export const updateCbcSettingsBody = z.object({ strand_rule: strandRuleField });
export type UpdateCbcSettingsBody = z.input<typeof updateCbcSettingsBody>;

export const cbcSettingsOf = (rule: StrandRule): CbcSettings => ({
  strand_rule: rule,
  strand_rule_label: STRAND_RULE_LABELS[rule],
  strand_rule_statement: STRAND_RULE_STATEMENTS[rule],
});

/** GET /api/cbc/classes/{id}/summary/?term= */
export const classSummaryQuery = z.object({ term: idField('Term', 'Choose a term') });

const levelWords = z.object({ level: z.string(), words: z.string() });

export const classSummaryResponse = z.object({
  class: z.object({ id: z.number().int(), name: z.string(), level: z.string().nullable() }),
  term: z.object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  scale: z.enum(['kjsea', 'rubric']),
  strand_rule: z.enum(STRAND_RULES),
  strand_rule_statement: z.string(),
  /** The class's learners now. */
  learners: z.number().int(),
  /** The scale's levels, highest first, each with its words. */
  levels: z.array(levelWords),
  learning_areas: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Learners at each overall level, every level of the scale listed, highest first. */
      counts: z.array(levelWords.extend({ count: z.number().int() })),
      /** Learners with no level this term (not assessed, or absent from every assessment). */
      not_assessed: z.number().int(),
      /** Learners whose overall level is below expectations, by name, for follow-up. */
      below_expectations: z.array(
        levelWords.extend({ id: z.number().int(), name: z.string(), admission_number: z.string() }),
      ),
    }),
  ),
});
export type ClassSummary = z.infer<typeof classSummaryResponse>;

/** GET /api/cbc/progress_reports/?class=&term=[&student=] */
export const progressReportsQuery = z.object({
  class: idField('Class', 'Choose a class'),
  term: idField('Term', 'Choose a term'),
  student: idField('Student', 'Choose a learner').optional(),
});
