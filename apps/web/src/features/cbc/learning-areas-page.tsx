import { defaultLearningAreas, type LearningArea } from '@shule/shared/cbc';
import {
  BookOpen,
  ChevronDown,
  ChevronRight,
  ClipboardCheck,
  MessageSquareText,
  Plus,
  Upload,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { RowActions } from '../../components/ui/row-actions';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { assessmentsPath } from '../../lib/assessments-path';
import { useClasses } from '../../lib/queries/classes';
import { useLevels } from '../../lib/queries/levels';
import { useIsAdmin } from '../../lib/roles';
import { useDeleteLearningArea, useLearningAreas, useRestoreLearningAreas } from './curriculum-api';
import { LearningAreaDialog } from './learning-area-dialog';
import { StrandRuleCard } from './strand-rule-card';
import { StrandsList } from './strands-list';

const strandCount = (n: number) => (n === 1 ? '1 strand' : `${n} strands`);

/** A level's CBC learning areas and their strands: what its teachers assess and report. */
export function LearningAreasPage() {
  const levelId = Number(useParams().id);
  const levels = useLevels();
  const level = levels.data?.find((l) => l.id === levelId);

  if (levels.isPending) return <SkeletonRows rows={4} />;
  if (levels.isError)
    return <LoadError what="the levels" error={levels.error} onRetry={levels.refetch} />;
  if (!level)
    return (
      <EmptyState
        titleAs="h1"
        title="Level not found"
        hint="No class of your school has this level now."
        action={
          <Link to="/classes" className={buttonClass('outline')}>
            Back to classes
          </Link>
        }
      />
    );
  return (
    <div className="mx-auto max-w-4xl">
      <LearningAreas levelId={level.id} levelName={level.name} onCbc={level.curriculum === 'cbc'} />
    </div>
  );
}

function LearningAreas({
  levelId,
  levelName,
  onCbc,
}: {
  levelId: number;
  levelName: string;
  onCbc: boolean;
}) {
  const isAdmin = useIsAdmin();
  const areas = useLearningAreas(levelId);
  const streams = (useClasses().data ?? []).filter((c) => c.level === levelName);
  const restore = useRestoreLearningAreas();
  const remove = useDeleteLearningArea();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<{ editing: LearningArea | null } | null>(null);
  const [deleting, setDeleting] = useState<LearningArea | null>(null);
  const usual = defaultLearningAreas(levelName);

  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const addUsual = () =>
    restore.mutate(levelId, {
      onSuccess: () => toast({ title: `${levelName}'s learning areas added`, variant: 'success' }),
      onError: (err) =>
        toast({ title: 'Not added', description: errorMessage(err), variant: 'destructive' }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: `${deleting.name} deleted`, variant: 'success' }),
      onError: (err) =>
        toast({ title: 'Not deleted', description: errorMessage(err), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  };

  let body: ReactNode;
  if (areas.isPending) body = <SkeletonRows rows={5} />;
  else if (areas.isError)
    body = <LoadError what="the learning areas" error={areas.error} onRetry={areas.refetch} />;
  else if (areas.data.length === 0)
    body = (
      <EmptyState
        icon={<BookOpen className="h-10 w-10" />}
        title="No learning areas yet"
        hint={
          usual.length > 0
            ? `Start from the ${usual.length} learning areas of ${levelName}, then rename, add or remove.`
            : 'Add the learning areas your school teaches at this level.'
        }
        action={
          isAdmin && usual.length > 0 ? (
            <Button onClick={addUsual} disabled={restore.isPending}>
              Add the usual learning areas
            </Button>
          ) : null
        }
      />
    );
  else
    body = (
      <ul className="space-y-3" aria-label="Learning areas">
        {areas.data.map((area) => {
          const expanded = open.has(area.id);
          return (
            <li key={area.id}>
              <Card className="p-3">
                <div className="flex items-center justify-between gap-2">
                  <button
                    type="button"
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-md p-1 text-left hover:bg-muted/60"
                    aria-expanded={expanded}
                    onClick={() => toggle(area.id)}
                  >
                    {expanded ? (
                      <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
                    ) : (
                      <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" />
                    )}
                    <span className="min-w-0 break-words font-medium">{area.name}</span>
                    <span className="shrink-0 text-sm text-muted-foreground">
                      {strandCount(area.strands)}
                    </span>
                  </button>
                  {isAdmin ? (
                    <RowActions
                      look="icon"
                      name={area.name}
                      onEdit={() => setDialog({ editing: area })}
                      onDelete={() => setDeleting(area)}
                    />
                  ) : null}
                </div>
                {expanded ? (
                  <div className="mt-3 space-y-3 border-t pt-3">
                    {streams.length > 0 ? (
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="text-muted-foreground">Assessments in</span>
                        {streams.map((c) => (
                          <Link
                            key={c.id}
                            to={assessmentsPath(c.id, area.id)}
                            aria-label={`Assessments of ${area.name} in ${c.name}`}
                            className={buttonClass('outline', 'sm')}
                          >
                            {c.name}
                          </Link>
                        ))}
                      </div>
                    ) : null}
                    <Link
                      to={`/levels/${levelId}/comments?area=${area.id}`}
                      className={buttonClass('outline', 'sm')}
                    >
                      <MessageSquareText className="h-4 w-4" aria-hidden="true" />
                      Comments in {area.name}
                    </Link>
                    <StrandsList area={area} isAdmin={isAdmin} />
                  </div>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      <PageHeader
        title={`${levelName}: learning areas`}
        breadcrumb={[{ label: 'Classes', to: '/classes' }, { label: levelName }]}
        actions={
          isAdmin ? (
            <div className="flex flex-wrap gap-2">
              <Link to={`/levels/${levelId}/strands/import`} className={buttonClass('outline')}>
                <Upload className="h-4 w-4" aria-hidden="true" />
                Import strands
              </Link>
              <Button onClick={() => setDialog({ editing: null })}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add learning area
              </Button>
            </div>
          ) : null
        }
      />
      {onCbc ? null : (
        <Alert tone="info" className="mb-4">
          {levelName} follows 8-4-4. Move it onto CBC on the Classes page to assess it by learning
          area and strand.
        </Alert>
      )}
      {onCbc ? <StrandRuleCard isAdmin={isAdmin} /> : null}
      {onCbc ? <ProgressReportLinks levelId={levelId} levelName={levelName} /> : null}
      {body}
      <LearningAreaDialog
        levelId={levelId}
        levelName={levelName}
        open={dialog != null}
        onOpenChange={(isOpen) => !isOpen && setDialog(null)}
        editing={dialog?.editing ?? null}
      />
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this learning area'}?`}
        description={
          deleting
            ? `${deleting.name} and its ${strandCount(deleting.strands)} will be removed from ${levelName}. This cannot be undone.`
            : ''
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** Where the teachers write what a progress report carries besides the levels. */
function ProgressReportLinks({ levelId, levelName }: { levelId: number; levelName: string }) {
  const isAdmin = useIsAdmin();
  const classes = useClasses();
  const ofLevel = (classes.data ?? []).filter((c) => c.level === levelName);
  return (
    <Card className="mb-4 space-y-3 p-4">
      <h2 className="text-base font-semibold">Progress reports</h2>
      <p className="text-sm text-muted-foreground">
        The class teacher rates the core competencies and values and writes the remarks; each
        learning area's teacher writes a comment on every learner.
      </p>
      <div className="flex flex-wrap gap-2">
        {ofLevel.map((c) => (
          <Link
            key={c.id}
            to={`/classes/${c.id}/report-inputs`}
            className={buttonClass('outline', 'sm')}
          >
            <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
            {c.name}: competencies and remarks
          </Link>
        ))}
        <Link to={`/levels/${levelId}/comments`} className={buttonClass('outline', 'sm')}>
          <MessageSquareText className="h-4 w-4" aria-hidden="true" />
          Teacher comments
        </Link>
        {isAdmin ? (
          <Link to="/comment-bank" className={buttonClass('outline', 'sm')}>
            Comment bank
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
