import {
  ADJUSTMENT_KINDS,
  type LedgerAdjustmentBody,
  type LedgerEntryResponse,
  ledgerAdjustmentBody,
  type ReverseEntryBody,
} from '@shule/shared/fee-ledger';
import { kesInputField } from '@shule/shared/fees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

/** Every fee query (balances, collection, this statement) is under ['fees']. */
const FEES_KEY = ['fees'] as const;

/**
 * A credit that is not money at the counter: a waiver or discount (naming who granted it), a
 * bursary (naming its sponsor) or the government's capitation. The amount is typed in
 * shillings; the API's own rules (granted by, sponsor) give the field messages.
 */
export const feeCreditFormSchema = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS),
    amount: kesInputField,
    granted_by: z.string(),
    sponsor: z.string(),
    note: z.string(),
  })
  .transform(
    (v): LedgerAdjustmentBody => ({
      kind: v.kind,
      amount_cents: v.amount,
      ...(v.granted_by.trim() && (v.kind === 'waiver' || v.kind === 'discount')
        ? { granted_by: v.granted_by }
        : {}),
      ...(v.sponsor && v.kind === 'bursary' ? { sponsor: Number(v.sponsor) } : {}),
      ...(v.note.trim() ? { note: v.note } : {}),
    }),
  )
  .pipe(ledgerAdjustmentBody);
export type FeeCreditForm = z.input<typeof feeCreditFormSchema>;
export type FeeCreditValues = z.output<typeof feeCreditFormSchema>;

/** Adds a credit to the student's ledger, sent once with the submission's Idempotency-Key. */
export function useAddFeeCredit(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: LedgerAdjustmentBody; key: string }) =>
      api.post<LedgerEntryResponse>(`/students/${studentId}/ledger/`, body, {
        idempotencyKey: key,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

/** Reverses an entry (once) by a new entry that names why; nothing is deleted. */
export function useReverseEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      entryId,
      body,
      key,
    }: {
      entryId: number;
      body: ReverseEntryBody;
      key: string;
    }) =>
      api.post<LedgerEntryResponse>(`/ledger_entries/${entryId}/reverse/`, body, {
        idempotencyKey: key,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}
