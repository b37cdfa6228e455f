import {
  type BandProblem,
  bandProblems,
  MAX_SCORE,
  MIN_SCORE,
  type SubjectGradeItem,
} from '@shule/shared/grades';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { Table, TBody, Td, THead, Th, Tr } from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useIsAdmin } from '../../lib/roles';
import { useSubject } from './get-subject';
import { useSubjectGrades } from './get-subject-grades';
import { useUpdateSubjectGrades } from './update-subject-grades';

type Bound = 'min_score' | 'max_score';
/** What the user typed, per band id and bound; absent means unchanged. */
type Drafts = Record<number, Partial<Record<Bound, string>>>;

const shown = (v: number | null) => (v === null ? '' : String(v));
const parsed = (typed: string) => (typed.trim() === '' ? null : Number(typed));

/** The grading bands of one subject: a min and a max mark for each grade of the school. */
export function SubjectBandsPage() {
  const id = Number(useParams().id);
  const subject = useSubject(id);
  const bands = useSubjectGrades(id);

  const notFound =
    !Number.isInteger(id) ||
    (subject.error instanceof ApiError && subject.error.status === 404) ||
    (bands.error instanceof ApiError && bands.error.status === 404);

  const breadcrumb = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Academics' },
    { label: 'Subjects', to: '/subjects' },
    { label: subject.data?.name ?? 'Subject' },
  ];

  if (notFound) {
    return (
      <div>
        <PageHeader title="Subject not found" breadcrumb={breadcrumb} />
        <EmptyState
          title="This subject does not exist"
          hint="It may have been deleted."
          action={
            <Link to="/subjects" className={buttonClass('outline')}>
              Back to subjects
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="max-w-3xl">
      <PageHeader
        title={subject.data?.name ?? 'Grading bands'}
        breadcrumb={breadcrumb}
        actions={
          subject.data ? (
            <Badge tone="green" className="text-sm">
              {subject.data.code}
            </Badge>
          ) : subject.isPending ? (
            <Skeleton className="h-6 w-16" />
          ) : null
        }
      />
      {subject.data?.description ? (
        <p className="-mt-3 mb-4 text-sm text-muted-foreground">{subject.data.description}</p>
      ) : null}
      <p className="mb-4 text-sm text-muted-foreground">
        A student&apos;s mark in this subject earns the grade whose band holds it. Marks are whole
        numbers from {MIN_SCORE} to {MAX_SCORE}; bands must not overlap.
      </p>

      {bands.isPending || subject.isPending ? (
        <SkeletonRows rows={8} />
      ) : bands.isError || subject.isError ? (
        <LoadError
          what="the grading bands"
          error={bands.error ?? subject.error}
          onRetry={() => {
            subject.refetch();
            bands.refetch();
          }}
        />
      ) : bands.data.length === 0 ? (
        <EmptyState
          icon={<ClipboardList className="h-10 w-10" />}
          title="No grades yet"
          hint="Bands are set for each grade of your school. Add grades, or use the KCSE 12-point scale, first."
          action={
            <Link to="/grades" className={buttonClass('primary')}>
              Go to Grades
            </Link>
          }
        />
      ) : (
        <BandsEditor subjectId={id} bands={bands.data} />
      )}
    </div>
  );
}

function BandsEditor({ subjectId, bands }: { subjectId: number; bands: SubjectGradeItem[] }) {
  const isAdmin = useIsAdmin();
  const save = useUpdateSubjectGrades(subjectId);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [problems, setProblems] = useState<BandProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const typedValue = (band: SubjectGradeItem, bound: Bound) =>
    drafts[band.id]?.[bound] ?? shown(band[bound]);
  const isChanged = (band: SubjectGradeItem) =>
    (['min_score', 'max_score'] as const).some((b) => typedValue(band, b) !== shown(band[b]));
  const changed = bands.filter(isChanged);
  const badGrades = new Set(problems.map((p) => p.gradeId));

  const edit = (band: SubjectGradeItem, bound: Bound, typed: string) => {
    setDrafts((d) => ({ ...d, [band.id]: { ...d[band.id], [bound]: typed } }));
    setProblems([]);
    setFailure(null);
  };

  const submit = () => {
    // The same check the server makes, so most mistakes show at once beside their rows.
    const after = bands.map((b) => ({
      grade: b.grade,
      min_score: parsed(typedValue(b, 'min_score')),
      max_score: parsed(typedValue(b, 'max_score')),
    }));
    const found = bandProblems(after);
    setProblems(found);
    setFailure(null);
    if (found.length > 0) return;
    const updates = changed.map((b) => ({
      id: b.id,
      min_score: parsed(typedValue(b, 'min_score')),
      max_score: parsed(typedValue(b, 'max_score')),
    }));
    save.mutate(updates, {
      onSuccess: () => {
        setDrafts({});
        toast({
          title: 'Grading bands updated',
          description: `${updates.length} ${updates.length === 1 ? 'band' : 'bands'} saved successfully`,
          variant: 'success',
        });
      },
      onError: (err) => {
        setFailure(errorMessage(err));
        toast({
          title: 'Grading bands not updated',
          description: errorMessage(err, 'There was an error trying to save the bands'),
          variant: 'destructive',
          action: { label: 'Try Again', onClick: submit },
        });
      },
    });
  };

  const saveButton = isAdmin ? (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button
        variant="outline"
        disabled={changed.length === 0 || save.isPending}
        onClick={() => {
          setDrafts({});
          setProblems([]);
          setFailure(null);
        }}
      >
        Discard changes
      </Button>
      <Button disabled={changed.length === 0 || save.isPending} onClick={submit}>
        {save.isPending ? '...Updating' : 'Save Changes'}
      </Button>
    </div>
  ) : null;

  return (
    <div className="space-y-4">
      <Table>
        <THead>
          <tr>
            <Th className="px-3 sm:px-4">Grade</Th>
            <Th className="px-2 sm:px-4">Min score</Th>
            <Th className="px-2 sm:px-4">Max score</Th>
          </tr>
        </THead>
        <TBody>
          {bands.map((band) => {
            const invalid = badGrades.has(band.grade.id);
            const label = `${band.grade.code} (${band.grade.name})`;
            return (
              <Tr key={band.id} className={invalid ? 'bg-red-50/60' : undefined}>
                <Td className="px-3 sm:px-4">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <Badge tone="green" className="min-w-9 justify-center">
                      {band.grade.code}
                    </Badge>
                    <span className="text-muted-foreground">{band.grade.name}</span>
                    {isChanged(band) ? (
                      <span className="text-xs text-amber-700">edited</span>
                    ) : null}
                  </div>
                </Td>
                {(['min_score', 'max_score'] as const).map((bound) => (
                  <Td key={bound} className="px-2 sm:px-4">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={MIN_SCORE}
                      max={MAX_SCORE}
                      step={1}
                      className="w-20 sm:w-28"
                      aria-label={`${bound === 'min_score' ? 'Min' : 'Max'} score for ${label}`}
                      aria-invalid={invalid || undefined}
                      disabled={!isAdmin}
                      value={typedValue(band, bound)}
                      onChange={(e) => edit(band, bound, e.target.value)}
                    />
                  </Td>
                ))}
              </Tr>
            );
          })}
        </TBody>
      </Table>
      {problems.length > 0 || failure ? (
        <Alert tone="error">
          {failure ? (
            <p>{failure}</p>
          ) : (
            <>
              <p className="font-medium">Fix these bands before saving:</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map((p) => (
                  <li key={`${p.gradeId}-${p.message}`}>{p.message}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      ) : null}
      {saveButton}
    </div>
  );
}
