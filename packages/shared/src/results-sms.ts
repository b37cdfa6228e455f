import { rubricWords } from './cbc-assessments';
import { smsParts } from './messages';
import type { Mark } from './results/marks';

/**
 * The SMS that tells a parent their own child's results of an exam, e.g.
 *
 *   Kilimani Mixed Sec: Amani Mwangi Adm 1234, End Term 1. ENG 65B KIS 70A- MAT X. Mean B+ Pos 3/45
 *
 * It aims at one SMS part (160 GSM-7 characters): a second part costs the school as much again
 * for every parent. When the full text is longer, it is shortened in this order, one step at a
 * time, until it fits:
 *   1. the student's middle names go (first and last name stay);
 *   2. the school's short name becomes its initials (Kilimani Mixed Sec → KMSS);
 *   3. each subject's mark goes and its grade stays (ENG B+; a subject without a grade keeps its
 *      mark or X/Y).
 * The student's name and admission number, the exam, every subject, the mean grade and the
 * position are never dropped: a text still too long after step 3 (a student of many subjects
 * with long names) takes two parts, and the preview says so.
 */

export interface ResultsSmsInput {
  /** The school's full name. */
  school: string;
  student: { name: string; admission_number: string };
  exam: string;
  /** In the merit list's column order. */
  subjects: { code: string; mark: Mark; grade: string | null }[];
  /** Null when the result is incomplete or withheld. */
  mean_grade: string | null;
  /** Null when the exam does not rank (CBC) or the student has no place. */
  position: { place: number; of: number } | null;
}

/** The one part a results SMS aims at. */
export const RESULTS_SMS_TARGET = 160;

/**
 * Characters outside GSM-7 that names and exam titles often carry, as their GSM-7 look-alikes:
 * one curly apostrophe (Ng’ang’a) would make the whole text UCS-2, 70 characters a part.
 */
const GSM7_LOOKALIKES: [RegExp, string][] = [
  [/[‘’‚‛′]/g, "'"],
  [/[“”„″]/g, '"'],
  [/[‐‑‒–—―]/g, '-'],
  [/[\u00a0\u2000-\u200a\u202f]/g, ' '],
  [/…/g, '...'],
];

export function gsm7LookAlikes(text: string): string {
  return GSM7_LOOKALIKES.reduce((t, [from, to]) => t.replace(from, to), text);
}

const SCHOOL_WORDS: [RegExp, string][] = [
  [/\bSecondary\b/gi, 'Sec'],
  [/\bPrimary\b/gi, 'Pri'],
  [/\bAcademy\b/gi, 'Acad'],
];

/** "Kilimani Mixed Secondary School" → "Kilimani Mixed Sec"; "Lenana School" → "Lenana". */
export function schoolShortName(name: string): string {
  const short = SCHOOL_WORDS.reduce((n, [from, to]) => n.replace(from, to), name)
    .replace(/\s+School$/i, '')
    .replace(/\s+(and|&)$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return short || name.trim();
}

/** "Kilimani Mixed Secondary School" → "KMSS": how schools are known in Kenya. */
export function schoolInitials(name: string): string {
  const initials = name
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^A-Za-z]/g, '').charAt(0))
    .join('')
    .toUpperCase();
  return initials || name.trim();
}

/** "Mary Wambui Wanjiku" → "Mary Wanjiku". */
const firstAndLast = (name: string) => {
  const words = name.trim().split(/\s+/);
  return words.length <= 2 ? words.join(' ') : `${words[0]} ${words.at(-1)}`;
};

/** "ENG 65B", or "ENG B" without the mark; "ENG X" for a code; "ENG 65" without a band. */
const subjectText = (s: ResultsSmsInput['subjects'][number], withMark: boolean) => {
  if (s.grade === null) return `${s.code} ${s.mark}`;
  return withMark ? `${s.code} ${s.mark}${s.grade}` : `${s.code} ${s.grade}`;
};

/** A CBC level is never sent without its words ("ME Meeting Expectations"); a KCSE grade is. */
const RUBRIC_CODE = /^(EE|ME|AE|BE)[12]?$/;
const meanText = (grade: string) =>
  RUBRIC_CODE.test(grade) ? `${grade} ${rubricWords(grade)}` : grade;

interface Shortening {
  middleNames: boolean;
  initials: boolean;
  marks: boolean;
}

function compose(input: ResultsSmsInput, drop: Shortening): string {
  const school = drop.initials ? schoolInitials(input.school) : schoolShortName(input.school);
  const student = drop.middleNames ? firstAndLast(input.student.name) : input.student.name.trim();
  const head = `${school}: ${student} Adm ${input.student.admission_number}, ${input.exam.trim()}.`;
  const subjects = input.subjects.map((s) => subjectText(s, !drop.marks)).join(' ');
  const summary = [
    input.mean_grade === null ? null : `Mean ${meanText(input.mean_grade)}`,
    input.position === null ? null : `Pos ${input.position.place}/${input.position.of}`,
  ]
    .filter(Boolean)
    .join(' ');
  const body = [subjects && `${subjects}.`, summary].filter(Boolean).join(' ');
  return gsm7LookAlikes(body ? `${head} ${body}` : head);
}

const STEPS: Shortening[] = [
  { middleNames: false, initials: false, marks: false },
  { middleNames: true, initials: false, marks: false },
  { middleNames: true, initials: true, marks: false },
  { middleNames: true, initials: true, marks: true },
];

/** A student's results as one SMS, shortened as the module comment says until it fits one part. */
export function resultsSmsText(input: ResultsSmsInput): string {
  let text = '';
  for (const step of STEPS) {
    text = compose(input, step);
    if (smsParts(text).parts <= 1) return text;
  }
  return text;
}
