import type { Message } from '@shule/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  REPORTS_REFETCH_MS,
  REPORTS_WAIT_MS,
  refetchIntervalOf,
  SENDING_REFETCH_MS,
} from './get-messages';

const sentAt = Date.parse('2026-11-26T10:00:00Z');
const message = (status: Message['status'], sent: number, delivered: number): Message => ({
  id: 1,
  kind: 'broadcast',
  content: 'Habari',
  class_names: ['4 East'],
  exam: null,
  status,
  recipients: sent + delivered,
  counts: { queued: 0, sending: 0, sent, delivered, failed: 0 },
  skipped_no_consent: 0,
  skipped_opted_out: 0,
  parts: 1,
  estimated_cost: '1.60',
  cost: '1.60',
  test_mode: false,
  created_at: new Date(sentAt).toISOString(),
});

describe('refetchIntervalOf', () => {
  it('asks often while sending, then now and then while delivery reports may still come', () => {
    expect(refetchIntervalOf(message('sending', 0, 0), sentAt + 1000)).toBe(SENDING_REFETCH_MS);
    expect(refetchIntervalOf(message('sent', 1, 1), sentAt + 60_000)).toBe(REPORTS_REFETCH_MS);
    expect(refetchIntervalOf(message('sent', 0, 2), sentAt + 60_000)).toBe(false);
    expect(refetchIntervalOf(message('sent', 1, 1), sentAt + REPORTS_WAIT_MS + 1)).toBe(false);
  });
});
