import type { parentSmsResponse } from '@shule/shared/messages';
import type { StudentDetail } from '@shule/shared/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { studentQueryKey } from '../../lib/queries/students';

type ParentSmsAnswer = z.infer<typeof parentSmsResponse>;

/**
 * PATCH /api/parents/{id}/sms/ (admin): the parent does or does not want SMS. The parent is
 * every sibling's, so each student's page and every count of whom a message reaches refresh.
 */
export function useUpdateParentSms(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, optedOut }: { parentId: number; optedOut: boolean }) =>
      api.patch<ParentSmsAnswer>(`/parents/${parentId}/sms/`, { opted_out: optedOut }),
    onSuccess: ({ parent }) => {
      queryClient.setQueryData<StudentDetail>(studentQueryKey(studentId), (student) =>
        student?.parent ? { ...student, parent: { ...student.parent, ...parent } } : student,
      );
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['students', 'detail'],
          predicate: (q) => q.queryKey[2] !== studentId,
        }),
        queryClient.invalidateQueries({ queryKey: ['messages'] }),
        queryClient.invalidateQueries({ queryKey: ['results', 'sms_preview'] }),
        queryClient.invalidateQueries({ queryKey: ['audit_log'] }),
      ]);
    },
  });
}
