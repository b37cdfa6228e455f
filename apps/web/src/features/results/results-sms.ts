import type { ResultsSmsPreview, SendMessageResponse } from '@shule/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * GET /api/exams/{id}/results_sms/?classes=: what sending each parent their child's results
 * would do, with one student's text. Under ['results'], so saved marks refresh it.
 */
export function useResultsSmsPreview(
  examId: number,
  classIds: readonly number[],
  { enabled }: { enabled: boolean },
) {
  const { school } = useSession();
  const classes = [...classIds].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: ['results', 'sms_preview', school?.id, examId, classes],
    queryFn: () =>
      api.get<ResultsSmsPreview>(
        `/exams/${examId}/results_sms/?${new URLSearchParams({ school: String(school?.id), classes })}`,
      ),
    enabled: enabled && school != null && classes !== '',
  });
}

/** POST /api/exams/{id}/results_sms/ (admin): one message, one SMS per student's parent. */
export function useSendResultsSms(examId: number) {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classIds, idempotencyKey }: { classIds: number[]; idempotencyKey: string }) =>
      api.post<SendMessageResponse>(
        `/exams/${examId}/results_sms/`,
        { school: school?.id, classes: classIds },
        { idempotencyKey },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
