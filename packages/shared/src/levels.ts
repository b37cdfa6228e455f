import { z } from 'zod';
import { schoolQuery } from './school-scope';

/**
 * The curricula a level can follow. A secondary school runs both side by side until the last
 * KCSE in 2027: Forms 3-4 on 8-4-4, Grades 10-11 on CBC.
 */
export const CURRICULA = ['cbc', '8-4-4'] as const;
export type Curriculum = (typeof CURRICULA)[number];

export const CURRICULUM_LABELS: Record<Curriculum, string> = {
  cbc: 'CBC',
  '8-4-4': '8-4-4 (KCSE)',
};

/**
 * The curriculum a level starts on, from its name: a Form is 8-4-4; PP1-PP2 and Grades 1-12
 * (and anything else) are CBC, since every learner below Form 3 is on it. The school changes it.
 */
export function defaultCurriculum(levelName: string): Curriculum {
  return /^\s*form\b/i.test(levelName) ? '8-4-4' : 'cbc';
}

export const curriculumField = z.enum(CURRICULA, { error: 'Choose CBC or 8-4-4' });

/** GET /api/levels/?school= */
export const levelsQuery = schoolQuery;

/** PATCH /api/levels/{id}/ */
export const updateLevelBody = z.object({ curriculum: curriculumField });
export type UpdateLevelBody = z.input<typeof updateLevelBody>;

/** A level (the streams that rank together: "Form 4", "Grade 8") and the classes in it. */
export const levelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  curriculum: curriculumField,
  classes: z.number().int(),
  school: z.number().int(),
});
export type Level = z.infer<typeof levelSchema>;

export const levelListResponse = z.object({ levels: z.array(levelSchema) });
export type LevelList = z.infer<typeof levelListResponse>;
