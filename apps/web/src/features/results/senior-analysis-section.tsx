import type { SeniorAnalysis } from '@shule/shared/results/senior-analysis';
import { seniorAnalysisTables } from '@shule/shared/results/senior-analysis';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { api } from '../../lib/api-client';
import { AnalysisTableCard } from './analysis-table';

export function useSeniorAnalysis(examId: number, level: string) {
  return useQuery({
    queryKey: ['results', 'senior-analysis', examId, level],
    queryFn: () =>
      api.get<SeniorAnalysis>(
        `/exams/${examId}/senior_analysis/?level=${encodeURIComponent(level)}`,
      ),
  });
}

/** A Grade 10-12 level's subjects by teaching group and results by combination. */
export function SeniorAnalysisSection({
  examId,
  level,
  fileName,
}: {
  examId: number;
  level: string;
  fileName: string;
}) {
  const analysis = useSeniorAnalysis(examId, level);
  const tables = useMemo(
    () => (analysis.data ? seniorAnalysisTables(analysis.data) : []),
    [analysis.data],
  );
  if (analysis.isPending) return <SkeletonRows rows={4} />;
  if (analysis.isError) {
    return (
      <LoadError
        what="the results by group and combination"
        error={analysis.error}
        onRetry={analysis.refetch}
      />
    );
  }
  return (
    <>
      {tables.map((table) => (
        <AnalysisTableCard key={table.key} table={table} fileName={fileName} />
      ))}
    </>
  );
}
