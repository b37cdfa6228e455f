import { useCallback, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../lib/form-errors';
import { type ToastOptions, toast } from './ui/toast';

export type SaveKind = 'created' | 'updated';

interface ToastText<A extends unknown[]> {
  title: string;
  description: string | ((...args: A) => string);
}

/** The product's toasts of one create/edit form; a form whose spec shows none leaves them out. */
export interface SaveToasts<TValues, TSaved> {
  created?: ToastText<[saved: TSaved, values: TValues]>;
  updated?: ToastText<[saved: TSaved, values: TValues]>;
  notCreated?: ToastText<[err: unknown]>;
  notUpdated?: ToastText<[err: unknown]>;
}

interface SaveFormOptions<TForm extends FieldValues, TValues, TRecord, TSaved> {
  form: UseFormReturn<TForm, unknown, TValues>;
  /** The record the form edits; null (or left out) when it creates one. */
  editing?: TRecord | null;
  /** Sends the values: a JSON body, a multipart upload, whatever the endpoint takes. */
  create(values: TValues): Promise<TSaved>;
  /** Left out by a form that only ever creates (sends, applies, imports). */
  update?(record: TRecord, values: TValues): Promise<TSaved>;
  /** Left out by a form that shows its outcome in place rather than as a toast. */
  toasts?: SaveToasts<TValues, TSaved>;
  /** After a save (and its toast): close the dialog, or more. */
  onSaved(saved: TSaved, kind: SaveKind): void;
}

const text = <A extends unknown[]>(description: ToastText<A>['description'], ...args: A) =>
  typeof description === 'function' ? description(...args) : description;

/**
 * The one way a create/edit dialog saves: it creates or updates (each mutation hook refreshes
 * its domain's queries), shows the product's toast, and hands the saved record to `onSaved`.
 * On failure the server's field messages go beside their inputs, what no field shows goes
 * above the form (`failure`), and the failure toast offers Try Again with the same values.
 * While `submit` runs the form is submitting, so FormFooter shows '... Loading'.
 */
export function useSaveForm<TForm extends FieldValues, TValues, TRecord, TSaved>({
  form,
  editing = null,
  create,
  update,
  toasts = {},
  onSaved,
}: SaveFormOptions<TForm, TValues, TRecord, TSaved>) {
  const [failure, setFailure] = useState<string | null>(null);
  const clearFailure = useCallback(() => setFailure(null), []);
  const kind: SaveKind = editing ? 'updated' : 'created';

  const save = async (values: TValues) => {
    setFailure(null);
    let saved: TSaved;
    try {
      if (editing && !update) throw new Error('This form creates only: it has no update');
      saved = editing && update ? await update(editing, values) : await create(values);
    } catch (err) {
      setFailure(applyServerErrors(err, form));
      const failed = editing ? toasts.notUpdated : toasts.notCreated;
      if (failed) {
        toast({
          title: failed.title,
          description: text(failed.description, err),
          variant: 'destructive',
          action: { label: 'Try Again', onClick: () => void save(values) },
        } satisfies ToastOptions);
      }
      return;
    }
    const done = editing ? toasts.updated : toasts.created;
    if (done) {
      toast({
        title: done.title,
        description: text(done.description, saved, values),
        variant: 'success',
      });
    }
    onSaved(saved, kind);
  };

  return {
    submit: form.handleSubmit(save),
    /** The message shown above the form, if the last save failed with one no field shows. */
    failure,
    /** For a dialog that stays mounted: a fresh start when it opens again. */
    clearFailure,
  };
}
