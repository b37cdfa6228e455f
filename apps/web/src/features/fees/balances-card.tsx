import type { BalanceRow } from '@shule/shared/fee-ledger';
import { MPESA_MESSAGES } from '@shule/shared/mpesa';
import { pageCount } from '@shule/shared/pagination';
import { Download, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NoMatches } from '../../components/ui/no-matches';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { downloadFeeStatementPdf } from '../../lib/fee-files';
import { kesFromCents } from '../../lib/kes';
import { useClasses } from '../../lib/queries/classes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { FeeStudent } from './fee-student';
import { downloadBalancesCsv, useBalances } from './get-balances';

const money = 'text-right tabular-nums whitespace-nowrap';

const feeStudent = (row: BalanceRow): FeeStudent => ({
  ...row.student,
  balance_cents: row.balance_cents,
});

/** The balance in words a parent would use: owes, carried forward, or nothing. */
function BalanceText({ cents }: { cents: number }) {
  if (cents < 0) {
    return <span className="text-green-800">{kesFromCents(-cents)} forward</span>;
  }
  return (
    <span className={cents > 0 ? 'font-medium' : 'text-muted-foreground'}>
      {kesFromCents(cents)}
    </span>
  );
}

/**
 * Students with their fees (every term's charges and credits), highest balance first: search,
 * a class, only those owing; the CSV of every page; and per student, record a payment, ask
 * M-Pesa, or the statement PDF.
 */
export function BalancesCard({
  mpesaConfigured,
  onPay,
  onMpesa,
}: {
  /** undefined while the M-Pesa status loads. */
  mpesaConfigured: boolean | undefined;
  onPay(student: FeeStudent): void;
  onMpesa(student: FeeStudent): void;
}) {
  const classes = useClasses();
  const [classId, setClassId] = useState<number | null>(null);
  // /fees?search=0421 (a student's page links so): that student, whether or not they owe.
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [owingOnly, setOwingOnly] = useState(() => !params.get('search'));
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search, 300);
  const filter = { classId, search: debounced, owingOnly };
  const balances = useBalances({ ...filter, page });
  const [exporting, setExporting] = useState(false);
  const [statementOf, setStatementOf] = useState<number | null>(null);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadBalancesCsv(filter);
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  const statement = async (row: BalanceRow) => {
    setStatementOf(row.student.id);
    try {
      await downloadFeeStatementPdf(row.student);
    } catch (err) {
      toast({
        title: 'Statement not downloaded',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setStatementOf(null);
    }
  };

  const name = (r: BalanceRow) => `${r.student.first_name} ${r.student.last_name}`;
  // Three across a phone's card, in a row at the table's end: words only, which fit both.
  const actions = (r: BalanceRow) => (
    <div className="grid grid-cols-3 gap-2 md:flex md:justify-end">
      <Button
        size="sm"
        className="px-2 md:px-3"
        onClick={() => onPay(feeStudent(r))}
        aria-label={`Record a payment for ${name(r)}`}
      >
        Pay
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="px-2 md:px-3"
        disabled={mpesaConfigured !== true}
        title={mpesaConfigured === false ? MPESA_MESSAGES.notConfigured : undefined}
        onClick={() => onMpesa(feeStudent(r))}
        aria-label={`Request M-Pesa from ${name(r)}'s parent`}
      >
        M-Pesa
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="px-2 md:px-3"
        disabled={statementOf === r.student.id}
        onClick={() => statement(r)}
        aria-label={`Statement of ${name(r)} (PDF)`}
      >
        {statementOf === r.student.id ? 'Preparing…' : 'Statement'}
      </Button>
    </div>
  );

  const data = balances.data;
  let body: ReactNode;
  if (balances.isPending) body = <SkeletonRows rows={5} />;
  else if (balances.isError) {
    body = <LoadError what="the balances" error={balances.error} onRetry={balances.refetch} />;
  } else if (data!.total === 0) {
    body =
      debounced.trim() || classId || !owingOnly ? (
        <NoMatches>No students match. Change the search or the class.</NoMatches>
      ) : (
        <EmptyState
          icon={<Users className="h-10 w-10" />}
          title="Nobody owes fees"
          hint="Students appear here once a term is billed and until they have paid. Show everyone to record a payment in advance."
        />
      );
  } else {
    body = (
      <div className="space-y-3">
        <CardsOrTable<BalanceRow>
          label="Students with balances"
          rows={data!.students}
          rowKey={(r) => r.student.id}
          card={(r) => (
            <div className="space-y-2 rounded-md border p-3 text-sm" data-testid="balance-row">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <Link to={`/students/${r.student.id}`} className="font-medium hover:underline">
                    {name(r)}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    Adm. {r.student.admission_number} · {r.class.name}
                  </p>
                </div>
                <p className="text-right tabular-nums">
                  <BalanceText cents={r.balance_cents} />
                  <span className="block text-xs text-muted-foreground">
                    paid {kesFromCents(r.paid_cents)}
                  </span>
                </p>
              </div>
              {actions(r)}
            </div>
          )}
          rowProps={() => ({ 'data-testid': 'balance-row' })}
          columns={[
            {
              header: 'Student',
              className: 'whitespace-nowrap',
              cell: (r) => (
                <div>
                  <Link to={`/students/${r.student.id}`} className="font-medium hover:underline">
                    {name(r)}
                  </Link>
                  <p className="text-xs text-muted-foreground">Adm. {r.student.admission_number}</p>
                </div>
              ),
            },
            { header: 'Class', cell: (r) => r.class.name, className: 'whitespace-nowrap' },
            {
              header: 'Expected',
              cell: (r) => kesFromCents(r.expected_cents),
              className: money,
              headerClassName: 'text-right',
            },
            {
              header: 'Paid',
              cell: (r) => kesFromCents(r.paid_cents),
              className: money,
              headerClassName: 'text-right',
            },
            {
              header: 'Balance',
              cell: (r) => <BalanceText cents={r.balance_cents} />,
              className: money,
              headerClassName: 'text-right',
            },
            { header: 'Actions', cell: actions, headerClassName: 'sr-only' },
          ]}
        />
        <p className="text-sm text-muted-foreground">
          Owed by{' '}
          {data!.total === 1
            ? 'this student'
            : `these ${data!.total.toLocaleString('en-KE')} students`}
          :{' '}
          <span className="font-medium text-foreground tabular-nums">
            {kesFromCents(data!.total_balance_cents)}
          </span>
        </p>
        {pageCount(data!.total, data!.page_size) > 1 ? (
          <Pagination
            page={page}
            pageSize={data!.page_size}
            total={data!.total}
            busy={balances.isPlaceholderData}
            onPageChange={setPage}
          />
        ) : null}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1.5">
          <CardTitle>Students' balances</CardTitle>
          <CardDescription>
            Every term's charges less what was paid or granted. Record a payment, ask the parent by
            M-Pesa, or print a statement.
          </CardDescription>
          {mpesaConfigured === false ? (
            <p className="text-sm text-yellow-800" data-testid="mpesa-not-configured">
              {MPESA_MESSAGES.notConfigured}: cash, bank and cheque payments work. Whoever installed
              Shule adds the school&apos;s Paybill settings (see{' '}
              <Link to="/help" className="font-medium underline">
                Help
              </Link>
              ).
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          onClick={exportCsv}
          disabled={exporting || !data || data.total === 0}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchInput
            placeholder="Search name or admission number"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
          <label htmlFor="balances-class" className="sr-only">
            Class
          </label>
          <Select
            id="balances-class"
            className="sm:w-44"
            value={classId ?? ''}
            onChange={(e) => {
              setClassId(e.target.value ? Number(e.target.value) : null);
              setPage(1);
            }}
          >
            <option value="">All classes</option>
            {classes.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
          <label htmlFor="balances-who" className="sr-only">
            Show
          </label>
          <Select
            id="balances-who"
            className="sm:w-44"
            value={owingOnly ? 'owing' : 'all'}
            onChange={(e) => {
              setOwingOnly(e.target.value === 'owing');
              setPage(1);
            }}
          >
            <option value="owing">Owing only</option>
            <option value="all">Every student</option>
          </Select>
        </div>
        {body}
      </CardContent>
    </Card>
  );
}
