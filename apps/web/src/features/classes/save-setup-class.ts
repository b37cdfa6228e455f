import type { SetupState } from '@shule/shared/setup';
import { changedFields } from '../../lib/changed-fields';
import { createClass } from './create-class';
import { updateClass } from './update-class';

export interface SetupClassValues {
  id?: number;
  name: string;
  level?: string | null;
}

/**
 * One class of the setup wizard: created, or changed (only what differs) when `saved` holds it;
 * an empty level is none. Answers the class, or null when nothing changed.
 */
export function saveSetupClass(
  schoolId: number,
  saved: SetupState['classes'],
  { id, name, level }: SetupClassValues,
) {
  const values = { name, level: level ? level : null };
  const before = id === undefined ? undefined : saved.find((c) => c.id === id);
  if (!before) return createClass(schoolId, values);
  const changes = changedFields(before, values);
  return changes ? updateClass(before.id, changes) : null;
}
