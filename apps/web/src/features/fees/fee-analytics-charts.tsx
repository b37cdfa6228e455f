import type { FeeAnalytics } from '@shule/shared/fee-ledger';
import { PAYMENT_METHOD_LABELS } from '@shule/shared/fees';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { kesFromCents } from '../../lib/kes';
import { collectionSeries } from './analytics-series';

// Only the pieces a bar chart and a doughnut use, so the rest of Chart.js stays out of the bundle.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  LinearScale,
  Legend,
  Tooltip,
);

const GREEN = '#166534';
const METHOD_COLOURS = { mpesa: '#16a34a', cash: '#ca8a04', bank: '#2563eb', cheque: '#64748b' };

function ChartCanvas<T extends 'bar' | 'doughnut'>({
  config,
  label,
}: {
  config: ChartConfiguration<T>;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config as ChartConfiguration);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative h-72 min-w-0">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/** Shillings on an axis: "12k", "1.5M". */
const shortKes = (cents: number) => {
  const kes = cents / 100;
  if (kes >= 1_000_000)
    return `${(kes / 1_000_000).toLocaleString('en-KE', { maximumFractionDigits: 1 })}M`;
  if (kes >= 1_000)
    return `${(kes / 1_000).toLocaleString('en-KE', { maximumFractionDigits: 1 })}k`;
  return kes.toLocaleString('en-KE');
};

/** Fee collection over time (per day, or per week over a long range) and by method. */
export function FeeAnalyticsCharts({ analytics }: { analytics: FeeAnalytics }) {
  const { overTime, byMethod, weekly } = useMemo(() => {
    const series = collectionSeries(analytics.by_day);
    const methods = analytics.by_method.filter((m) => m.amount_cents > 0);
    const overTime: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: series.map((s) => s.label),
        datasets: [
          { label: 'Collected', data: series.map((s) => s.cents), backgroundColor: GREEN },
        ],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { ticks: { maxRotation: 60, autoSkip: true } },
          y: {
            beginAtZero: true,
            ticks: { callback: (v) => shortKes(Number(v)) },
            title: { display: true, text: 'KES' },
          },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => kesFromCents(Number(item.raw)) } },
        },
      },
    };
    const byMethod: ChartConfiguration<'doughnut'> = {
      type: 'doughnut',
      data: {
        labels: methods.map((m) => PAYMENT_METHOD_LABELS[m.method]),
        datasets: [
          {
            data: methods.map((m) => m.amount_cents),
            backgroundColor: methods.map((m) => METHOD_COLOURS[m.method]),
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (item) => ` ${kesFromCents(Number(item.raw))}` } },
        },
      },
    };
    return { overTime, byMethod, weekly: series.length !== analytics.by_day.length };
  }, [analytics]);

  return (
    // min-w-0: a grid item as wide as its canvas would not let the chart shrink with the screen.
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">Collected {weekly ? 'per week' : 'per day'}</CardTitle>
        </CardHeader>
        <CardContent>
          <ChartCanvas
            config={overTime}
            label={`Bar chart of the fees collected ${weekly ? 'each week' : 'each day'}; the totals by method are in the table`}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">By method</CardTitle>
        </CardHeader>
        <CardContent>
          <ChartCanvas
            config={byMethod}
            label="Doughnut chart of the fees collected by each method; the numbers are in the table"
          />
        </CardContent>
      </Card>
    </div>
  );
}
