import { formatDate } from '@shule/shared/display-dates';
import { PAYMENT_METHOD_LABELS } from '@shule/shared/fees';
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { AdminOnlyPage } from '../../components/admin-only';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { Table, TBody, Td, THead, Th, Tr } from '../../components/ui/table';
import { kesFromCents } from '../../lib/kes';
import { RANGES, type RangeKey, rangeOf } from './analytics-series';
import { useFeeAnalytics } from './get-fee-analytics';

// Chart.js loads with the charts, after the numbers are on screen.
const FeeAnalyticsCharts = lazy(async () => ({
  default: (await import('./fee-analytics-charts')).FeeAnalyticsCharts,
}));

const isRange = (v: string): v is RangeKey => v in RANGES;

/** /analytics (the drawer's Fee analytics link): fees collected over time and by method. Admins only. */
export function FeeAnalyticsPage() {
  return (
    <AdminOnlyPage
      title="Fee analytics"
      hint="Fees are kept by the school's admins. Ask one about the fee collection."
    >
      <FeeAnalytics />
    </AdminOnlyPage>
  );
}

function FeeAnalytics() {
  const [rangeKey, setRangeKey] = useState<RangeKey>('30');
  const range = useMemo(() => rangeOf(rangeKey), [rangeKey]);
  const analytics = useFeeAnalytics(range);

  const data = analytics.data;
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageHeader
        title="Fee analytics"
        breadcrumb={[{ label: 'Fees', to: '/fees' }, { label: 'Analytics' }]}
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor="analytics-range" className="text-sm font-medium">
              Range
            </label>
            <Select
              id="analytics-range"
              className="w-auto"
              value={rangeKey}
              onChange={(e) => isRange(e.target.value) && setRangeKey(e.target.value)}
            >
              {Object.entries(RANGES).map(([key, r]) => (
                <option key={key} value={key}>
                  {r.label}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {analytics.isPending ? (
        <SkeletonRows rows={4} />
      ) : analytics.isError ? (
        <LoadError what="the fee analytics" error={analytics.error} onRetry={analytics.refetch} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="analytics-totals">
            <div className="rounded-lg border bg-background p-4 shadow-sm">
              <dt className="text-xs text-muted-foreground">Collected</dt>
              <dd className="whitespace-nowrap text-base font-semibold tabular-nums sm:text-lg">
                {kesFromCents(data!.total_cents)}
              </dd>
            </div>
            <div className="rounded-lg border bg-background p-4 shadow-sm">
              <dt className="text-xs text-muted-foreground">Payments</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {data!.payments.toLocaleString('en-KE')}
              </dd>
            </div>
            <div className="col-span-2 rounded-lg border bg-background p-4 shadow-sm sm:col-span-1">
              <dt className="text-xs text-muted-foreground">Days</dt>
              <dd className="text-sm font-medium">
                {formatDate(data!.from)} to {formatDate(data!.to)}
              </dd>
            </div>
          </dl>
          {data!.payments === 0 ? (
            <EmptyState
              icon={<BarChart3 className="h-10 w-10" />}
              title="No payments in this range"
              hint="Payments recorded at the counter, by M-Pesa or from statements appear here."
            />
          ) : (
            <>
              <Suspense
                fallback={
                  <div className="grid gap-4 lg:grid-cols-3">
                    <Skeleton className="h-80 lg:col-span-2" />
                    <Skeleton className="h-80" />
                  </div>
                }
              >
                <FeeAnalyticsCharts analytics={data!} />
              </Suspense>
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Payments by method</CardTitle>
                </CardHeader>
                <CardContent>
                  <Table>
                    <THead>
                      <tr>
                        <Th>Method</Th>
                        <Th className="text-right">Payments</Th>
                        <Th className="text-right">Collected</Th>
                      </tr>
                    </THead>
                    <TBody>
                      {data!.by_method.map((m) => (
                        <Tr key={m.method}>
                          <Td>{PAYMENT_METHOD_LABELS[m.method]}</Td>
                          <Td className="text-right tabular-nums">{m.payments}</Td>
                          <Td className="whitespace-nowrap text-right tabular-nums">
                            {kesFromCents(m.amount_cents)}
                          </Td>
                        </Tr>
                      ))}
                    </TBody>
                  </Table>
                </CardContent>
              </Card>
            </>
          )}
        </>
      )}
    </div>
  );
}
