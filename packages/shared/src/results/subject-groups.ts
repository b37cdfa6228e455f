/**
 * KNEC's KCSE subject groups, filled in for a subject from its usual letter code or KNEC number
 * (the school may change a subject's group). The groups follow KNEC's I-V, with two choices:
 * - Kenyan Sign Language (504) is in group V in KNEC's list, but it stands in for Kiswahili in
 *   both KCSE rules, so it goes with the languages and mathematics.
 * - The rest of group V (French, German, Arabic, Music and Business Studies 565) is 'other',
 *   as KNEC lists Business Studies in group V, not with the technical subjects.
 * The cluster rule only needs the sciences and the humanities apart; 'technical' and 'other'
 * both fill its last place, so that choice never changes a mean grade.
 */
export const KCSE_GROUPS = [
  'languages_mathematics',
  'sciences',
  'humanities',
  'technical',
  'other',
] as const;
export type KcseGroup = (typeof KCSE_GROUPS)[number];

/** Named with KNEC's numeral, as schools know them: Business Studies is group V. */
export const KCSE_GROUP_LABELS: Record<KcseGroup, string> = {
  languages_mathematics: 'Group I: Languages and mathematics',
  sciences: 'Group II: Sciences',
  humanities: 'Group III: Humanities',
  technical: 'Group IV: Technical and applied',
  other: 'Group V: Foreign languages, music, business',
};

export type KcseCoreSubject = 'mathematics' | 'english' | 'kiswahili' | 'ksl';

const CORE_SUBJECT_CODES: Record<KcseCoreSubject, readonly string[]> = {
  english: ['ENG', '101'],
  kiswahili: ['KIS', 'KISW', 'KSW', '102'],
  mathematics: ['MAT', 'MATH', 'MATHS', '121', '122'],
  ksl: ['KSL', '504'],
};

const GROUP_CODES: Record<KcseGroup, readonly string[]> = {
  languages_mathematics: Object.values(CORE_SUBJECT_CODES).flat(),
  // 231 Biology, 232 Physics, 233 Chemistry, 236 Biology for the blind, 237 General Science.
  sciences: ['BIO', 'BIOL', 'CHE', 'CHEM', 'PHY', 'PHYS', 'GSC', '231', '232', '233', '236', '237'],
  // 311 History and Government, 312 Geography, 313 CRE, 314 IRE, 315 HRE.
  humanities: [
    'HIS',
    'HIST',
    'HAG',
    'GEO',
    'GEOG',
    'CRE',
    'IRE',
    'HRE',
    '311',
    '312',
    '313',
    '314',
    '315',
  ],
  // 441 Home Science, 442 Art and Design, 443 Agriculture, 444-450 the workshop subjects
  // (Woodwork to Aviation), 451 Computer Studies.
  technical: [
    'HSC',
    'ART',
    'AGR',
    'AGRI',
    'CSC',
    'COMP',
    ...Array.from({ length: 11 }, (_, i) => String(441 + i)),
  ],
  // 501 French, 502 German, 503 Arabic, 511 Music, 565 Business Studies.
  other: ['FRE', 'GER', 'ARB', 'ARA', 'MUS', 'BST', 'BUS', '501', '502', '503', '511', '565'],
};

const GROUP_BY_CODE = new Map<string, KcseGroup>(
  KCSE_GROUPS.flatMap((group) => GROUP_CODES[group].map((code) => [code, group] as const)),
);

const CORE_BY_CODE = new Map<string, KcseCoreSubject>(
  (Object.keys(CORE_SUBJECT_CODES) as KcseCoreSubject[]).flatMap((subject) =>
    CORE_SUBJECT_CODES[subject].map((code) => [code, subject] as const),
  ),
);

const normalise = (code: string) => code.trim().toUpperCase();

/** The KCSE group of a subject code (ENG, 233, ' bio '), or null for a code it does not know. */
export function kcseGroupOfCode(code: string): KcseGroup | null {
  return GROUP_BY_CODE.get(normalise(code)) ?? null;
}

/** Codes seen, as given: the rules ask this of every subject of every student of a list. */
const coreOfSeenCode = new Map<string, KcseCoreSubject | null>();

/** Which of the subjects both KCSE rules require a code is, if any (MAT and 121 are mathematics). */
export function kcseCoreSubjectOf(code: string): KcseCoreSubject | null {
  let core = coreOfSeenCode.get(code);
  if (core === undefined) {
    if (coreOfSeenCode.size >= 10_000) coreOfSeenCode.clear();
    core = CORE_BY_CODE.get(normalise(code)) ?? null;
    coreOfSeenCode.set(code, core);
  }
  return core;
}

/** KNEC's subject numbers by the letter codes and names schools use. */
const KNEC_NUMBERS: readonly [number, readonly string[]][] = [
  [101, ['ENG', 'ENGLISH']],
  [102, ['KIS', 'KISW', 'KSW', 'KISWAHILI']],
  [121, ['MAT', 'MATH', 'MATHS', 'MATHEMATICS']],
  [231, ['BIO', 'BIOL', 'BIOLOGY']],
  [232, ['PHY', 'PHYS', 'PHYSICS']],
  [233, ['CHE', 'CHEM', 'CHEMISTRY']],
  [237, ['GSC', 'GENERAL SCIENCE']],
  [311, ['HIS', 'HIST', 'HAG', 'HISTORY', 'HISTORY AND GOVERNMENT', 'HISTORY & GOVERNMENT']],
  [312, ['GEO', 'GEOG', 'GEOGRAPHY']],
  [313, ['CRE', 'CHRISTIAN RELIGIOUS EDUCATION']],
  [314, ['IRE', 'ISLAMIC RELIGIOUS EDUCATION']],
  [315, ['HRE', 'HINDU RELIGIOUS EDUCATION']],
  [441, ['HSC', 'HOME SCIENCE']],
  [442, ['ART', 'ART AND DESIGN', 'ART & DESIGN']],
  [443, ['AGR', 'AGRI', 'AGRICULTURE']],
  [451, ['CSC', 'COMP', 'COMPUTER STUDIES', 'COMPUTER']],
  [501, ['FRE', 'FRENCH']],
  [502, ['GER', 'GERMAN']],
  [503, ['ARB', 'ARA', 'ARABIC']],
  [504, ['KSL', 'KENYAN SIGN LANGUAGE']],
  [511, ['MUS', 'MUSIC']],
  [565, ['BST', 'BUS', 'BUSINESS STUDIES', 'BUSINESS']],
];
const KNEC_NUMBER_BY_WORD = new Map(
  KNEC_NUMBERS.flatMap(([n, words]) => words.map((w) => [w, n] as const)),
);
const squeeze = (text: string) => text.trim().toUpperCase().replace(/\s+/g, ' ');

/**
 * A subject's KNEC number (ENG 101 … BST 565): its code when the code is one (a 3-digit number,
 * or "121/1" as papers are written), else from its letter code, else from its name; null when
 * none tells.
 */
export function knecNumberOf(subject: { code: string; name: string }): number | null {
  const code = squeeze(subject.code);
  const numeric = /^([1-5]\d\d)(\/\d)?$/.exec(code);
  if (numeric) return Number(numeric[1]);
  return KNEC_NUMBER_BY_WORD.get(code) ?? KNEC_NUMBER_BY_WORD.get(squeeze(subject.name)) ?? null;
}

/**
 * KNEC's order of subjects, as a report form and a merit list print them: by group (the one the
 * school set), then by KNEC number (English, Kiswahili, Mathematics; Biology, Physics,
 * Chemistry; History, Geography, CRE …), subjects KNEC does not number after those of their
 * group, by code.
 */
export function compareKnecOrder(
  a: { code: string; name: string; group: KcseGroup },
  b: { code: string; name: string; group: KcseGroup },
): number {
  const byGroup = KCSE_GROUPS.indexOf(a.group) - KCSE_GROUPS.indexOf(b.group);
  if (byGroup !== 0) return byGroup;
  const na = knecNumberOf(a) ?? Number.POSITIVE_INFINITY;
  const nb = knecNumberOf(b) ?? Number.POSITIVE_INFINITY;
  if (na !== nb) return na < nb ? -1 : 1;
  return a.code.localeCompare(b.code);
}
