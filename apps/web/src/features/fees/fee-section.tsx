import { formatSchoolMoment } from '@shule/shared/display-dates';
import type { LedgerEntry } from '@shule/shared/fee-ledger';
import type { StudentDetail } from '@shule/shared/students';
import { BadgePercent, FileText, Undo2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { downloadFeeStatementPdf } from '../../lib/fee-files';
import { kesFromCents } from '../../lib/kes';
import { FeeCreditDialog, ReverseEntryDialog } from './fee-credit-dialog';
import { useFeeStatement } from './get-fee-statement';

/** The latest entries shown here; the PDF has every one. */
const RECENT = 5;

const entryDate = (e: LedgerEntry) => formatSchoolMoment(e.date);

/** An entry not yet reversed, and not itself a reversal, may be reversed (once). */
const canReverse = (e: LedgerEntry) => e.kind !== 'reversal' && e.reversed_by === null;

/** A charge adds (+), every credit takes off (−). */
const signed = (cents: number) =>
  cents > 0 ? `+${kesFromCents(cents)}` : `−${kesFromCents(-cents)}`;

/**
 * The student's fees on their page (admins only): the balance, the latest ledger entries with
 * receipt numbers, and the full statement as a PDF.
 */
export function FeeSection({ student }: { student: StudentDetail }) {
  const statement = useFeeStatement(student.id);
  const [downloading, setDownloading] = useState<'plain' | 'vote_head' | null>(null);
  const [crediting, setCrediting] = useState(false);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);

  const download = async (byVoteHead: boolean) => {
    setDownloading(byVoteHead ? 'vote_head' : 'plain');
    try {
      await downloadFeeStatementPdf(student, { byVoteHead });
    } catch (err) {
      toast({
        title: 'Statement not downloaded',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  };

  const data = statement.data;
  const balance = data?.balance_cents ?? 0;
  const recent = data ? data.entries.slice(-RECENT).reverse() : [];
  return (
    <section
      aria-labelledby="student-fees"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="student-fees" className="text-base font-semibold">
            Fees
          </h2>
          {data ? (
            <p className="mt-1 text-sm" data-testid="fee-balance">
              {balance > 0 ? (
                <>
                  Owes <span className="font-semibold tabular-nums">{kesFromCents(balance)}</span>
                </>
              ) : balance < 0 ? (
                <>
                  <span className="font-semibold tabular-nums text-green-800">
                    {kesFromCents(-balance)}
                  </span>{' '}
                  carried forward
                </>
              ) : (
                'Owes nothing'
              )}
              <span className="text-muted-foreground">
                {' '}
                · charged {kesFromCents(data.charged_cents)}, paid or granted{' '}
                {kesFromCents(data.credited_cents)}
              </span>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/fees?${new URLSearchParams({ search: student.admission_number })}`}
            className={buttonClass('outline', 'sm')}
          >
            <Wallet className="h-4 w-4" aria-hidden="true" />
            Record a payment
          </Link>
          <Button size="sm" variant="outline" onClick={() => setCrediting(true)} disabled={!data}>
            <BadgePercent className="h-4 w-4" aria-hidden="true" />
            Add a credit
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => download(false)}
            disabled={downloading !== null || !data}
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            {downloading === 'plain' ? 'Preparing PDF…' : 'Statement (PDF)'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => download(true)}
            disabled={downloading !== null || !data}
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            {downloading === 'vote_head' ? 'Preparing PDF…' : 'By vote head (PDF)'}
          </Button>
        </div>
      </div>
      {statement.isPending ? (
        <SkeletonRows rows={2} />
      ) : statement.isError ? (
        <LoadError what="the fee statement" error={statement.error} onRetry={statement.refetch} />
      ) : recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">No fees billed or paid yet.</p>
      ) : (
        <div>
          <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">
            Latest entries
          </h3>
          <ul className="divide-y text-sm" aria-label="Latest fee entries">
            {recent.map((e) => (
              <li
                key={e.id}
                className="flex items-start justify-between gap-3 py-2"
                data-testid="fee-entry"
              >
                <div className="min-w-0">
                  <p className={cn('break-words', e.reversed_by !== null && 'line-through')}>
                    {e.description}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {entryDate(e)}
                    {e.receipt_number !== null ? (
                      <span className="whitespace-nowrap"> · receipt no. {e.receipt_number}</span>
                    ) : null}
                  </p>
                </div>
                <div className="flex shrink-0 items-start gap-2">
                  <p className="text-right tabular-nums">
                    <span className={e.amount_cents < 0 ? 'text-green-800' : undefined}>
                      {signed(e.amount_cents)}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      balance {kesFromCents(e.balance_cents)}
                    </span>
                  </p>
                  {canReverse(e) ? (
                    <Button
                      size="icon"
                      variant="ghost"
                      className="h-8 w-8"
                      aria-label={`Reverse ${e.description}`}
                      title="Reverse"
                      onClick={() => setReversing(e)}
                    >
                      <Undo2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  ) : (
                    <span className="h-8 w-8" aria-hidden="true" />
                  )}
                </div>
              </li>
            ))}
          </ul>
          {data && data.entries.length > RECENT ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {data.entries.length - RECENT} earlier entries are in the statement.
            </p>
          ) : null}
        </div>
      )}
      <FeeCreditDialog student={student} open={crediting} onOpenChange={setCrediting} />
      <ReverseEntryDialog entry={reversing} onClose={() => setReversing(null)} />
    </section>
  );
}
