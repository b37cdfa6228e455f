import {
  IMPORT_MAX_BYTES,
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  type ImportResponse,
  importSourceField,
  MPESA_MESSAGES,
} from '@shule/shared/mpesa';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { kesFromCents } from '../../lib/kes';
import { zodResolver } from '../../lib/zod-resolver';
import { useImportStatement } from './import-statement';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an import did, in sentences. */
export function importSummary(result: ImportResponse) {
  const recorded = result.matched + result.unmatched;
  return [
    `Read ${count(result.rows, 'row')}: ${count(recorded, 'payment')} recorded (${kesFromCents(result.total_cents)}).`,
    `${result.matched} matched to ${result.matched === 1 ? 'a student' : 'students'} by admission number, ${result.unmatched} waiting to be assigned.`,
    result.already_recorded > 0
      ? `${count(result.already_recorded, 'row')} recorded before and left alone.`
      : null,
  ].filter((line): line is string => line !== null);
}

/** The multipart body of POST /api/payments/import/, checked before it is sent. */
const importStatementForm = z.object({
  source: importSourceField,
  file: z
    .custom<File | null>((file) => file instanceof File, MPESA_MESSAGES.importFile)
    .transform((file) => file as File)
    .refine(
      (file) => file.size <= IMPORT_MAX_BYTES,
      'The file is larger than 2 MB: split the statement by month',
    ),
});

/** Import a statement of payments made elsewhere: a bank, eCitizen, M-Pesa Bill Manager. */
export function ImportStatementDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const importing = useImportStatement();
  const form = useForm({
    resolver: zodResolver(importStatementForm),
    defaultValues: { source: 'bank', file: null },
  });
  const { errors, isSubmitting } = form.formState;
  const [result, setResult] = useState<ImportResponse | null>(null);
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    create: (body) => importing.mutateAsync(body),
    onSaved: setResult,
  });

  useEffect(() => {
    if (!open) return;
    form.reset({ source: form.getValues('source'), file: null });
    clearFailure();
    setResult(null);
  }, [open, form, clearFailure]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isSubmitting && onClose()}
      title="Import a statement"
      description="Payments made to the school elsewhere, from the statement's CSV. Each row is matched to a student by the admission number in its account or reference, or waits to be assigned; a row imported before is not recorded again."
    >
      {result ? (
        <div className="space-y-4">
          <Alert tone="success">
            {importSummary(result).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Alert>
          {result.skipped.length > 0 ? (
            <div className="text-sm">
              <p className="font-medium">Rows left out ({result.skipped.length})</p>
              <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-5 text-muted-foreground">
                {result.skipped.map((s) => (
                  <li key={s.line}>
                    Line {s.line}: {s.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Field label="Statement from">
            <Select {...form.register('source')}>
              {IMPORT_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {IMPORT_SOURCE_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="CSV file" error={errors.file?.message}>
            <Input
              type="file"
              accept=".csv,text/csv"
              className="py-1.5"
              onChange={(e) => {
                form.setValue('file', e.target.files?.[0] ?? null);
                form.clearErrors('file');
              }}
            />
          </Field>
          <FormFooter busy={isSubmitting} submitLabel="Import" onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
