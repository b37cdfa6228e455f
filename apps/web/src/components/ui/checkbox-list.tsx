import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface CheckboxOption<T> {
  value: T;
  label: string;
  /** Small text at the row's end ("32 students"). */
  detail?: string;
  /** Shown ticked and not changeable: something else already covers it. */
  covered?: boolean;
}

/**
 * A fieldset of checkboxes with rows tall enough for a thumb, scrolling inside when long. The
 * legend is the list's name for screen readers and on screen.
 */
export function CheckboxList<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  hint,
  className,
}: {
  legend: string;
  options: readonly CheckboxOption<T>[];
  value: readonly T[];
  onChange(next: T[]): void;
  hint?: ReactNode;
  className?: string;
}) {
  const chosen = new Set(value);
  const toggle = (option: T) =>
    onChange(chosen.has(option) ? value.filter((v) => v !== option) : [...value, option]);
  return (
    <fieldset className={cn('min-w-0 space-y-1.5', className)}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <ul className="max-h-48 divide-y overflow-y-auto rounded-md border">
        {options.map((option) => (
          <li key={option.value}>
            <label
              className={cn(
                'flex min-h-11 items-center gap-3 px-3 py-2 text-sm',
                option.covered ? 'text-muted-foreground' : 'cursor-pointer hover:bg-muted/50',
              )}
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={option.covered || chosen.has(option.value)}
                disabled={option.covered}
                onChange={() => toggle(option.value)}
              />
              <span className="min-w-0 flex-1 break-words">{option.label}</span>
              {option.detail ? (
                <span className="text-xs text-muted-foreground">{option.detail}</span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </fieldset>
  );
}
