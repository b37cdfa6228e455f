/**
 * What the people of the school add to a learner's progress report beside the levels: the core
 * competencies and values the class teacher rates, the teachers' comment per learning area, and
 * the class teacher's and head teacher's remarks.
 */
export interface ProgressReportInputs {
  competencies: { name: string; level: string }[];
  values: { name: string; level: string }[];
  /** By learning area id. */
  comments: Record<number, string>;
  class_teacher_remark: string | null;
  head_teacher_remark: string | null;
}
