import type { SetupState } from '@shule/shared/setup';
import { changedFields } from '../../lib/changed-fields';
import { type AcademicYearValues, createAcademicYear } from './create-academic-year';
import { updateAcademicYear } from './update-academic-year';

/**
 * The setup wizard's year: created, or changed (only what differs) when saved already. Answers
 * the year, or null when nothing changed.
 */
export function saveSetupYear(
  schoolId: number,
  saved: SetupState['academic_year'],
  values: AcademicYearValues,
) {
  if (!saved) return createAcademicYear(values, schoolId);
  const changes = changedFields(saved, values);
  return changes ? updateAcademicYear(saved.id, changes) : null;
}
