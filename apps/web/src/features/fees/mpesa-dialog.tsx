import { STK_STATUS_LABELS, type StkRequest } from '@shule/shared/mpesa';
import type { StudentDetail } from '@shule/shared/students';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Loader2, Smartphone, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input } from '../../components/ui/input';
import { api, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { kesFromCents } from '../../lib/kes';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import type { FeeStudent } from './fee-student';
import { useStkPush, useStkRequest } from './mpesa';
import { type StkPushForm, type StkPushValues, stkBody, stkPushFormSchema } from './payment-forms';
import { ReceiptButton } from './record-payment-dialog';

/** The parent's phone, to offer as the number to ask. */
function useParentPhone(studentId: number | null) {
  return useQuery({
    queryKey: ['students', 'detail', studentId],
    queryFn: () => api.get<StudentDetail>(`/students/${studentId}/`),
    enabled: studentId != null,
    select: (s) => s.parent?.user.phone_number ?? null,
  });
}

/** Shillings to ask for: the balance rounded up to whole shillings, or empty when nothing is owed. */
const suggestedAmount = (balanceCents: number | null) =>
  balanceCents && balanceCents > 0 ? String(Math.ceil(balanceCents / 100)) : '';

/** The one way out of a push still waiting or held for review. */
function CloseRow({ onClose }: { onClose(): void }) {
  return (
    <div className="flex justify-end">
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

function StkProgress({
  request,
  onRetry,
  onClose,
}: {
  request: StkRequest;
  onRetry(): void;
  onClose(): void;
}) {
  if (request.status === 'pending') {
    return (
      <div className="space-y-4" data-testid="stk-status">
        <Alert className="flex gap-3">
          <Loader2 className="mt-0.5 h-5 w-5 shrink-0 animate-spin" aria-hidden="true" />
          <div>
            <p className="font-medium">{STK_STATUS_LABELS.pending}</p>
            <p>
              {request.phone_number ?? 'The phone'} has been asked for{' '}
              {kesFromCents(request.amount_cents)} to account {request.account_reference}. The
              parent enters their M-Pesa PIN to pay; this updates by itself.
            </p>
          </div>
        </Alert>
        <CloseRow onClose={onClose} />
      </div>
    );
  }
  if (request.status === 'paid') {
    return (
      <div className="space-y-4" data-testid="stk-status">
        <Alert tone="success" className="flex gap-3">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">Paid: {kesFromCents(request.amount_cents)} by M-Pesa</p>
            {request.payment ? (
              <p>
                Receipt no. {request.payment.receipt_number}
                {request.payment.reference ? ` · M-Pesa ${request.payment.reference}` : ''}
              </p>
            ) : null}
          </div>
        </Alert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Done
          </Button>
          {request.payment ? (
            <ReceiptButton
              receiptUrl={`/api/payments/${request.payment.id}/receipt/`}
              receiptNumber={request.payment.receipt_number}
            />
          ) : null}
        </div>
      </div>
    );
  }
  if (request.status === 'held') {
    return (
      <div className="space-y-4" data-testid="stk-status">
        <Alert tone="warning" className="flex gap-3">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{STK_STATUS_LABELS.held}</p>
            <p>{request.reason}</p>
          </div>
        </Alert>
        <CloseRow onClose={onClose} />
      </div>
    );
  }
  return (
    <div className="space-y-4" data-testid="stk-status">
      <Alert tone="error" className="flex gap-3">
        <XCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-medium">Not paid</p>
          <p>{request.reason ?? 'M-Pesa did not say why.'}</p>
        </div>
      </Alert>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRetry}>Ask again</Button>
      </div>
    </div>
  );
}

/**
 * Request M-Pesa: an STK push to the parent's phone for an amount, then its status as it
 * changes (waiting, paid with the receipt, or why it failed in words).
 */
export function MpesaDialog({ student, onClose }: { student: FeeStudent | null; onClose(): void }) {
  const open = student !== null;
  const push = useStkPush();
  const key = useIdempotencyKey();
  const phone = useParentPhone(student?.id ?? null);
  const [requestId, setRequestId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const status = useStkRequest(requestId);
  const form = useForm<StkPushForm, unknown, StkPushValues>({
    resolver: zodResolver(stkPushFormSchema),
    defaultValues: { phone_number: '', amount: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset({ phone_number: '', amount: suggestedAmount(student?.balance_cents ?? null) });
    setRequestId(null);
    setFailure(null);
  }, [open, student, form]);
  // The parent's phone, once known, unless something was typed already.
  useEffect(() => {
    if (phone.data && !form.getValues('phone_number')) form.setValue('phone_number', phone.data);
  }, [phone.data, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!student) return;
    setFailure(null);
    try {
      const request = await push.mutateAsync({
        body: stkBody(student.id, values),
        key: key.current(),
      });
      key.renew();
      setRequestId(request.id);
    } catch (err) {
      setFailure(applyServerErrors(err, form));
    }
  });

  const name = student ? studentName(student) : '';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isSubmitting && onClose()}
      title="Request M-Pesa"
      description={student ? `${name} · Adm. ${student.admission_number}` : undefined}
    >
      {requestId !== null ? (
        status.data ? (
          <StkProgress request={status.data} onRetry={() => setRequestId(null)} onClose={onClose} />
        ) : status.isError ? (
          <Alert tone="error">Could not ask about the payment. {errorMessage(status.error)}</Alert>
        ) : (
          <p className="text-sm text-muted-foreground">Asking M-Pesa…</p>
        )
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <p className="flex gap-2 text-sm text-muted-foreground">
            <Smartphone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            The parent gets an M-Pesa prompt on their phone and enters their PIN to pay the school.
          </p>
          <Field
            label="Phone number"
            error={errors.phone_number?.message}
            hint="A Safaricom number: 07… or 01…"
          >
            <Input
              inputMode="tel"
              autoComplete="off"
              placeholder="0712345678"
              {...form.register('phone_number')}
            />
          </Field>
          <Field label="Amount (KES)" error={errors.amount?.message} hint="Whole shillings.">
            <Input inputMode="numeric" autoComplete="off" {...form.register('amount')} />
          </Field>
          <FormFooter busy={isSubmitting} submitLabel="Send request" onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
