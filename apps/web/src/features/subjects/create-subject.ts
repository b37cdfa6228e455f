import type { Subject, subjectFormSchema } from '@shule/shared/subjects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export type SubjectValues = z.output<typeof subjectFormSchema>;

export const createSubject = (values: SubjectValues, schoolId: number) =>
  api.post<Subject>('/grades/subjects/', { ...values, school: schoolId });

/** A new subject also changes which score inputs each class's students get. */
export function useCreateSubject() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (values: SubjectValues) => createSubject(values, school!.id),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['subjects'] });
      queryClient.invalidateQueries({ queryKey: ['scores'] });
    },
  });
}
