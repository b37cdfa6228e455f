import { formatDate } from '@shule/shared/display-dates';
import { ChevronRight, ClipboardList, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useClasses } from '../../lib/queries/classes';
import { useLevels } from '../../lib/queries/levels';
import { useIsAdmin } from '../../lib/roles';
import { AssessmentDialog } from './assessment-dialog';
import { assessmentName, strandText } from './assessment-names';
import { useAssessments } from './assessments-api';
import { useLearningAreas, useStrands } from './curriculum-api';

/**
 * The assessments of one class in one learning area (/assessments?class=&learning_area=),
 * newest first, each opening its entry screen; "New assessment" adds one and opens it.
 */
export function AssessmentsPage() {
  const [params] = useSearchParams();
  const classId = Number(params.get('class'));
  const areaId = Number(params.get('learning_area'));
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const classes = useClasses();
  const levels = useLevels();
  const cls = classes.data?.find((c) => c.id === classId);
  const level = levels.data?.find((l) => l.name === cls?.level);
  const areas = useLearningAreas(level?.id ?? 0);
  const area = areas.data?.find((a) => a.id === areaId);
  const strands = useStrands(area?.id ?? 0);
  const list = useAssessments(classId, areaId);
  const [adding, setAdding] = useState(false);

  const title = cls && area ? `${cls.name} · ${area.name}` : 'Assessments';
  const breadcrumb = [
    { label: 'Dashboard', to: '/dashboard' },
    ...(isAdmin && level
      ? [{ label: `${level.name}: learning areas`, to: `/levels/${level.id}` }]
      : []),
    { label: 'Assessments' },
  ];

  const loading = classes.isPending || levels.isPending || (level && areas.isPending);
  const failed = classes.error ?? levels.error ?? areas.error;
  let body: ReactNode;
  if (failed) {
    body = (
      <LoadError
        what="the class and learning area"
        error={failed}
        onRetry={() => {
          void classes.refetch();
          void levels.refetch();
        }}
      />
    );
  } else if (loading) body = <SkeletonRows rows={4} />;
  else if (!cls || !area) {
    body = (
      <EmptyState
        title="This class or learning area does not exist"
        hint="Open a learning area from your dashboard or from its level's learning areas."
        action={
          <Link to="/dashboard" className={buttonClass('outline')}>
            Back to dashboard
          </Link>
        }
      />
    );
  } else if (list.isError) {
    body = <LoadError what="the assessments" error={list.error} onRetry={list.refetch} />;
  } else if (list.isPending) body = <SkeletonRows rows={4} />;
  else if (list.data.length === 0) {
    body = (
      <EmptyState
        icon={<ClipboardList className="h-10 w-10" />}
        title="No assessments yet"
        hint={`Add an observation, an oral, a project or a test of ${area.name}, then tap each learner's level.`}
        action={
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New assessment
          </Button>
        }
      />
    );
  } else {
    body = (
      <Card className="max-w-3xl">
        <ul className="divide-y" aria-label="Assessments">
          {list.data.map((a) => (
            <li key={a.id}>
              <Link
                to={`/assessments/${a.id}`}
                className="group flex items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium">{assessmentName(a)}</span>
                    <span className="text-sm text-muted-foreground">{formatDate(a.date)}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {a.strands.length > 0
                      ? a.strands.map(strandText).join(' · ')
                      : `${a.learning_area.name} as a whole`}
                    {a.out_of !== null ? ` · out of ${a.out_of}` : ''}
                  </p>
                </div>
                <ChevronRight
                  className="h-5 w-5 shrink-0 text-muted-foreground group-hover:text-foreground"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <div>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={
          cls && area && (list.data?.length ?? 0) > 0 ? (
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              New assessment
            </Button>
          ) : null
        }
      />
      {body}
      {cls && area ? (
        <AssessmentDialog
          open={adding}
          onOpenChange={setAdding}
          classId={cls.id}
          className={cls.name}
          area={area}
          strands={strands.data ?? []}
          onCreated={(a) => navigate(`/assessments/${a.id}`)}
        />
      ) : null}
    </div>
  );
}
