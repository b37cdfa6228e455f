import type { TermList } from '@shule/shared/terms';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const termsQueryKey = (schoolId: number | undefined) => ['terms', 'list', schoolId] as const;

export const getTerms = (schoolId: number) =>
  api.get<TermList>(`/fees/terms/?school=${schoolId}`).then((r) => r.terms);

export function useTerms() {
  const { school } = useSession();
  return useQuery({
    queryKey: termsQueryKey(school?.id),
    queryFn: () => getTerms(school!.id),
    enabled: school != null,
  });
}
