import type { ApplyStructureResult, FeeStructure } from '@shule/shared/fee-structures';
import { FEE_APPLICABILITY_LABELS } from '@shule/shared/fees';
import { Receipt } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
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
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { kesFromCents } from '../../lib/kes';
import { useApplyFeeStructure, useApplyPreview } from './apply-fee-structure';
import { useSaveFeeStructure } from './save-fee-structure';
import { cellKey, cellsOf, isChanged, linesOf } from './structure-cells';
import { termLabel } from './term-choice';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-KE')} ${n === 1 ? one : many}`;

/** What billing did, in a sentence. */
export const billedText = (result: ApplyStructureResult) =>
  result.new_charges === 0
    ? 'Nothing new to bill: every student of these classes has been billed these amounts already.'
    : `Billed ${plural(result.billed_students, 'student')}: ${plural(result.new_charges, 'new charge')}, ${kesFromCents(result.total_cents)} in all.`;

/** What billing will do, in a sentence, before it is done. */
export const toBillText = (preview: ApplyStructureResult) =>
  preview.new_charges === 0
    ? 'Nothing new to bill: every student of these classes has been billed these amounts already.'
    : `This charges ${plural(preview.billed_students, 'student')} ${kesFromCents(preview.total_cents)} in all (${plural(preview.new_charges, 'charge')}).`;

/**
 * A term's fee structure: what each class pays of each category, typed in shillings, saved in
 * one go; then "Bill this term" charges every student of those classes once.
 */
export function StructureAmountsCard({ structure }: { structure: FeeStructure }) {
  const save = useSaveFeeStructure();
  const apply = useApplyFeeStructure();
  const [confirming, setConfirming] = useState(false);
  const preview = useApplyPreview(structure.term.id, confirming);
  const saved = useMemo(() => cellsOf(structure), [structure]);
  const [cells, setCells] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [billed, setBilled] = useState<ApplyStructureResult | null>(null);

  // Another term, or the structure as saved: the boxes show it afresh.
  useEffect(() => {
    setCells(saved);
    setErrors({});
  }, [saved]);

  const changed = isChanged(saved, cells);
  const hasAmounts = structure.amounts.length > 0;
  const term = termLabel(structure.term);
  const { classes, categories } = structure;
  const lineOf = (category: number, classId: number) =>
    structure.amounts.find((a) => a.category === category && a.class === classId);

  const type = (key: string, value: string) => {
    setCells((c) => ({ ...c, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const onSave = () => {
    setFailure(null);
    const lines = linesOf(structure.term.id, cells);
    if (!lines.ok) {
      setErrors(lines.errors);
      return;
    }
    save.mutate(lines.body, {
      onSuccess: () =>
        toast({ title: 'Fee structure saved', description: term, variant: 'success' }),
      onError: (err) => setFailure(errorMessage(err)),
    });
  };

  const onBill = () =>
    apply.mutate(structure.term.id, {
      onSuccess: (result) => {
        setConfirming(false);
        setBilled(result);
      },
      onError: (err) => {
        setConfirming(false);
        setFailure(errorMessage(err));
      },
    });

  let body: ReactNode;
  if (categories.length === 0) {
    // The categories card above already says there are none and offers Add Fee.
    body = (
      <p className="text-sm text-muted-foreground">
        Add a fee category above; then set here what each class pays of it.
      </p>
    );
  } else if (classes.length === 0) {
    body = (
      <EmptyState
        icon={<Receipt className="h-10 w-10" />}
        title="No classes yet"
        hint="Add your classes on the Classes page, then set what each pays here."
      />
    );
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={`Amounts for ${term}`}>
        {classes.map((cls) => {
          const totals = structure.class_totals.find((t) => t.class === cls.id);
          return (
            <li key={cls.id} className="rounded-md border p-3" data-testid="class-amounts">
              <div className="mb-2 flex items-baseline justify-between gap-2">
                <h3 className="font-medium">{cls.name}</h3>
                {totals && (totals.new_cents > 0 || totals.old_cents > 0) ? (
                  <p className="text-right text-xs text-muted-foreground tabular-nums">
                    {totals.new_cents === totals.old_cents
                      ? `${kesFromCents(totals.new_cents)} a student`
                      : `New ${kesFromCents(totals.new_cents)} · continuing ${kesFromCents(totals.old_cents)}`}
                  </p>
                ) : null}
              </div>
              <div className="space-y-2">
                {categories.map((cat) => {
                  const key = cellKey(cat.id, cls.id);
                  const line = lineOf(cat.id, cls.id);
                  const error = errors[key];
                  const label = `${cat.name} for ${cls.name}`;
                  return (
                    <div key={cat.id}>
                      <div className="flex items-center gap-3">
                        <span className="min-w-0 flex-1 text-sm">
                          <span className="break-words">{cat.name}</span>
                          {cat.applies_to !== 'all' ? (
                            <span className="block text-xs text-muted-foreground">
                              {FEE_APPLICABILITY_LABELS[cat.applies_to]}
                            </span>
                          ) : null}
                        </span>
                        {line && line.billed_students > 0 ? (
                          <span className="w-36 shrink-0 text-right text-sm tabular-nums">
                            {kesFromCents(line.amount_cents)}
                            <span className="block text-xs text-muted-foreground">
                              billed to {plural(line.billed_students, 'student')}
                            </span>
                          </span>
                        ) : (
                          <div className="relative w-36 shrink-0">
                            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-xs text-muted-foreground">
                              KES
                            </span>
                            <Input
                              inputMode="decimal"
                              aria-label={label}
                              aria-invalid={error ? true : undefined}
                              className="pl-11 text-right tabular-nums"
                              placeholder="—"
                              value={cells[key] ?? ''}
                              onChange={(e) => type(key, e.target.value)}
                            />
                          </div>
                        )}
                      </div>
                      {error ? (
                        <p role="alert" className="mt-1 text-right text-sm text-destructive">
                          {error}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Amounts for {term}</CardTitle>
        <CardDescription>
          What a student of each class pays this term, in shillings. Leave a box empty when the
          class does not pay it.{' '}
          {structure.billed_students > 0
            ? `Billed to ${plural(structure.billed_students, 'student')} so far: a billed amount is fixed (reverse the charges on a statement to correct one).`
            : 'Nothing billed yet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {billed ? <Alert tone="success">{billedText(billed)}</Alert> : null}
        {body}
        {classes.length > 0 && categories.length > 0 ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            {changed ? (
              <p className="text-sm text-muted-foreground sm:mr-auto">Unsaved changes</p>
            ) : null}
            <Button
              variant="outline"
              disabled={changed || !hasAmounts || apply.isPending}
              title={changed ? 'Save the amounts before billing' : undefined}
              onClick={() => setConfirming(true)}
            >
              Bill this term
            </Button>
            <Button disabled={!changed || save.isPending} onClick={onSave}>
              {save.isPending ? '... Saving' : 'Save amounts'}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !apply.isPending && setConfirming(open)}
        title={`Bill ${term}?`}
        description="Every active student of the classes above is charged this term's amounts that apply to them (new or continuing), once. Billing again charges only what is new."
      >
        <div className="mb-4" data-testid="bill-preview">
          {preview.isPending ? (
            <p className="text-sm text-muted-foreground">Counting the students to bill…</p>
          ) : preview.isError ? (
            <LoadError
              what="what billing would charge"
              error={preview.error}
              onRetry={preview.refetch}
            />
          ) : (
            <p className="text-sm font-medium">{toBillText(preview.data)}</p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={apply.isPending} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            disabled={apply.isPending || !preview.data || preview.data.new_charges === 0}
            onClick={onBill}
          >
            {apply.isPending
              ? '... Billing'
              : preview.data && preview.data.billed_students > 0
                ? `Bill ${plural(preview.data.billed_students, 'student')}`
                : 'Bill students'}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
