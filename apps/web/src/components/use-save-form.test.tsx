import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage } from '../lib/api-client';
import { FormFooter } from './ui/form-footer';
import { dismissToast, Toaster } from './ui/toast';
import { type SaveKind, type SaveToasts, useSaveForm } from './use-save-form';

interface Term {
  id: number;
  name: string;
}
interface TermValues {
  name: string;
}

const toasts: SaveToasts<TermValues, Term> = {
  created: { title: 'Term Added', description: (saved) => `${saved.name} added` },
  updated: { title: 'Term Updated', description: 'Term updated successfully' },
  notCreated: { title: 'Term not added', description: 'There was an error trying to add the term' },
  notUpdated: {
    title: 'Term not updated',
    description: (err) => errorMessage(err, 'There was an error trying to update the term'),
  },
};

function TermForm(props: {
  editing: Term | null;
  create(values: TermValues): Promise<Term>;
  update(term: Term, values: TermValues): Promise<Term>;
  onSaved(saved: Term, kind: SaveKind): void;
  toasts?: SaveToasts<TermValues, Term>;
}) {
  const form = useForm<TermValues>({ defaultValues: { name: props.editing?.name ?? '' } });
  const { submit, failure } = useSaveForm({ form, toasts, ...props });
  return (
    <form onSubmit={submit}>
      {failure ? <p data-testid="failure">{failure}</p> : null}
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      {form.formState.errors.name ? (
        <p data-testid="name-error">{form.formState.errors.name.message}</p>
      ) : null}
      <FormFooter busy={form.formState.isSubmitting} onCancel={() => {}} submitLabel="Save" />
      <Toaster />
    </form>
  );
}

/** A form that only creates, with no toasts: it sends a file. */
function UploadForm(props: { create(values: { file: File | null }): Promise<string> }) {
  const form = useForm<{ file: File | null }>({ defaultValues: { file: null } });
  const { submit, failure } = useSaveForm({ form, create: props.create, onSaved: () => {} });
  return (
    <form onSubmit={submit}>
      {failure ? <p data-testid="failure">{failure}</p> : null}
      <label>
        File
        <input type="file" onChange={(e) => form.setValue('file', e.target.files?.[0] ?? null)} />
      </label>
      <FormFooter busy={form.formState.isSubmitting} onCancel={() => {}} submitLabel="Import" />
      <Toaster />
    </form>
  );
}

const term: Term = { id: 4, name: 'Term 1' };
const never = () => Promise.reject(new Error('not called'));

afterEach(() => act(() => dismissToast()));

describe('useSaveForm', () => {
  it('creates when nothing is edited: "... Loading" while it runs, then the toast and onSaved', async () => {
    let finish: (t: Term) => void = () => {};
    const create = vi.fn(() => new Promise<Term>((resolve) => (finish = resolve)));
    const onSaved = vi.fn();
    render(<TermForm editing={null} create={create} update={never} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Term 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByRole('button', { name: '... Loading' });
    expect(create).toHaveBeenCalledWith({ name: 'Term 2' });
    act(() => finish({ id: 9, name: 'Term 2' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 9, name: 'Term 2' }, 'created'));
    expect(screen.getByText('Term Added')).toBeTruthy();
    expect(screen.getByText('Term 2 added')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('updates the record being edited, with its own toast', async () => {
    const update = vi.fn(async (t: Term, values: TermValues) => ({ ...t, ...values }));
    const onSaved = vi.fn();
    render(<TermForm editing={term} create={never} update={update} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(term, 'updated'));
    expect(update).toHaveBeenCalledWith(term, { name: 'Term 1' });
    expect(screen.getByText('Term updated successfully')).toBeTruthy();
  });

  it('on a 400 puts the field message beside its input, keeps the dialog open, and Try Again saves the same values', async () => {
    const update = vi
      .fn<(t: Term, v: TermValues) => Promise<Term>>()
      .mockRejectedValueOnce(
        new ApiError('The term must lie within its academic year', 400, undefined, {
          name: ['The term must lie within its academic year'],
        }),
      )
      .mockResolvedValueOnce(term);
    const onSaved = vi.fn();
    render(<TermForm editing={term} create={never} update={update} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByTestId('name-error')).textContent).toBe(
      'The term must lie within its academic year',
    );
    expect(screen.queryByTestId('failure')).toBeNull();
    expect(screen.getByText('Term not updated')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(term, 'updated'));
    expect(update).toHaveBeenLastCalledWith(term, { name: 'Term 1' });
  });

  it('shows a failure no field names above the form, with the fixed failure toast', async () => {
    const create = vi.fn(async () => {
      throw new ApiError('A term with this name already exists', 409);
    });
    render(<TermForm editing={null} create={create} update={never} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByTestId('failure')).textContent).toBe(
      'A term with this name already exists',
    );
    expect(screen.getByText('Term not added')).toBeTruthy();
    expect(screen.getByText('There was an error trying to add the term')).toBeTruthy();
  });

  it('shows no toast where the form has none', async () => {
    const create = vi.fn(async () => {
      throw new ApiError('Class name is required', 400);
    });
    render(
      <TermForm
        editing={null}
        create={create}
        update={never}
        onSaved={vi.fn()}
        toasts={{ created: toasts.created }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('failure');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('serves a form that only creates, with no toasts: a file in its values, sent as it likes', async () => {
    const sent: FormData[] = [];
    const create = vi.fn(async ({ file }: { file: File | null }) => {
      const body = new FormData();
      body.append('file', file!);
      sent.push(body);
      throw new ApiError('The file has no header row', 400);
    });
    render(<UploadForm create={create} />);
    const file = new File(['a,b\n'], 'statement.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByTestId('failure')).textContent).toBe('The file has no header row');
    expect((sent[0]!.get('file') as File).name).toBe('statement.csv');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });
});
