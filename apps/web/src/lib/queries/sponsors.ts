import type { CreateSponsorBody, Sponsor, SponsorList } from '@shule/shared/fee-ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * The school's sponsors (county and CDF bursaries, churches, NGOs, the government), by name:
 * the fees screen lists them and a student's page names one for a bursary. Under ['fees'], so a
 * credit anywhere refreshes their totals.
 */
export const sponsorsQueryKey = ['fees', 'sponsors'] as const;

export function useSponsors({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: sponsorsQueryKey,
    queryFn: () => api.get<SponsorList>('/fees/sponsors/').then((r) => r.sponsors),
    enabled,
  });
}

export function useCreateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSponsorBody) => api.post<Sponsor>('/fees/sponsors/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sponsorsQueryKey }),
  });
}
