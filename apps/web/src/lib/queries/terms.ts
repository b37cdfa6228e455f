import type { TermList } from '@shule/shared/terms';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's terms: the terms screen lists them and the exam dialog picks an exam's term.
 * Every key under ['terms'] is refreshed when one changes.
 */
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
