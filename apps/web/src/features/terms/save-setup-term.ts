import type { SetupState } from '@shule/shared/setup';
import { changedFields } from '../../lib/changed-fields';
import { createTerm } from './create-term';
import { updateTerm } from './update-term';

export interface SetupTermValues {
  id?: number;
  name: string;
  start_date: string;
  end_date: string;
}

/**
 * One term of the setup wizard's year: created, or changed (only what differs) when `saved`
 * holds it. Answers the term, or null when nothing changed.
 */
export function saveSetupTerm(
  schoolId: number,
  yearId: number,
  saved: SetupState['terms'],
  { id, ...values }: SetupTermValues,
) {
  const before = id === undefined ? undefined : saved.find((t) => t.id === id);
  if (!before) return createTerm({ ...values, academic_year: yearId }, schoolId);
  const changes = changedFields(before, values);
  return changes ? updateTerm(before.id, changes) : null;
}
