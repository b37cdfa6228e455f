import {
  GRADING_SCHEME_LABELS,
  GRADING_SCHEMES,
  type GradingSchemeName,
} from '@shule/shared/results/scheme';
import { useId } from 'react';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useSchool } from '../../lib/queries/school';
import { useUpdateGradingScheme } from './update-grading-scheme';

/** What each rule does, in a line: the school picks one knowing what its results will say. */
const SCHEME_SUMMARIES: Record<GradingSchemeName, string> = {
  kcse: 'Mean grade from seven subjects: Mathematics, the better of English and Kiswahili, and the best five others (KNEC since 2023).',
  kcse_cluster:
    'Mean grade from English, Kiswahili, Mathematics, the best two sciences, the best humanity and the best other subject (before 2023).',
  average: 'The mean mark over the subjects sat, graded by your bands.',
  cbc: 'Competency levels from your bands, reported without positions.',
};

/**
 * The school's grading scheme: every exam's results follow it unless the exam names another.
 * An admin changes it here; a teacher reads it.
 */
export function GradingSchemeCard({ isAdmin }: { isAdmin: boolean }) {
  const school = useSchool();
  const update = useUpdateGradingScheme();
  const selectId = useId();
  const summaryId = useId();

  if (school.isPending) {
    return <Skeleton className="mb-4 h-24 w-full" />;
  }
  if (school.isError) {
    return (
      <div className="mb-4">
        <LoadError what="the grading scheme" error={school.error} onRetry={school.refetch} />
      </div>
    );
  }

  // While a change is saved, the select shows the scheme chosen.
  const current = update.isPending ? update.variables : school.data.grading_scheme;
  const choose = (scheme: GradingSchemeName) =>
    update.mutate(scheme, {
      onSuccess: (saved) =>
        toast({
          title: 'Grading scheme updated',
          description: `Results now follow ${GRADING_SCHEME_LABELS[saved.grading_scheme]}, unless an exam names another scheme.`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({
          title: 'Grading scheme not updated',
          description: errorMessage(err, 'There was an error trying to change the grading scheme'),
          variant: 'destructive',
          action: { label: 'Try Again', onClick: () => choose(scheme) },
        }),
    });

  return (
    <Card className="mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h2 className="text-base font-semibold">
          {isAdmin ? <label htmlFor={selectId}>Grading scheme</label> : 'Grading scheme'}
        </h2>
        <p id={summaryId} className="text-sm text-muted-foreground">
          {SCHEME_SUMMARIES[current]}
        </p>
      </div>
      {isAdmin ? (
        <Select
          id={selectId}
          aria-describedby={summaryId}
          className="shrink-0 sm:w-[26rem]"
          value={current}
          disabled={update.isPending}
          onChange={(e) => choose(e.target.value as GradingSchemeName)}
        >
          {GRADING_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>
              {GRADING_SCHEME_LABELS[scheme]}
            </option>
          ))}
        </Select>
      ) : (
        <p className="shrink-0 font-medium">{GRADING_SCHEME_LABELS[current]}</p>
      )}
    </Card>
  );
}
