import type { RecordPaymentResponse } from '@shule/shared/fee-ledger';
import { COUNTER_METHODS } from '@shule/shared/fee-ledger';
import { PAYMENT_METHOD_LABELS } from '@shule/shared/fees';
import { CheckCircle2, FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { downloadReceiptPdf } from '../../lib/fee-files';
import { applyServerErrors } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { kesFromCents } from '../../lib/kes';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import { balanceWords } from './balance-words';
import type { FeeStudent } from './fee-student';
import {
  paymentBody,
  type RecordPaymentForm,
  type RecordPaymentValues,
  recordPaymentFormSchema,
  todayIso,
} from './payment-forms';
import { useRecordPayment } from './record-payment';

const REFERENCE_HINT = {
  cash: 'Optional.',
  bank: 'The bank slip or transaction number.',
  cheque: 'The cheque number.',
} as const;

/** A receipt's download button, busy while the PDF is made. */
export function ReceiptButton({
  receiptUrl,
  receiptNumber,
}: {
  receiptUrl: string;
  receiptNumber: number;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceiptPdf(receiptUrl, receiptNumber);
    } catch (err) {
      toast({
        title: 'Receipt not downloaded',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={download} disabled={busy}>
      <FileDown className="h-4 w-4" aria-hidden="true" />
      {busy ? 'Preparing PDF…' : `Receipt no. ${receiptNumber} (PDF)`}
    </Button>
  );
}

/**
 * Record a payment (cash, bank or cheque) for a student; once saved, its receipt number, the new
 * balance and the receipt PDF.
 */
export function RecordPaymentDialog({
  student,
  onClose,
}: {
  /** The student paying; null when the dialog is closed. */
  student: FeeStudent | null;
  onClose(): void;
}) {
  const record = useRecordPayment();
  const key = useIdempotencyKey();
  const [recorded, setRecorded] = useState<RecordPaymentResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RecordPaymentForm, unknown, RecordPaymentValues>({
    resolver: zodResolver(recordPaymentFormSchema),
    defaultValues: {
      method: 'cash',
      amount: '',
      reference: '',
      payer_name: '',
      paid_on: todayIso(),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const method = form.watch('method');
  const open = student !== null;

  useEffect(() => {
    if (!open) return;
    form.reset({ method: 'cash', amount: '', reference: '', payer_name: '', paid_on: todayIso() });
    setRecorded(null);
    setFailure(null);
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!student) return;
    setFailure(null);
    try {
      const saved = await record.mutateAsync({
        body: paymentBody(student.id, values),
        key: key.current(),
      });
      key.renew();
      setRecorded(saved);
      toast({
        title: 'Payment recorded',
        description: `Receipt no. ${saved.payment.receipt_number}: ${kesFromCents(saved.payment.amount_cents)}`,
        variant: 'success',
      });
    } catch (err) {
      // The same key on a retry: the server records the payment once.
      setFailure(applyServerErrors(err, form));
    }
  });

  const name = student ? studentName(student) : '';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isSubmitting && onClose()}
      title={recorded ? 'Payment recorded' : 'Record a payment'}
      description={student ? `${name} · Adm. ${student.admission_number}` : undefined}
    >
      {recorded ? (
        <div className="space-y-4">
          <Alert tone="success" className="flex gap-3">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">
                Receipt no. {recorded.payment.receipt_number}:{' '}
                {kesFromCents(recorded.payment.amount_cents)} by{' '}
                {PAYMENT_METHOD_LABELS[recorded.payment.method].toLowerCase()}
              </p>
              <p data-testid="balance-after">
                {`${name} now ${balanceWords(recorded.balance_cents)}.`}
              </p>
            </div>
          </Alert>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Done
            </Button>
            <ReceiptButton
              receiptUrl={recorded.payment.receipt_url}
              receiptNumber={recorded.payment.receipt_number}
            />
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          {student && student.balance_cents !== null ? (
            <p className="text-sm">
              Balance now:{' '}
              <span className="font-medium tabular-nums">
                {kesFromCents(student.balance_cents)}
              </span>
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Method" error={errors.method?.message}>
              <Select {...form.register('method')}>
                {COUNTER_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Amount (KES)" error={errors.amount?.message}>
              <Input
                inputMode="decimal"
                placeholder="e.g. 5,000"
                autoComplete="off"
                {...form.register('amount')}
              />
            </Field>
          </div>
          <Field label="Reference" error={errors.reference?.message} hint={REFERENCE_HINT[method]}>
            <Input autoComplete="off" {...form.register('reference')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Paid by"
              error={errors.payer_name?.message}
              hint="Optional: who brought it."
            >
              <Input autoComplete="off" {...form.register('payer_name')} />
            </Field>
            <Field label="Day paid" error={errors.paid_on?.message}>
              <Input type="date" max={todayIso()} {...form.register('paid_on')} />
            </Field>
          </div>
          <FormFooter busy={isSubmitting} submitLabel="Record payment" onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
