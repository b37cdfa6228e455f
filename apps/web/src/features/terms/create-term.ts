import type { Term, termFormSchema } from '@shule/shared/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export type TermValues = z.output<typeof termFormSchema>;

export const createTerm = (values: TermValues, schoolId: number) =>
  api.post<Term>('/fees/terms/', { ...values, school: schoolId });

/** A year's terms decide whether it may be deleted, so years are refreshed too. */
export function useCreateTerm() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (values: TermValues) => createTerm(values, school!.id),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['terms'] });
      queryClient.invalidateQueries({ queryKey: ['academic-years'] });
    },
  });
}
