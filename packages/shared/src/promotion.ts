import { z } from 'zod';
import { idField, requiredText } from './fields';

/**
 * Promotion at the year's end: every active student of each class of a level moves to a class
 * of the next level (Form 1 East → Form 2 East), or, from the last level, leaves as alumni.
 */

const levelField = requiredText('Level', { max: 50 });

/** GET /api/classes/promotion/?level=Form 1 (admin) */
export const promotionQuery = z.object({ level: levelField });

const classRef = z.object({ id: z.number().int(), name: z.string() });

/** A class of the level, with its active students and where they are suggested to go. */
export const promotionSourceSchema = classRef.extend({
  students: z.number().int(),
  /** The suggested class of the next level (same stream); null when none or to alumni. */
  target: classRef.nullable(),
  /** Suggested to leave as alumni: the level is the school's last. */
  alumni: z.boolean(),
});
export type PromotionSource = z.infer<typeof promotionSourceSchema>;

/** A class students may be moved to: any class of another level. */
export const promotionTargetSchema = classRef.extend({
  level: z.string().nullable(),
  students: z.number().int(),
});
export type PromotionTarget = z.infer<typeof promotionTargetSchema>;

export const promotionPreviewResponse = z.object({
  level: z.string(),
  /** The level the classes go up to; null for the last level (alumni) or a level without a number. */
  next_level: z.string().nullable(),
  classes: z.array(promotionSourceSchema),
  targets: z.array(promotionTargetSchema),
});
export type PromotionPreview = z.infer<typeof promotionPreviewResponse>;

const MOVES_MESSAGE = 'Choose where each class goes';

/** POST /api/classes/promotion/ (admin): `to` null sends the class's students to alumni. */
export const promotionBody = z.object({
  level: levelField,
  moves: z
    .array(
      z.object({
        from: idField('Class', MOVES_MESSAGE),
        to: idField('Class', MOVES_MESSAGE).nullable(),
      }),
      { error: MOVES_MESSAGE },
    )
    .min(1, MOVES_MESSAGE)
    .max(100, 'At most 100 classes at once')
    .refine((moves) => new Set(moves.map((m) => m.from)).size === moves.length, {
      message: 'Each class may be promoted once',
    }),
});
export type PromotionBody = z.input<typeof promotionBody>;

export const promotionResponse = z.object({
  moved: z.number().int(),
  alumni: z.number().int(),
  message: z.string(),
});
export type PromotionResult = z.infer<typeof promotionResponse>;

const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;

export function promotionMessage(moved: number, alumni: number) {
  const parts = [];
  if (moved > 0) parts.push(`Moved ${students(moved)} to their new classes.`);
  if (alumni > 0) parts.push(`${students(alumni)} left as alumni.`);
  return parts.length === 0 ? 'No active students to move.' : parts.join(' ');
}

/** "Move 245 students…": what the confirm dialog asks. */
export function promotionQuestion(moved: number, alumni: number, level: string) {
  const parts = [];
  if (moved > 0) parts.push(`move ${students(moved)} of ${level} up to their new classes`);
  if (alumni > 0) parts.push(`send ${students(alumni)} to alumni (left today, completed)`);
  const text = parts.join(' and ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}?`;
}

export const targetOfSameLevelMessage = (name: string, level: string) =>
  `${name} is of ${level} itself: choose a class of the next level`;
export const targetNotEmptyMessage = (name: string, count: number, level: string | null) =>
  `${name} still has ${students(count)}: promote ${level ?? name} first`;
export const notOfLevelMessage = (name: string, level: string) => `${name} is not of ${level}`;

const LEVEL_NUMBER = /^(.*?)(\d+)(\D*)$/;

/**
 * The level after `level` among the school's `levels`: the same words with the smallest higher
 * number ("Form 1" → "Form 2", "Grade 6" → "Grade 7"); null for the last level or a level
 * without a number.
 */
export function nextLevelOf(level: string, levels: readonly string[]): string | null {
  const parsed = LEVEL_NUMBER.exec(level.trim());
  if (!parsed) return null;
  const [, prefix, number, rest] = parsed;
  let best: { level: string; n: number } | null = null;
  for (const other of levels) {
    const o = LEVEL_NUMBER.exec(other.trim());
    if (!o || o[1]!.toLowerCase() !== prefix!.toLowerCase()) continue;
    if (o[3]!.toLowerCase() !== rest!.toLowerCase()) continue;
    const n = Number(o[2]);
    if (n > Number(number) && (best === null || n < best.n)) best = { level: other, n };
  }
  return best?.level ?? null;
}

/**
 * A class's stream: its name without the level ("Form 1 East" or "1 East" of Form 1 → "east";
 * "Form 1" → ""), lower case, to pair the streams of two levels.
 */
export function streamOf(name: string, level: string | null): string {
  const lower = name.trim().toLowerCase();
  const ofLevel = level?.trim().toLowerCase() ?? '';
  const number = LEVEL_NUMBER.exec(ofLevel)?.[2];
  let rest = lower;
  if (ofLevel && lower.startsWith(ofLevel)) rest = lower.slice(ofLevel.length);
  else if (number && new RegExp(`^${number}(?!\\d)`).test(lower)) rest = lower.slice(number.length);
  return rest.replace(/^[\s,.\-–]+/, '').trim();
}

interface LevelClass {
  id: number;
  name: string;
  level: string | null;
}

/**
 * The suggested class of `next` levels for each class of `level`: the one of the same stream,
 * or the only one when each level has one class.
 */
export function suggestTargets<C extends LevelClass>(
  sources: C[],
  classes: C[],
  next: string | null,
): Map<number, C | null> {
  const candidates = next === null ? [] : classes.filter((c) => c.level === next);
  return new Map(
    sources.map((source) => {
      if (candidates.length === 1 && sources.length === 1) return [source.id, candidates[0]!];
      const stream = streamOf(source.name, source.level);
      const same = candidates.filter((c) => streamOf(c.name, c.level) === stream);
      return [source.id, same.length === 1 ? same[0]! : null];
    }),
  );
}
