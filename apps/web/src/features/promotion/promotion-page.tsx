import type { ClassRow } from '@shule/shared/classes';
import {
  type PromotionPreview,
  type PromotionResult,
  promotionQuestion,
} from '@shule/shared/promotion';
import { ArrowRight, GraduationCap } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { useIsAdmin } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePromote, usePromotionPreview } from './promotion-api';

/** Alumni in a class's target select: the students leave as completed, today. */
const ALUMNI = 'alumni';

/** The school's levels in their natural order (Form 2 before Form 10). */
function levelsOf(classes: ClassRow[]) {
  const levels = [...new Set(classes.flatMap((c) => (c.level ? [c.level] : [])))];
  return levels.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** Promotion at the year's end (admin): a level's classes up one level, the last to alumni. */
export function PromotionPage() {
  const { user } = useSession();
  const isAdmin = useIsAdmin();
  const classes = useClasses();
  const [params, setParams] = useSearchParams();
  const levels = useMemo(() => levelsOf(classes.data ?? []), [classes.data]);
  const requested = params.get('level');
  const level = requested && levels.includes(requested) ? requested : (levels[0] ?? null);
  const preview = usePromotionPreview(isAdmin ? level : null);
  const [done, setDone] = useState<PromotionResult | null>(null);

  const header = (
    <PageHeader
      title="Promote students"
      breadcrumb={[{ label: 'Classes', to: '/classes' }, { label: 'Promotion' }]}
    />
  );
  if (!user) {
    return (
      <div className="mx-auto max-w-4xl">
        {header}
        <SkeletonRows rows={4} />
      </div>
    );
  }
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-4xl">
        {header}
        <Alert>Only the school's administrators promote students.</Alert>
      </div>
    );
  }

  let body: React.ReactNode;
  if (classes.isPending) body = <SkeletonRows rows={4} />;
  else if (classes.isError)
    body = <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />;
  else if (levels.length === 0)
    body = (
      <EmptyState
        icon={<GraduationCap className="h-10 w-10" />}
        title="No class has a level yet"
        hint="Give each class its level (Form 1, Form 2…) on the Classes page: the streams of a level are promoted together."
        action={
          <Link to="/classes" className={buttonClass('outline')}>
            Go to Classes
          </Link>
        }
      />
    );
  else if (preview.isPending) body = <SkeletonRows rows={4} />;
  else if (preview.isError)
    body = <LoadError what="the promotion" error={preview.error} onRetry={preview.refetch} />;
  else
    body = (
      <PromotionPlan
        key={preview.data.level}
        preview={preview.data}
        onDone={(result) => setDone(result)}
      />
    );

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {header}
      <p className="text-sm text-muted-foreground">
        At the year's end, every active student of each class of a level moves to a class of the
        next level; the last level leaves as alumni. Marks stay with the classes they were sat in.
        Promote the highest level first, so each class is empty when the one below moves in.
      </p>
      {done ? <Alert tone="success">{done.message}</Alert> : null}
      {levels.length > 0 ? (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="promotion-level" className="font-medium">
            Level
          </label>
          <Select
            id="promotion-level"
            className="max-w-xs"
            value={level ?? ''}
            onChange={(e) => {
              setDone(null);
              setParams({ level: e.target.value }, { replace: true });
            }}
          >
            {levels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {body}
    </div>
  );
}

/** Each class of the level with its target select; Promote asks before moving anyone. */
function PromotionPlan({
  preview,
  onDone,
}: {
  preview: PromotionPreview;
  onDone(result: PromotionResult): void;
}) {
  const promote = usePromote();
  const suggested = () =>
    Object.fromEntries(
      preview.classes.map((c) => [c.id, c.target ? String(c.target.id) : c.alumni ? ALUMNI : '']),
    );
  const [targets, setTargets] = useState<Record<number, string>>(suggested);
  const [confirming, setConfirming] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new preview (after a promotion) starts again from its suggestions.
  useEffect(() => setTargets(suggested()), [preview]);

  const total = (kind: 'moved' | 'alumni') =>
    preview.classes
      .filter((c) => (targets[c.id] === ALUMNI) === (kind === 'alumni') && targets[c.id])
      .reduce((n, c) => n + c.students, 0);
  const moved = total('moved');
  const alumni = total('alumni');
  const unchosen = preview.classes.filter((c) => !targets[c.id] && c.students > 0);
  const nothing = moved + alumni === 0;

  const run = () =>
    promote.mutate(
      {
        level: preview.level,
        moves: preview.classes
          .filter((c) => targets[c.id])
          .map((c) => ({
            from: c.id,
            to: targets[c.id] === ALUMNI ? null : Number(targets[c.id]),
          })),
      },
      {
        onSuccess: (result) => {
          setConfirming(false);
          toast({ title: 'Promotion done', description: result.message, variant: 'success' });
          onDone(result);
        },
        onError: (err) => {
          setConfirming(false);
          toast({
            title: 'Could not promote',
            description: errorMessage(err),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <Card className="p-0">
      <div className="border-b px-4 py-3 text-sm">
        {preview.next_level ? (
          <>
            <span className="font-medium">{preview.level}</span> goes up to{' '}
            <span className="font-medium">{preview.next_level}</span>
          </>
        ) : (
          <>
            <span className="font-medium">{preview.level}</span> is the last level: its students
            leave as alumni (left today, completed)
          </>
        )}
      </div>
      <ul aria-label="Classes to promote" className="divide-y">
        {preview.classes.map((c) => (
          <li
            key={c.id}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            data-testid="promotion-row"
          >
            <div className="min-w-0 sm:w-48">
              <p className="font-medium">{c.name}</p>
              <p className="text-sm text-muted-foreground tabular-nums">
                {c.students === 1 ? '1 active student' : `${c.students} active students`}
              </p>
            </div>
            <ArrowRight
              className="hidden h-4 w-4 shrink-0 text-muted-foreground sm:block"
              aria-hidden="true"
            />
            <Select
              aria-label={`Where ${c.name} goes`}
              className="sm:max-w-xs"
              value={targets[c.id] ?? ''}
              onChange={(e) => setTargets((t) => ({ ...t, [c.id]: e.target.value }))}
            >
              <option value="">Stay (not promoted)</option>
              {preview.targets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                  {t.level ? ` (${t.level})` : ''}
                  {t.students > 0 ? ` · ${t.students} students` : ''}
                </option>
              ))}
              <option value={ALUMNI}>Alumni (leave as completed)</option>
            </Select>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 border-t px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {nothing
            ? 'Choose where at least one class with students goes.'
            : promotionQuestion(moved, alumni, preview.level).replace(/\?$/, '.')}
          {unchosen.length > 0
            ? ` ${unchosen.map((c) => c.name).join(', ')} will stay where ${unchosen.length === 1 ? 'it is' : 'they are'}.`
            : ''}
        </p>
        <Button disabled={nothing || promote.isPending} onClick={() => setConfirming(true)}>
          Promote {preview.level}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Promote ${preview.level}?`}
        description={`${promotionQuestion(moved, alumni, preview.level)} This moves every active student of the classes in one step.`}
        confirmLabel="Promote"
        busyLabel="Promoting…"
        busy={promote.isPending}
        onConfirm={run}
      />
    </Card>
  );
}
