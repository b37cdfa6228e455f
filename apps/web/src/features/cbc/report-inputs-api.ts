import type {
  CommentBankBody,
  CommentBankEntry,
  CommentBankResponse,
  ReportCommentsResponse,
  ReportInputsResponse,
  SaveCommentsBody,
  SaveRatingsBody,
  SaveRemarksBody,
} from '@shule/shared/cbc-report-inputs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Keys under ['cbc', 'report-inputs'] and ['cbc', 'comment-bank']; a save refreshes its own. */
const inputsKey = (classId: number, termId: number) =>
  ['cbc', 'report-inputs', classId, termId] as const;
const commentsKey = (classId: number, termId: number, areaId: number) =>
  ['cbc', 'report-inputs', 'comments', classId, termId, areaId] as const;
const bankKey = ['cbc', 'comment-bank'] as const;

export function useReportInputs(classId: number, termId: number | undefined) {
  return useQuery({
    queryKey: inputsKey(classId, termId ?? 0),
    queryFn: () =>
      api.get<ReportInputsResponse>(`/cbc/classes/${classId}/report_inputs/?term=${termId}`),
    enabled: termId !== undefined,
  });
}

/** Saves ratings or remarks; the answer is the class's inputs, put in the cache as they are. */
function useInputsWrite<B extends { term: number }>(classId: number, path: 'ratings' | 'remarks') {
  const queryClient = useQueryClient();
  return useMutation({
    // One save at a time, so a later tap's answer is never overtaken by an earlier one's.
    scope: { id: `cbc-report-inputs-${classId}` },
    mutationFn: (body: B) =>
      api.put<ReportInputsResponse>(`/cbc/classes/${classId}/${path}/`, body),
    onSuccess: (answer, body) => queryClient.setQueryData(inputsKey(classId, body.term), answer),
  });
}
export const useSaveRatings = (classId: number) =>
  useInputsWrite<SaveRatingsBody & { term: number }>(classId, 'ratings');
export const useSaveRemarks = (classId: number) =>
  useInputsWrite<SaveRemarksBody & { term: number }>(classId, 'remarks');

export function useReportComments(
  classId: number | undefined,
  termId: number | undefined,
  areaId: number,
) {
  return useQuery({
    queryKey: commentsKey(classId ?? 0, termId ?? 0, areaId),
    queryFn: () =>
      api.get<ReportCommentsResponse>(
        `/cbc/classes/${classId}/comments/?term=${termId}&learning_area=${areaId}`,
      ),
    enabled: classId !== undefined && termId !== undefined,
  });
}

export function useSaveComments(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCommentsBody & { term: number; learning_area: number }) =>
      api.put<ReportCommentsResponse>(`/cbc/classes/${classId}/comments/`, body),
    onSuccess: (answer, body) => {
      queryClient.setQueryData(commentsKey(classId, body.term, body.learning_area), answer);
      return queryClient.invalidateQueries({ queryKey: inputsKey(classId, body.term) });
    },
  });
}

export function useCommentBank() {
  return useQuery({
    queryKey: bankKey,
    queryFn: () => api.get<CommentBankResponse>('/cbc/comment_bank/').then((r) => r.comments),
  });
}

function useBankWrite<A, T>(write: (args: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankKey }),
  });
}
export const useAddBankComment = () =>
  useBankWrite((body: CommentBankBody) => api.post<CommentBankEntry>('/cbc/comment_bank/', body));
export const useUpdateBankComment = () =>
  useBankWrite(({ id, ...body }: CommentBankBody & { id: number }) =>
    api.patch<CommentBankEntry>(`/cbc/comment_bank/${id}/`, body),
  );
export const useDeleteBankComment = () =>
  useBankWrite((id: number) => api.delete<void>(`/cbc/comment_bank/${id}/`));
