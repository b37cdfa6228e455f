import type { AcademicYear } from '@shule/shared/academic-years';
import type { ClassRow, CreateClassResponse } from '@shule/shared/classes';
import type { SetupState } from '@shule/shared/setup';
import type { Term } from '@shule/shared/terms';
import { api } from '../../lib/api-client';

/**
 * What the wizard's steps save, through the year's, the terms' and the classes' own endpoints:
 * a saved record is changed (PATCH, only what differs), a new one created. Each answers the
 * record, so a step that fails half way keeps what was saved (read back on the next load).
 */

export interface YearValues {
  name: string;
  start_date: string;
  end_date: string;
}

export function saveAcademicYear(
  schoolId: number,
  saved: SetupState['academic_year'],
  values: YearValues,
) {
  if (!saved) {
    return api.post<AcademicYear>('/fees/academic_years/', { ...values, school: schoolId });
  }
  const changes = changedFields(saved, values);
  return changes ? api.patch<AcademicYear>(`/fees/academic_years/${saved.id}/`, changes) : null;
}

export interface TermValues extends YearValues {
  id?: number;
}

export function saveTerm(
  schoolId: number,
  yearId: number,
  saved: SetupState['terms'],
  { id, ...values }: TermValues,
) {
  const before = id === undefined ? undefined : saved.find((t) => t.id === id);
  if (!before) {
    return api.post<Term>('/fees/terms/', { ...values, academic_year: yearId, school: schoolId });
  }
  const changes = changedFields(before, values);
  return changes ? api.patch<Term>(`/fees/terms/${before.id}/`, changes) : null;
}

export interface ClassValues {
  id?: number;
  name: string;
  level?: string | null;
}

export async function saveClass(
  schoolId: number,
  saved: SetupState['classes'],
  { id, name, level }: ClassValues,
) {
  const values = { name, level: level ? level : null };
  const before = id === undefined ? undefined : saved.find((c) => c.id === id);
  if (!before) {
    return api
      .post<CreateClassResponse>(`/classes/?school=${schoolId}`, values)
      .then((r) => r.class);
  }
  const changes = changedFields(before, values);
  return changes ? api.patch<ClassRow>(`/classes/${before.id}/`, changes) : null;
}

/** The fields of `next` that differ from `before`, or null when none does. */
function changedFields<T extends object>(before: Partial<T>, next: T): Partial<T> | null {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (before[key] !== next[key]) changes[key] = next[key];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
