import {
  type Assessment,
  ENTRY_MESSAGES,
  type LevelEntryInput,
  levelOfMark,
  RUBRIC_BANDS,
} from '@shule/shared/cbc-assessments';
import { DomainError } from '../../errors';

/** An entry as it is to be saved; `cleared` when it holds nothing (the saved one is removed). */
export interface StoredEntry {
  student: number;
  strand: number | null;
  level: string | null;
  mark: number | null;
  absent: boolean;
  comment: string | null;
  cleared: boolean;
}

type Entry = {
  student: number;
  strand: number | null;
  level?: string | null;
  mark?: number;
  absent?: true;
  comment?: string;
};

/** What is wrong with one entry, by field, or nothing; and the entry as it is to be saved. */
function checkEntry(
  assessment: Assessment,
  inClass: ReadonlySet<number>,
  nonTakers: ReadonlySet<number>,
  entry: Entry,
): { errors: Record<string, string> } | { stored: StoredEntry } {
  const { scale, out_of: outOf } = assessment;
  if (nonTakers.has(entry.student)) {
    return { errors: { student: ENTRY_MESSAGES.doesNotTake(assessment.learning_area.name) } };
  }
  if (!inClass.has(entry.student)) return { errors: { student: ENTRY_MESSAGES.notInClass } };
  if (entry.strand !== null && !assessment.strands.some((s) => s.id === entry.strand)) {
    return { errors: { strand: ENTRY_MESSAGES.notCovered } };
  }
  const level = entry.level ? entry.level.toUpperCase() : null;
  if (entry.absent) {
    if (level !== null || entry.mark !== undefined) {
      return { errors: { absent: ENTRY_MESSAGES.absentWithLevel } };
    }
  } else if (level !== null && !RUBRIC_BANDS[scale].some((b) => b.code === level)) {
    return { errors: { level: ENTRY_MESSAGES.unknownLevel(scale) } };
  }
  let placed = level;
  if (entry.mark !== undefined) {
    if (outOf === null) return { errors: { mark: ENTRY_MESSAGES.markWithoutOutOf } };
    if (entry.mark > outOf) return { errors: { mark: ENTRY_MESSAGES.markOver(outOf) } };
    placed = levelOfMark(entry.mark, outOf, scale);
    if (level !== null && level !== placed) {
      return { errors: { level: ENTRY_MESSAGES.markDisagrees(entry.mark, placed ?? '') } };
    }
  }
  const comment = entry.comment ?? null;
  const absent = entry.absent === true;
  return {
    stored: {
      student: entry.student,
      strand: entry.strand,
      level: absent ? null : placed,
      mark: entry.mark ?? null,
      absent,
      comment,
      cleared: !absent && placed === null && comment === null,
    },
  };
}

/**
 * Checks every entry of a save against the assessment and its class; the first refused entry
 * is named in the message ("Entry 3 (Achieng Otieno): …") and each under `entries.<i>.<field>`.
 * `nonTakers`: learners of the class who do not take the assessment's subject, refused by name.
 */
export function checkEntries(
  assessment: Assessment,
  learners: { id: number; name: string }[],
  entries: Entry[] | LevelEntryInput[],
  nonTakers: { id: number; name: string }[] = [],
): StoredEntry[] {
  const inClass = new Set(learners.map((l) => l.id));
  const refused = new Set(nonTakers.map((l) => l.id));
  const names = new Map([...learners, ...nonTakers].map((l) => [l.id, l.name]));
  const errors: Record<string, string[]> = {};
  let first: string | null = null;
  const seen = new Map<string, number>();
  const stored: StoredEntry[] = [];
  (entries as Entry[]).forEach((entry, i) => {
    const key = `${entry.student}:${entry.strand}`;
    const earlier = seen.get(key);
    const result: ReturnType<typeof checkEntry> =
      earlier === undefined
        ? checkEntry(assessment, inClass, refused, entry)
        : { errors: { student: ENTRY_MESSAGES.twice(earlier) } };
    seen.set(key, earlier ?? i);
    if ('stored' in result) {
      stored.push(result.stored);
      return;
    }
    for (const [field, message] of Object.entries(result.errors)) {
      errors[`entries.${i}.${field}`] = [message];
      if (first === null) {
        const whose = names.get(entry.student);
        first = `Entry ${i + 1}${whose ? ` (${whose})` : ''}: ${message}`;
      }
    }
  });
  if (first !== null) throw new DomainError(first, 400, { errors });
  return stored;
}
