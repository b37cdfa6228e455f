import type { Term } from '@shule/shared/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { TermValues } from './create-term';

export const updateTerm = (id: number, values: Partial<TermValues>) =>
  api.patch<Term>(`/fees/terms/${id}/`, values);

export function useUpdateTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: TermValues }) => updateTerm(id, values),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['terms'] });
      queryClient.invalidateQueries({ queryKey: ['academic-years'] });
    },
  });
}
