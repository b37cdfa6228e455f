import {
  DEFAULT_SBA_COLUMNS,
  REQUIRED_SBA_COLUMNS,
  SBA_COLUMN_KEYS,
  SBA_COLUMN_LABELS,
  type SbaColumnKey,
  sbaSettingsBody,
} from '@shule/shared/sba';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
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
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useSaveSbaSettings, useSbaSettings } from './sba-api';

/**
 * The export's column order, kept by the school: KNEC publishes no file format, so the order is
 * set to what the portal's upload asks. The admission number, UPI and class may be added.
 */
export function SbaColumnOrder() {
  const settings = useSbaSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Export column order</CardTitle>
        <CardDescription>
          KNEC publishes no file format for the CBA portal: set the columns in the order its upload
          asks. Learning areas are one column each, in the grade's order.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <SkeletonRows rows={4} />
        ) : settings.isError ? (
          <LoadError what="the column order" error={settings.error} onRetry={settings.refetch} />
        ) : (
          <ColumnEditor key={settings.data.columns.join()} saved={settings.data.columns} />
        )}
      </CardContent>
    </Card>
  );
}

function ColumnEditor({ saved }: { saved: SbaColumnKey[] }) {
  const [columns, setColumns] = useState<SbaColumnKey[]>(saved);
  const save = useSaveSbaSettings();
  const unused = SBA_COLUMN_KEYS.filter((c) => !columns.includes(c));
  const changed = columns.join() !== saved.join();
  const problem = sbaSettingsBody.safeParse({ columns }).error?.issues[0]?.message;

  const move = (i: number, by: -1 | 1) =>
    setColumns((was) => {
      const next = [...was];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return next;
    });
  const submit = () =>
    save.mutate(
      { columns },
      {
        onSuccess: () => toast({ title: 'Column order saved', variant: 'success' }),
        onError: (err) =>
          toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' }),
      },
    );

  return (
    <div className="space-y-3">
      <ol aria-label="Columns of the export" className="divide-y rounded-md border">
        {columns.map((c, i) => (
          <li key={c} className="flex items-center gap-2 px-3 py-2 text-sm">
            <span className="w-6 text-muted-foreground">{i + 1}.</span>
            <span className="min-w-0 flex-1 font-medium">{SBA_COLUMN_LABELS[c]}</span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move ${SBA_COLUMN_LABELS[c]} up`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <ArrowUp className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move ${SBA_COLUMN_LABELS[c]} down`}
              disabled={i === columns.length - 1}
              onClick={() => move(i, 1)}
            >
              <ArrowDown className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${SBA_COLUMN_LABELS[c]}`}
              disabled={REQUIRED_SBA_COLUMNS.includes(c)}
              onClick={() => setColumns((was) => was.filter((x) => x !== c))}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {unused.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Add:</span>
          {unused.map((c) => (
            <Button
              key={c}
              variant="outline"
              size="sm"
              onClick={() => setColumns((was) => [...was, c])}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              {SBA_COLUMN_LABELS[c]}
            </Button>
          ))}
        </div>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={!changed || !!problem || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save order'}
        </Button>
        <Button
          variant="outline"
          disabled={columns.join() === DEFAULT_SBA_COLUMNS.join()}
          onClick={() => setColumns([...DEFAULT_SBA_COLUMNS])}
        >
          Use the default order
        </Button>
      </div>
    </div>
  );
}
