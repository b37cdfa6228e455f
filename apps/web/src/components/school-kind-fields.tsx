import { INSTITUTION_TYPES, SCHOOL_LEVELS } from '@shule/shared/institution';
import type { ComponentProps } from 'react';
import { CheckboxList, type CheckboxOption } from './ui/checkbox-list';
import { Select } from './ui/input';

const groups = [
  { label: 'Public school', sector: 'public' },
  { label: 'Private school', sector: 'private' },
] as const;

/** The school's type, public categories first: registration and the profile list the same. */
export function SchoolTypeSelect(props: ComponentProps<'select'>) {
  return (
    <Select {...props}>
      <option value="">Choose a type</option>
      {groups.map((group) => (
        <optgroup key={group.sector} label={group.label}>
          {INSTITUTION_TYPES.filter((t) => t.sector === group.sector).map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}

const levelOptions: readonly CheckboxOption<string>[] = SCHOOL_LEVELS;
const levelOrder: string[] = SCHOOL_LEVELS.map((l) => l.value);

/** The levels the school teaches, one or more. */
export function SchoolLevelsField({
  value,
  onChange,
  error,
  legend = 'Levels taught *',
}: {
  value: readonly string[];
  onChange(next: string[]): void;
  error?: string;
  legend?: string;
}) {
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <CheckboxList
        legend={legend}
        options={levelOptions}
        value={value}
        onChange={(next) => onChange(levelOrder.filter((l) => next.includes(l)))}
        hint="Tick every level: a comprehensive school has several."
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
