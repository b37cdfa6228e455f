import type { FeeCategory } from '@shule/shared/fee-structures';
import {
  FEE_APPLICABILITY_LABELS,
  FEE_DURATION_LABELS,
  VOTE_HEAD_LABELS,
} from '@shule/shared/fees';
import { CalendarRange, Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { deleteToasts } from '../../components/delete-toasts';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { RowActions } from '../../components/ui/row-actions';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useDeleteFeeCategory } from './delete-fee-category';
import { FeeCategoryDialog } from './fee-category-dialog';
import { useFeeCategories } from './get-fee-categories';
import { useFeeStructure } from './get-fee-structure';
import { StructureAmountsCard } from './structure-amounts-card';
import { TermSelect, useChosenTerm } from './term-select';

const usage = (c: FeeCategory) => {
  const parts = [
    c.structure_lines === 0
      ? 'In no structure yet'
      : `${c.structure_lines} class amount${c.structure_lines === 1 ? '' : 's'}`,
  ];
  if (c.billed_students > 0) {
    parts.push(`billed to ${c.billed_students} student${c.billed_students === 1 ? '' : 's'}`);
  }
  return parts.join(' · ');
};

/**
 * /fee_structure: the school's fee categories (the 'Fee Categories'
 * card and its 'Add Fee' dialog), and a term's amounts per class, saved and billed. Admins only:
 * money is theirs alone.
 */
export function FeeStructurePage() {
  return (
    <AdminOnlyPage
      title="Fee structure"
      hint="Fees are kept by the school's admins. Ask one to see the fee structure."
    >
      <FeeStructure />
    </AdminOnlyPage>
  );
}

function FeeStructure() {
  const categories = useFeeCategories();
  const { terms, term, choose } = useChosenTerm();
  const structure = useFeeStructure(term ? term.id : null);
  const deleteCategory = useDeleteFeeCategory();
  const [dialog, setDialog] = useState<{ open: boolean; editing: FeeCategory | null }>({
    open: false,
    editing: null,
  });
  const [toDelete, setToDelete] = useState<FeeCategory | null>(null);

  const confirmDelete = (category: FeeCategory) =>
    deleteCategory.mutate(category.id, {
      ...deleteToasts('fee category', () => confirmDelete(category)),
      onSettled: () => setToDelete(null),
    });

  const list = categories.data ?? [];
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageHeader
        title="Fee structure"
        actions={
          terms.data && terms.data.length > 0 ? (
            <TermSelect terms={terms.data} value={term?.id} onChange={choose} />
          ) : null
        }
      />

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-64 space-y-1.5">
            <CardTitle>Fee Categories</CardTitle>
            <CardDescription>What the school charges for, and how often.</CardDescription>
          </div>
          <Button onClick={() => setDialog({ open: true, editing: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Fee
          </Button>
        </CardHeader>
        <CardContent>
          {categories.isPending ? (
            <SkeletonRows rows={3} />
          ) : categories.isError ? (
            <LoadError
              what="the fee categories"
              error={categories.error}
              onRetry={categories.refetch}
            />
          ) : list.length === 0 ? (
            <EmptyState
              icon={<Tags className="h-10 w-10" />}
              title="No fee categories yet"
              hint="Add what the school charges for: tuition, boarding, activity, lunch…"
            />
          ) : (
            <ul className="divide-y rounded-md border" aria-label="Fee categories">
              {list.map((c) => (
                <li
                  key={c.id}
                  className="flex items-start justify-between gap-3 p-3"
                  data-testid="fee-category"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="break-words">{c.name}</span>
                      <Badge>{FEE_DURATION_LABELS[c.duration]}</Badge>
                      <Badge tone="blue">{VOTE_HEAD_LABELS[c.vote_head]}</Badge>
                      {c.applies_to !== 'all' ? (
                        <Badge tone="yellow">{FEE_APPLICABILITY_LABELS[c.applies_to]}</Badge>
                      ) : null}
                    </p>
                    {c.description ? (
                      <p className="break-words text-sm text-muted-foreground">{c.description}</p>
                    ) : null}
                    <p className="text-xs text-muted-foreground">{usage(c)}</p>
                  </div>
                  <RowActions
                    name={c.name}
                    look="icon"
                    onEdit={() => setDialog({ open: true, editing: c })}
                    onDelete={() => setToDelete(c)}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {terms.isError ? (
        <LoadError what="the terms" error={terms.error} onRetry={terms.refetch} />
      ) : terms.data?.length === 0 ? (
        <EmptyState
          icon={<CalendarRange className="h-10 w-10" />}
          title="No terms yet"
          hint="A fee structure is a term's amounts per class. Add the school's terms first."
          action={
            <Link to="/terms" className={buttonClass('outline')}>
              Go to Terms
            </Link>
          }
        />
      ) : structure.isError ? (
        <LoadError what="the fee structure" error={structure.error} onRetry={structure.refetch} />
      ) : structure.data ? (
        // A card of its own per term: another term starts without this one's messages.
        <StructureAmountsCard key={structure.data.term.id} structure={structure.data} />
      ) : (
        <SkeletonRows rows={4} />
      )}

      <FeeCategoryDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        editing={dialog.editing}
        structure={structure.data}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete ${toDelete?.name ?? 'fee category'}?`}
        description="A category in a structure or already billed cannot be deleted: nothing is lost silently."
        busy={deleteCategory.isPending}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      />
    </div>
  );
}
