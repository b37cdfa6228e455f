import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors } from './form-errors';

interface StudentForm {
  first_name: string;
  classes: number[];
  parent: { phone_number: string };
}

function renderForm() {
  const { result } = renderHook(() =>
    useForm<StudentForm>({
      defaultValues: { first_name: '', classes: [], parent: { phone_number: '' } },
    }),
  );
  const take = (err: unknown) => {
    let banner: string | null = null;
    act(() => {
      banner = applyServerErrors(err, result.current);
    });
    return banner;
  };
  const errorAt = (path: 'first_name' | 'classes' | 'parent' | 'parent.phone_number') =>
    result.current.getFieldState(path).error?.message;
  return { take, errorAt };
}

const invalid = (message: string, errors: Record<string, string[]>) =>
  new ApiError(message, 400, undefined, errors);

describe('applyServerErrors', () => {
  it('puts each field message beside its input, nested paths included, and leaves no banner', () => {
    const form = renderForm();
    const banner = form.take(
      invalid('First name is required', {
        first_name: ['First name is required', 'Name must be 2 or more characters'],
        'parent.phone_number': ['parent already registered with phone 0712345678'],
        classes: ['Choose classes of your school'],
      }),
    );
    expect(banner).toBeNull();
    expect(form.errorAt('first_name')).toBe('First name is required');
    expect(form.errorAt('parent.phone_number')).toBe(
      'parent already registered with phone 0712345678',
    );
    expect(form.errorAt('classes')).toBe('Choose classes of your school');
  });

  it('answers the message for above the form when no field of the form is named', () => {
    const form = renderForm();
    const banner = form.take(
      invalid('School is required', { school: ['School is required'], parent: ['Invalid'] }),
    );
    expect(banner).toBe('School is required');
    expect(form.errorAt('parent')).toBeUndefined();
  });

  it('answers the message of a failure without field errors (409, network)', () => {
    const form = renderForm();
    expect(form.take(new ApiError('A class with this name already exists', 409))).toBe(
      'A class with this name already exists',
    );
    expect(form.errorAt('first_name')).toBeUndefined();
  });

  it('answers the generic message for an error that is not from the API', () => {
    expect(renderForm().take(new TypeError('x is undefined'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
