import type {
  AssignPaymentResponse,
  ResolveReviewResponse,
  UnmatchedResponse,
} from '@shule/shared/mpesa';
import type { StudentListResponse } from '@shule/shared/students';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { FEES_KEY } from './get-fee-categories';

/** The review queue: payments no admission number matched, held or in conflict, oldest first. */
export function useUnmatchedPayments(page: number) {
  return useQuery({
    queryKey: [...FEES_KEY, 'unmatched', page],
    queryFn: () => api.get<UnmatchedResponse>(`/payments/unmatched/?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export const assignPayment = (paymentId: number, studentId: number) =>
  api.post<AssignPaymentResponse>(`/payments/${paymentId}/assign/`, { student: studentId });

/** Credits a queued payment to the student it was meant for. */
export function useAssignPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, studentId }: { paymentId: number; studentId: number }) =>
      assignPayment(paymentId, studentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

/** Marks a review (a receipt another school recorded, a reference recorded twice) looked at. */
export function useResolveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) =>
      api.post<ResolveReviewResponse>(`/payments/reviews/${reviewId}/resolve/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

/** Students of every class matching a name or admission number, to assign a payment to. */
export function useStudentSearch(search: string) {
  const { school } = useSession();
  const query = search.trim();
  return useQuery({
    queryKey: ['students', 'search', school?.id, query],
    queryFn: () =>
      api.get<StudentListResponse>(
        `/students/get_students/0/${school!.id}/?${new URLSearchParams({ search: query, page_size: '10', status: 'all' })}`,
      ),
    enabled: school != null && query.length > 0,
    placeholderData: keepPreviousData,
  });
}
