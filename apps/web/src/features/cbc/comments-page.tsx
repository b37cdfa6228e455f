import { defaultTerm } from '@shule/shared/terms';
import { MessageSquareText, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useClasses } from '../../lib/queries/classes';
import { useLevels } from '../../lib/queries/levels';
import { useTerms } from '../../lib/queries/terms';
import { CommentPickerDialog, type PickingFor } from './comment-picker-dialog';
import { useLearningAreas } from './curriculum-api';
import { useReportComments } from './report-inputs-api';

/**
 * The learning area teacher's comment on each learner of a class for a term, as the progress
 * report prints it: one learning area, class and term chosen above (kept in the address).
 */
export function CommentsPage() {
  const levelId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const levels = useLevels();
  const level = levels.data?.find((l) => l.id === levelId);
  const areas = useLearningAreas(levelId);
  const classes = useClasses();
  const terms = useTerms();
  const ofLevel = (classes.data ?? []).filter((c) => level && c.level === level.name);
  const areaId = Number(search.get('area')) || areas.data?.[0]?.id;
  const classId = Number(search.get('class')) || ofLevel[0]?.id;
  const termId =
    Number(search.get('term')) || (terms.data ? defaultTerm(terms.data)?.id : undefined);
  const area = areas.data?.find((a) => a.id === areaId);
  const choose = (key: 'area' | 'class' | 'term', value: string) => {
    const next = new URLSearchParams(search);
    next.set(key, value);
    setSearch(next, { replace: true });
  };
  const levelName = level?.name ?? 'Level';

  let body: ReactNode;
  const loading = [levels, areas, classes, terms].find((q) => q.isPending);
  const failed = [levels, areas, classes, terms].find((q) => q.isError);
  if (loading) body = <SkeletonRows rows={5} />;
  else if (failed)
    body = <LoadError what="the page" error={failed.error} onRetry={failed.refetch} />;
  else if (!level || !area)
    body = (
      <EmptyState
        title="No learning areas here"
        hint="Add the level's learning areas first, on its learning areas page."
        action={
          <Link to={`/levels/${levelId}`} className={buttonClass('outline')}>
            Learning areas
          </Link>
        }
      />
    );
  else if (classId === undefined || termId === undefined)
    body = (
      <EmptyState
        title={classId === undefined ? `No class is in ${levelName}` : 'No terms yet'}
        hint="Comments are written for a class's learners in a term."
      />
    );
  else body = <LearnerComments classId={classId} termId={termId} area={area} />;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`${area?.name ?? 'Learning area'}: teacher's comments`}
        breadcrumb={[
          { label: 'Classes', to: '/classes' },
          { label: levelName, to: `/levels/${levelId}` },
          { label: 'Comments' },
        ]}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <Field label="Learning area">
          <Select value={areaId ?? ''} onChange={(e) => choose('area', e.target.value)}>
            {(areas.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Class">
          <Select value={classId ?? ''} onChange={(e) => choose('class', e.target.value)}>
            {ofLevel.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Term">
          <Select value={termId ?? ''} onChange={(e) => choose('term', e.target.value)}>
            {(terms.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {body}
    </div>
  );
}

function LearnerComments({
  classId,
  termId,
  area,
}: {
  classId: number;
  termId: number;
  area: { id: number; name: string };
}) {
  const comments = useReportComments(classId, termId, area.id);
  const [picking, setPicking] = useState<PickingFor | null>(null);
  if (comments.isPending) return <SkeletonRows rows={5} />;
  if (comments.isError)
    return <LoadError what="the comments" error={comments.error} onRetry={comments.refetch} />;
  const { learners } = comments.data;
  if (learners.length === 0)
    return (
      <EmptyState
        icon={<Users className="h-10 w-10" />}
        title="No learners in this class"
        hint="Learners admitted to the class appear here."
      />
    );
  const written = learners.filter((l) => l.comment !== null).length;
  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">
        {written} of {learners.length} learners have a comment in {area.name}.
      </p>
      <ul className="space-y-2" aria-label="Learners">
        {learners.map((learner) => (
          <li key={learner.id}>
            <Card className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium">{learner.name}</p>
                <p className={learner.comment ? 'text-sm' : 'text-sm italic text-muted-foreground'}>
                  {learner.comment ?? 'No comment yet'}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                aria-label={`${learner.comment ? 'Change' : 'Write'} ${learner.name}'s comment`}
                onClick={() => setPicking({ classId, termId, area, learner })}
              >
                <MessageSquareText className="h-4 w-4" aria-hidden="true" />
                {learner.comment ? 'Change' : 'Comment'}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <CommentPickerDialog picking={picking} onClose={() => setPicking(null)} />
    </>
  );
}
