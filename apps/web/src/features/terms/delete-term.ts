import type { Term } from '@shule/shared/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { termsQueryKey } from '../../lib/queries/terms';
import { useSession } from '../../lib/session';

export const deleteTerm = (id: number) => api.delete(`/fees/terms/${id}/`);

export function useDeleteTerm() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteTerm(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Term[]>(termsQueryKey(school?.id), (old) =>
        old?.filter((t) => t.id !== id),
      );
      queryClient.invalidateQueries({ queryKey: ['terms'] });
      queryClient.invalidateQueries({ queryKey: ['academic-years'] });
    },
  });
}
