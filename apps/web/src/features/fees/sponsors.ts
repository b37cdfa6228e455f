import type { CapitationBody, CapitationResult, SponsorStatement } from '@shule/shared/fee-ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

/** Every credit a sponsor gave, oldest first. */
export function useSponsorStatement(sponsorId: number | null) {
  return useQuery({
    queryKey: [...FEES_KEY, 'sponsor-statement', sponsorId],
    queryFn: () => api.get<SponsorStatement>(`/fees/sponsors/${sponsorId}/statement/`),
    enabled: sponsorId != null,
  });
}

/** The government's capitation instalment for every active student of the classes, once. */
export function useRecordCapitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CapitationBody; key: string }) =>
      api.post<CapitationResult>('/fees/capitation/', body, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}
