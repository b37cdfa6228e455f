import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { Input } from './input';

/** A text input whose letters turn upper case as they are typed (grade and subject codes). */
export function UpperCaseInput({ onChange, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  const toUpper = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const upper = el.value.toUpperCase();
    if (upper !== el.value) {
      const { selectionStart, selectionEnd } = el;
      el.value = upper;
      el.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange?.(e);
  };
  return <Input autoCapitalize="characters" autoComplete="off" {...props} onChange={toUpper} />;
}
