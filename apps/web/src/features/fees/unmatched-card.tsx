import { formatSchoolMoment } from '@shule/shared/display-dates';
import type { QueuedPayment } from '@shule/shared/mpesa';
import { pageCount } from '@shule/shared/pagination';
import { AlertTriangle, Check, Inbox, Upload, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { kesFromCents } from '../../lib/kes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { balanceWords } from './balance-words';
import { ImportStatementDialog } from './import-statement-dialog';
import {
  useAssignPayment,
  useResolveReview,
  useStudentSearch,
  useUnmatchedPayments,
} from './unmatched-payments';

const SOURCE_WORDS = {
  counter: 'Counter',
  stk: 'M-Pesa prompt',
  c2b: 'Paybill',
  import: 'Imported statement',
} as const;

const paidAt = (p: QueuedPayment) => formatSchoolMoment(p.paid_at, { time: true });

/** Choose the student a queued payment was meant for, by name or admission number. */
function AssignDialog({ payment, onClose }: { payment: QueuedPayment | null; onClose(): void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const students = useStudentSearch(debounced);
  const assign = useAssignPayment();
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (student: { id: number; first_name: string; last_name: string }) => {
    if (!payment) return;
    setFailure(null);
    assign.mutate(
      { paymentId: payment.id, studentId: student.id },
      {
        onSuccess: ({ balance_cents }) => {
          toast({
            title: 'Payment assigned',
            description: `${kesFromCents(payment.amount_cents)} to ${student.first_name} ${student.last_name}, who now ${balanceWords(balance_cents)}.`,
            variant: 'success',
          });
          setSearch('');
          onClose();
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(next) => !next && !assign.isPending && onClose()}
      title="Assign payment"
      description={
        payment
          ? `${kesFromCents(payment.amount_cents)}${payment.reference ? ` · ${payment.reference}` : ''}${payment.account_reference ? ` · account typed "${payment.account_reference}"` : ''}`
          : undefined
      }
    >
      <div className="space-y-3">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <SearchInput
          className="sm:max-w-none!"
          placeholder="Search student name or admission number"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoFocus
        />
        {search.trim() === '' ? (
          <p className="text-sm text-muted-foreground">Type a name or an admission number.</p>
        ) : search !== debounced || students.isPending ? (
          <p className="text-sm text-muted-foreground">Searching…</p>
        ) : students.isError ? (
          <LoadError what="the students" error={students.error} onRetry={students.refetch} />
        ) : students.data?.students.length === 0 ? (
          <p className="text-sm text-muted-foreground">No student matches.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Matching students">
            {students.data?.students.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">
                    {s.first_name} {s.last_name}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    Adm. {s.admission_number}
                    {s._class ? ` · ${s._class.name}` : ''}
                  </span>
                </span>
                <Button
                  size="sm"
                  disabled={assign.isPending}
                  onClick={() => choose(s)}
                  aria-label={`Assign to ${s.first_name} ${s.last_name}`}
                >
                  <UserCheck className="h-4 w-4" aria-hidden="true" />
                  Assign
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

/** Marks a review looked at (the payment stays as it is; a wrong one is reversed on its own). */
function ResolveButton({ reviewId }: { reviewId: number }) {
  const resolve = useResolveReview();
  return (
    <Button
      size="sm"
      variant="outline"
      className="h-7 shrink-0 px-2 text-xs"
      disabled={resolve.isPending}
      onClick={() =>
        resolve.mutate(reviewId, {
          onError: (err) =>
            toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' }),
        })
      }
    >
      <Check className="h-3.5 w-3.5" aria-hidden="true" />
      Checked
    </Button>
  );
}

/**
 * The review queue: payments no admission number matched (a Paybill payment with a mistyped
 * account, a statement row), which an admin assigns to the student it was for; payments held
 * back (M-Pesa reported another amount than the prompt asked); and payments whose M-Pesa
 * receipt another school also recorded.
 */
export function UnmatchedCard() {
  const [page, setPage] = useState(1);
  const queue = useUnmatchedPayments(page);
  const [assigning, setAssigning] = useState<QueuedPayment | null>(null);
  const [importing, setImporting] = useState(false);
  const data = queue.data;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1.5">
          <CardTitle>Payments to review</CardTitle>
          <CardDescription>
            M-Pesa and imported payments whose account matched no admission number, and payments
            M-Pesa reported in a way that needs a look. Assign each unmatched one to its student.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => setImporting(true)}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Import a statement
        </Button>
      </CardHeader>
      <CardContent>
        {queue.isPending ? (
          <SkeletonRows rows={2} />
        ) : queue.isError ? (
          <LoadError what="the unmatched payments" error={queue.error} onRetry={queue.refetch} />
        ) : data!.total === 0 ? (
          <EmptyState
            icon={<Inbox className="h-10 w-10" />}
            title="No unmatched payments"
            hint="Every payment received has found its student, and none needs a look."
          />
        ) : (
          <div className="space-y-3">
            <p className="text-sm">
              {data!.total} to look at, {kesFromCents(data!.total_cents)} in all.
            </p>
            <ul className="divide-y rounded-md border" aria-label="Unmatched payments">
              {data!.payments.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                  data-testid="unmatched-payment"
                >
                  <div className="min-w-0">
                    <p className="font-medium tabular-nums">
                      {kesFromCents(p.amount_cents)}
                      {p.reference ? <span className="font-normal"> · {p.reference}</span> : null}
                    </p>
                    <p className="break-words text-xs text-muted-foreground">
                      Account typed: {p.account_reference ? `"${p.account_reference}"` : 'none'}
                      {p.payer_name ? ` · ${p.payer_name}` : ''}
                      {p.payer_phone ? ` · ${p.payer_phone}` : ''}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {SOURCE_WORDS[p.source]} · {paidAt(p)} · receipt no. {p.receipt_number}
                      {p.student
                        ? ` · credited to ${p.student.name} (Adm. ${p.student.admission_number})`
                        : ''}
                    </p>
                    {p.reviews.map((review) => (
                      <Alert
                        key={review.id}
                        tone="warning"
                        className="mt-2 space-y-2 px-3 py-2 text-xs sm:flex sm:items-start sm:gap-2 sm:space-y-0"
                      >
                        <span className="flex min-w-0 flex-1 items-start gap-2">
                          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                          <span className="min-w-0">{review.reason}</span>
                        </span>
                        {review.kind === 'amount_differs' ? null : (
                          <ResolveButton reviewId={review.id} />
                        )}
                      </Alert>
                    ))}
                  </div>
                  {p.student ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      className="shrink-0"
                      onClick={() => setAssigning(p)}
                    >
                      <UserCheck className="h-4 w-4" aria-hidden="true" />
                      Assign to a student
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {pageCount(data!.total, data!.page_size) > 1 ? (
              <Pagination
                page={page}
                pageSize={data!.page_size}
                total={data!.total}
                busy={queue.isPlaceholderData}
                onPageChange={setPage}
              />
            ) : null}
          </div>
        )}
      </CardContent>
      <AssignDialog payment={assigning} onClose={() => setAssigning(null)} />
      <ImportStatementDialog open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
