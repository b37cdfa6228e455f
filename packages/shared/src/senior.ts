import { z } from 'zod';
import { gradeOfLevel } from './cbc';
import { idField, isoDateField, optionalText, requiredText } from './fields';
import { CBC_KJSEA_SCALE } from './results/bands';

/**
 * Senior school (Grades 10-12): pathways, their tracks and elective subjects, and the core
 * subjects, as a school starts with them. They are only a start: the Ministry's lists changed in
 * 2025 and differ between sources, so the school edits its own.
 */
export const DEFAULT_PATHWAYS: readonly {
  name: string;
  coreMathematics: boolean;
  tracks: readonly { name: string; subjects: readonly { name: string; code: string }[] }[];
}[] = [
  {
    name: 'STEM',
    coreMathematics: true,
    tracks: [
      {
        name: 'Pure Sciences',
        subjects: [
          { name: 'Biology', code: 'BIO' },
          { name: 'Chemistry', code: 'CHE' },
          { name: 'Physics', code: 'PHY' },
        ],
      },
      {
        name: 'Applied Sciences',
        subjects: [
          { name: 'Agriculture', code: 'AGR' },
          { name: 'Computer Studies', code: 'CMP' },
          { name: 'Home Science', code: 'HSC' },
          { name: 'General Science', code: 'GSC' },
        ],
      },
      {
        name: 'Technical Studies',
        subjects: [
          { name: 'Aviation Technology', code: 'AVT' },
          { name: 'Building Construction', code: 'BLD' },
          { name: 'Electrical Technology', code: 'ELT' },
          { name: 'Metal Technology', code: 'MET' },
          { name: 'Power Mechanics', code: 'PWM' },
          { name: 'Wood Technology', code: 'WDT' },
          { name: 'Media Technology', code: 'MDT' },
          { name: 'Marine and Fisheries Technology', code: 'MFT' },
        ],
      },
    ],
  },
  {
    name: 'Social Sciences',
    coreMathematics: false,
    tracks: [
      {
        name: 'Languages and Literature',
        subjects: [
          { name: 'Literature in English', code: 'LIT' },
          { name: 'Fasihi ya Kiswahili', code: 'FAS' },
          { name: 'Indigenous Language', code: 'IND' },
          { name: 'French', code: 'FRE' },
          { name: 'German', code: 'GER' },
          { name: 'Arabic', code: 'ARB' },
          { name: 'Mandarin Chinese', code: 'MAN' },
        ],
      },
      {
        name: 'Humanities and Business Studies',
        subjects: [
          { name: 'History and Citizenship', code: 'HIS' },
          { name: 'Geography', code: 'GEO' },
          { name: 'Business Studies', code: 'BST' },
          { name: 'Christian Religious Education', code: 'CRE' },
          { name: 'Islamic Religious Education', code: 'IRE' },
          { name: 'Hindu Religious Education', code: 'HRE' },
        ],
      },
    ],
  },
  {
    name: 'Arts and Sports Science',
    coreMathematics: false,
    tracks: [
      {
        name: 'Arts',
        subjects: [
          { name: 'Fine Arts', code: 'FAR' },
          { name: 'Music and Dance', code: 'MUS' },
          { name: 'Theatre and Film', code: 'THF' },
        ],
      },
      { name: 'Sports Science', subjects: [{ name: 'Sports and Recreation', code: 'SPR' }] },
    ],
  },
];

export const MATHEMATICS_CHOICES = ['core', 'essential'] as const;
export type MathematicsChoice = (typeof MATHEMATICS_CHOICES)[number];
export const LANGUAGE_CHOICES = ['KIS', 'KSL'] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

export const MATHEMATICS_LABELS: Record<MathematicsChoice, string> = {
  core: 'Core Mathematics',
  essential: 'Essential Mathematics',
};
export const LANGUAGE_LABELS: Record<LanguageChoice, string> = {
  KIS: 'Kiswahili',
  KSL: 'Kenyan Sign Language',
};

/**
 * Which learners take a core subject: everyone (null), or those whose mathematics or language
 * choice it is ("mathematics:core" is Core Mathematics).
 */
export const CORE_OPTIONS = [
  'mathematics:core',
  'mathematics:essential',
  'language:KIS',
  'language:KSL',
] as const;
export type CoreOption = (typeof CORE_OPTIONS)[number];

export const DEFAULT_CORE_SUBJECTS: readonly {
  name: string;
  code: string;
  option: CoreOption | null;
}[] = [
  { name: 'English', code: 'ENG' },
  { name: 'Kiswahili', code: 'KIS', option: 'language:KIS' },
  { name: 'Kenyan Sign Language', code: 'KSL', option: 'language:KSL' },
  { name: 'Core Mathematics', code: 'CMA', option: 'mathematics:core' },
  { name: 'Essential Mathematics', code: 'EMA', option: 'mathematics:essential' },
  { name: 'Community Service Learning', code: 'CSL' },
].map((s) => ({ option: null, ...s }) as { name: string; code: string; option: CoreOption | null });

/** Whether a core subject with this option is one a learner of these choices takes. */
export const takesCoreSubject = (
  option: string | null,
  choice: { mathematics: MathematicsChoice; language: LanguageChoice },
) =>
  option === null ||
  option === `mathematics:${choice.mathematics}` ||
  option === `language:${choice.language}`;

/** A level of senior school: Grades 10-12. */
export function isSeniorLevel(levelName: string | null | undefined) {
  const grade = levelName ? gradeOfLevel(levelName) : null;
  return grade !== null && grade >= 10 && grade <= 12;
}

export const ELECTIVES_PER_COMBINATION = 3;

export const SENIOR_MESSAGES = {
  threeElectives: `A combination has ${ELECTIVES_PER_COMBINATION} electives`,
  subjectTwice: (name: string) => `${name} is in the combination twice`,
  notElective: (name: string) => `${name} is not a senior-school elective`,
  outsidePathway: (pathway: string, names: string[]) =>
    `At most one elective may come from outside ${pathway}: ${names.join(' and ')} are not ${pathway} subjects`,
  combinationOfOtherPathway: (combination: string, pathway: string) =>
    `${combination} is a combination of ${pathway}, not of the learner's pathway`,
  coreMathematicsOnly: (pathway: string) => `A ${pathway} learner takes Core Mathematics`,
  coreMathematicsNotAllowed:
    'Core Mathematics outside STEM is for learners the school allows on their junior-school results: turn it on in senior-school settings',
  coreMathematicsBelow: (from: string, has: string | null) =>
    has
      ? `Core Mathematics outside STEM needs KJSEA Mathematics at ${from} or above; this learner has ${has}`
      : `Core Mathematics outside STEM needs KJSEA Mathematics at ${from} or above; this learner has no KJSEA result`,
  combinationFull: (combination: string, capacity: number) =>
    `${combination} is full: it takes ${capacity} learners`,
  notSeniorLearner: (name: string) => `${name} is not in Grades 10-12`,
  notSeniorLevel: (level: string) =>
    `${level} is not a senior-school level: choose Grade 10, 11 or 12`,
} as const;

type ElectiveOfCombination = {
  name: string;
  /** The pathway of the elective's track; null when the subject is not an elective. */
  pathwayId: number | null;
  pathwayName: string | null;
};

/**
 * What is wrong with a combination of these electives for this pathway, or null: three
 * electives, none twice, every one an elective, at most one from another pathway.
 */
export function combinationProblem(
  pathway: { id: number; name: string },
  electives: (ElectiveOfCombination & { subjectId: number })[],
): string | null {
  const seen = new Set<number>();
  for (const e of electives) {
    if (seen.has(e.subjectId)) return SENIOR_MESSAGES.subjectTwice(e.name);
    seen.add(e.subjectId);
  }
  if (electives.length !== ELECTIVES_PER_COMBINATION) return SENIOR_MESSAGES.threeElectives;
  const notElective = electives.find((e) => e.pathwayId === null);
  if (notElective) return SENIOR_MESSAGES.notElective(notElective.name);
  const outside = electives.filter((e) => e.pathwayId !== pathway.id);
  if (outside.length > 1) {
    return SENIOR_MESSAGES.outsidePathway(
      pathway.name,
      outside.map((e) => e.name),
    );
  }
  return null;
}

/**
 * KJSEA levels from the highest (the codes of CBC_KJSEA_SCALE, as a type): a learner's level is
 * "at or above" one earlier in this list.
 */
export const KJSEA_LEVELS = ['EE1', 'EE2', 'ME1', 'ME2', 'AE1', 'AE2', 'BE1', 'BE2'] as const;
export type KjseaLevel = (typeof KJSEA_LEVELS)[number];
export const kjseaLevelField = z.enum(KJSEA_LEVELS, { error: 'Choose a level from EE1 to BE2' });
/** A KJSEA level's points on KNEC's scale: EE1 8 ... BE2 1. */
export const kjseaPoints = (level: KjseaLevel) =>
  CBC_KJSEA_SCALE.find((band) => band.code === level)!.points!;

/**
 * Whether a learner of this pathway may take this mathematics: Core for a pathway that takes it
 * (STEM); otherwise Essential, or Core when the school allows it from a KJSEA Mathematics level
 * the learner reached. Answers the broken rule's message, or null.
 */
export function mathematicsProblem(input: {
  pathway: { name: string; coreMathematics: boolean };
  mathematics: MathematicsChoice;
  coreMathematicsFrom: KjseaLevel | null;
  kjseaMathematics: KjseaLevel | null;
}): string | null {
  const { pathway, mathematics, coreMathematicsFrom, kjseaMathematics } = input;
  if (pathway.coreMathematics) {
    return mathematics === 'core' ? null : SENIOR_MESSAGES.coreMathematicsOnly(pathway.name);
  }
  if (mathematics === 'essential') return null;
  if (coreMathematicsFrom === null) return SENIOR_MESSAGES.coreMathematicsNotAllowed;
  const reached =
    kjseaMathematics !== null &&
    KJSEA_LEVELS.indexOf(kjseaMathematics) <= KJSEA_LEVELS.indexOf(coreMathematicsFrom);
  return reached
    ? null
    : SENIOR_MESSAGES.coreMathematicsBelow(coreMathematicsFrom, kjseaMathematics);
}

/** ?level= of a senior-school level (Grade 10, 11 or 12): its groups, analysis, entry list. */
export const seniorLevelQuery = z.object({
  level: requiredText('Level', { max: 50 }).refine(isSeniorLevel, {
    error: (issue) => SENIOR_MESSAGES.notSeniorLevel(String(issue.input)),
  }),
});

/** GET /api/senior/pathways/ */
export const seniorSubjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type SeniorSubject = z.infer<typeof seniorSubjectSchema>;
export const pathwaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  core_mathematics: z.boolean(),
  tracks: z.array(
    z.object({ id: z.number().int(), name: z.string(), subjects: z.array(seniorSubjectSchema) }),
  ),
});
export type Pathway = z.infer<typeof pathwaySchema>;
export const pathwaysResponse = z.object({
  pathways: z.array(pathwaySchema),
  core: z.array(seniorSubjectSchema.extend({ option: z.enum(CORE_OPTIONS).nullable() })),
});
export type PathwaysResponse = z.infer<typeof pathwaysResponse>;

const capacityField = z.coerce
  .number({ error: 'Capacity must be a number' })
  .int('Capacity must be a whole number')
  .min(1, 'Capacity must be at least 1')
  .max(10000, 'Capacity must be at most 10000');

/** POST /api/senior/combinations/: a name is made from the subjects' codes when none is given. */
export const createCombinationBody = z.object({
  pathway: idField('Pathway', 'Choose a pathway'),
  subjects: z
    .array(idField('Subject'), { error: 'Choose three electives' })
    .length(ELECTIVES_PER_COMBINATION, SENIOR_MESSAGES.threeElectives),
  capacity: capacityField.nullable().optional(),
  name: optionalText('Name', { max: 60 }),
});
export type CreateCombinationBody = z.input<typeof createCombinationBody>;

/** PATCH /api/senior/combinations/{id}/: its name and capacity (its subjects stay). */
export const updateCombinationBody = z.object({
  name: requiredText('Name', { max: 60 }).optional(),
  capacity: capacityField.nullable().optional(),
});
export type UpdateCombinationBody = z.input<typeof updateCombinationBody>;

export const combinationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pathway: z.number().int(),
  pathway_name: z.string(),
  subjects: z.array(seniorSubjectSchema),
  capacity: z.number().int().nullable(),
  /** Learners whose current combination this is. */
  learners: z.number().int(),
});
export type Combination = z.infer<typeof combinationSchema>;
export const combinationListResponse = z.object({ combinations: z.array(combinationSchema) });
export type CombinationList = z.infer<typeof combinationListResponse>;

/** A learner's senior-school choices, from a date (PUT /api/students/{id}/subjects/). */
export const learnerSubjectsBody = z.object({
  pathway: idField('Pathway', 'Choose a pathway'),
  combination: idField('Combination', 'Choose a combination'),
  mathematics: z.enum(MATHEMATICS_CHOICES, { error: 'Choose Core or Essential Mathematics' }),
  language: z.enum(LANGUAGE_CHOICES, { error: 'Choose Kiswahili or KSL' }),
  from: isoDateField('From'),
});
export type LearnerSubjectsBody = z.input<typeof learnerSubjectsBody>;

/** PUT /api/classes/{id}/subjects/: a whole stream's choices, all or nothing. */
export const classSubjectsBody = z.object({
  students: z
    .array(learnerSubjectsBody.extend({ student: idField('Student') }), {
      error: 'List the learners',
    })
    .min(1, 'List at least one learner'),
});
export type ClassSubjectsBody = z.input<typeof classSubjectsBody>;

/** GET/PUT /api/senior/settings/ */
export const seniorSettingsSchema = z.object({
  core_mathematics_from: kjseaLevelField.nullable(),
  internal_ranking: z.boolean(),
});
export type SeniorSettings = z.infer<typeof seniorSettingsSchema>;
