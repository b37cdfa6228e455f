import { ERASE_MESSAGES, type EraseStudentBody, eraseStudentBody } from '@shule/shared/privacy';
import type { DataExportFormat } from '@shule/shared/privacy-readable';
import type { StudentDetail } from '@shule/shared/students';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import { downloadStudentData, useEraseStudent } from './student-rights';

/** The copy a parent reads (PDF), one for a spreadsheet (CSV), and the rows as stored (JSON). */
const DOWNLOADS: { format: DataExportFormat; label: string }[] = [
  { format: 'pdf', label: 'Download data (PDF)' },
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
];

/** Erasure asks twice: the admission number typed, then a last confirmation. */
type EraseStep = 'closed' | 'type' | 'confirm';

/**
 * A parent's rights on the profile (admins): a copy of everything Shule holds about the child
 * and their parent, and erasure.
 */
export function DataRightsSection({ student }: { student: StudentDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const erase = useEraseStudent(student.id);
  const [downloading, setDownloading] = useState<DataExportFormat | null>(null);
  const [step, setStep] = useState<EraseStep>('closed');
  const form = useForm<EraseStudentBody>({
    resolver: zodResolver(eraseStudentBody),
    defaultValues: { confirm: '' },
  });
  // The student always exists: both of the hook's paths erase them.
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    editing: student,
    create: (values) => erase.mutateAsync(values),
    update: (_, values) => erase.mutateAsync(values),
    toasts: { updated: { title: 'Student erased', description: ({ message }) => message } },
    onSaved: () => {
      setStep('closed');
      navigate('/students');
    },
  });
  const typed = form.watch('confirm');
  const name = studentName(student);
  const matches = typed.trim() === student.admission_number;
  // Said once the typing is as long as the number, so a half-typed number is not called wrong.
  const mistyped = !matches && typed.trim().length >= student.admission_number.length;

  const download = async (format: DataExportFormat) => {
    setDownloading(format);
    try {
      await downloadStudentData(student, format);
      toast({ title: 'Data downloaded', description: `Everything Shule holds about ${name}.` });
      queryClient.invalidateQueries({ queryKey: ['audit_log'] });
    } catch (err) {
      toast({ title: 'Download failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  };

  const openErase = () => {
    form.reset({ confirm: '' });
    clearFailure();
    setStep('type');
  };
  const onTyped = (event: FormEvent) => {
    event.preventDefault();
    if (matches) setStep('confirm');
    else form.setError('confirm', { message: ERASE_MESSAGES.confirm });
  };
  // A failed erasure goes back to the typed number, with the reason above it.
  const eraseForGood = async () => {
    await submit();
    setStep((now) => (now === 'confirm' ? 'type' : now));
  };

  return (
    <section
      aria-labelledby="data-rights"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <h2 id="data-rights" className="mb-1 text-base font-semibold">
        Data and erasure
      </h2>
      <p className="mb-4 text-xs text-muted-foreground">
        A parent may ask for a copy of their child&apos;s data, or for it to be erased.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {DOWNLOADS.map(({ format, label }) => (
          <Button
            key={format}
            variant="outline"
            onClick={() => download(format)}
            disabled={downloading !== null}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {downloading === format ? 'Preparing...' : label}
          </Button>
        ))}
        <Button
          variant="outline"
          className="border-red-200 text-destructive hover:bg-red-50"
          onClick={openErase}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Erase student
        </Button>
      </div>

      <Dialog
        open={step === 'type'}
        onOpenChange={(open) => setStep(open ? 'type' : 'closed')}
        title={`Erase ${name}?`}
        description="Their personal data is erased for good; their marks stay in past results without a name."
      >
        <form onSubmit={onTyped} noValidate className="space-y-4">
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>Name, date of birth, admission number, index number and photo are erased.</li>
            <li>
              The parent&apos;s details are erased unless another child of the school has them.
            </li>
            <li>Marks stay in past merit lists and report forms as &quot;Erased student&quot;.</li>
          </ul>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Field
            label={`Type the admission number ${student.admission_number} to confirm`}
            error={
              mistyped
                ? `That is not ${student.admission_number}`
                : form.formState.errors.confirm?.message
            }
          >
            <Input
              autoComplete="off"
              inputMode="numeric"
              {...form.register('confirm', { onChange: clearFailure })}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setStep('closed')}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches}>
              Continue
            </Button>
          </div>
        </form>
      </Dialog>

      <ConfirmDialog
        open={step === 'confirm'}
        onOpenChange={(open) => setStep(open ? 'confirm' : 'closed')}
        title={`Erase ${name} for good?`}
        description={`Student ${student.admission_number} will be erased. This cannot be undone.`}
        confirmLabel="Erase for good"
        busyLabel="Erasing..."
        busy={form.formState.isSubmitting}
        onConfirm={eraseForGood}
      />
    </section>
  );
}
