import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, NETWORK_MESSAGE } from './api-client';

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

/**
 * zodResolver for a schema that loads on first use, so that a page shows its form without
 * waiting for zod (a quarter of the login page's weight). `preload` starts the download early,
 * when the user first focuses the form. A failed download rejects the validation with the
 * network ApiError and is tried again at the next one.
 */
export function lazyZodResolver<S extends z.ZodType<unknown, FieldValues>>(load: () => Promise<S>) {
  type SchemaResolver = ReturnType<typeof zodResolver<S>>;
  let loading: Promise<SchemaResolver> | undefined;
  const loaded = () => {
    loading ??= load().then(zodResolver, () => {
      loading = undefined;
      throw new ApiError(NETWORK_MESSAGE, 0, 'network_error');
    });
    return loading;
  };
  const resolver: SchemaResolver = async (values, context, options) =>
    (await loaded())(values, context, options);
  return {
    resolver,
    preload() {
      loaded().catch(() => {
        // Reported when the form is submitted.
      });
    },
  };
}
