import type { Collection } from '@shule/shared/fee-ledger';
import type { Term } from '@shule/shared/terms';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { kesFromCents } from '../../lib/kes';
import { useCollection } from './get-collection';
import { TermSelect } from './term-select';

type Row = Collection['classes'][number];

/** A bar of the percentage collected, with the number beside it. */
function Percent({ value }: { value: number }) {
  return (
    <div className="flex items-center gap-2">
      <div
        className="h-2 w-full min-w-12 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Collected"
      >
        <div className="h-full bg-primary" style={{ width: `${Math.min(100, value)}%` }} />
      </div>
      <span className="w-14 text-right tabular-nums">{value.toFixed(1)}%</span>
    </div>
  );
}

const money = 'text-right tabular-nums whitespace-nowrap';

/** A term's collection per class: expected, collected, balance and the percentage, and totals. */
export function CollectionCard({
  terms,
  term,
  onTermChange,
}: {
  terms: readonly Term[];
  term: Term;
  onTermChange(id: number): void;
}) {
  const collection = useCollection(term.id);
  const data = collection.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1.5">
          <CardTitle>Collection</CardTitle>
          <CardDescription>
            What the term's charges are, and how much of them is paid.
          </CardDescription>
        </div>
        <TermSelect terms={terms} value={term.id} onChange={onTermChange} />
      </CardHeader>
      <CardContent>
        {collection.isPending ? (
          <SkeletonRows rows={3} />
        ) : collection.isError ? (
          <LoadError what="the collection" error={collection.error} onRetry={collection.refetch} />
        ) : data!.totals.expected_cents === 0 ? (
          <EmptyState
            title="Nothing billed this term yet"
            hint="Set the term's amounts on the Fee structure page and bill the term."
          />
        ) : (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="collection-totals">
              {[
                ['Expected', kesFromCents(data!.totals.expected_cents)],
                ['Collected', kesFromCents(data!.totals.collected_cents)],
                ['Balance', kesFromCents(data!.totals.balance_cents)],
                ['Percent collected', `${data!.totals.percent.toFixed(1)}%`],
              ].map(([label, value]) => (
                <div key={label} className="rounded-md border p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="whitespace-nowrap text-sm font-semibold tabular-nums sm:text-lg">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <CardsOrTable<Row>
              label="Collection per class"
              rows={data!.classes}
              rowKey={(r) => r.class.id}
              card={(r) => (
                <div className="rounded-md border p-3 text-sm" data-testid="collection-class">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="font-medium">{r.class.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {r.students} student{r.students === 1 ? '' : 's'}
                    </p>
                  </div>
                  <p className="mt-1 tabular-nums">
                    {kesFromCents(r.collected_cents)} of {kesFromCents(r.expected_cents)}
                  </p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    Balance {kesFromCents(r.balance_cents)}
                  </p>
                  <div className="mt-2">
                    <Percent value={r.percent} />
                  </div>
                </div>
              )}
              rowProps={() => ({ 'data-testid': 'collection-class' })}
              columns={[
                {
                  header: 'Class',
                  cell: (r) => r.class.name,
                  className: 'font-medium',
                },
                { header: 'Students', cell: (r) => r.students, className: 'tabular-nums' },
                {
                  header: 'Expected',
                  cell: (r) => kesFromCents(r.expected_cents),
                  className: money,
                  headerClassName: 'text-right',
                },
                {
                  header: 'Collected',
                  cell: (r) => kesFromCents(r.collected_cents),
                  className: money,
                  headerClassName: 'text-right',
                },
                {
                  header: 'Balance',
                  cell: (r) => kesFromCents(r.balance_cents),
                  className: money,
                  headerClassName: 'text-right',
                },
                { header: '%', cell: (r) => <Percent value={r.percent} />, className: 'w-48' },
              ]}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
