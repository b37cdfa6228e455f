import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form resolver for our shared zod schemas, so a form shows exactly the messages the
 * API answers with. (Ours rather than @hookform/resolvers, whose peer list drags in a dozen
 * validation libraries on npm 11.)
 */
export function zodResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as z.output<S> & FieldValues, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      let node = errors;
      const path = issue.path.map(String);
      path.forEach((key, i) => {
        if (i === path.length - 1) {
          node[key] ??= { type: issue.code, message: issue.message };
        } else {
          node[key] ??= {};
          node = node[key] as Record<string, unknown>;
        }
      });
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S> & FieldValues> };
  };
}
